import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, TEST_ADMIN_TOKEN, TestApp } from '../../test/harness.ts';
import { AdminRequestError, HELP, parseAdminCommand, runAdminCommand, UsageError, type AdminCommand } from './admin-command.ts';

describe('parseAdminCommand', () => {
  it('reads every command', () => {
    expect(parseAdminCommand([])).toEqual({ kind: 'help' });
    expect(parseAdminCommand(['--help'])).toEqual({ kind: 'help' });
    expect(parseAdminCommand(['users', 'list', '--limit', '5'])).toEqual({ kind: 'users-list', limit: 5, json: false });
    expect(parseAdminCommand(['credits', 'grant', 'a@b.co', '5_000', '--reason', 'Refund'])).toEqual({
      kind: 'credits-grant',
      email: 'a@b.co',
      amount: 5000,
      reason: 'Refund',
    });
    expect(parseAdminCommand(['users', 'reset-link', 'a@b.co'])).toEqual({ kind: 'users-reset-link', email: 'a@b.co' });
    expect(parseAdminCommand(['plans', 'list', '--json'])).toEqual({ kind: 'plans-list', json: true });
    expect(parseAdminCommand(['subscriptions', 'list'])).toEqual({ kind: 'subscriptions-list', json: false });
    expect(parseAdminCommand(['subscriptions', 'approve', 'abc'])).toEqual({ kind: 'subscriptions-approve', pendingChangeId: 'abc' });
    expect(parseAdminCommand(['subscriptions', 'reject', 'abc'])).toEqual({ kind: 'subscriptions-reject', pendingChangeId: 'abc' });
  });

  it('turns plan options into a patch', () => {
    const command = parseAdminCommand([
      'plans', 'edit', 'starter',
      '--monthly-price', '9',
      '--monthly-credits', '50000',
      '--popular', 'true',
      '--badge', 'none',
      '--feature', 'apiAccess=false',
      '--rate', 'musicPer30Seconds=150',
      '--display-name', 'Starter+',
    ]);
    expect(command).toEqual({
      kind: 'plans-edit',
      name: 'starter',
      patch: {
        monthlyPrice: 9,
        monthlyCredits: 50_000,
        popular: true,
        badge: null,
        features: { apiAccess: false },
        rates: { musicPer30Seconds: 150 },
        displayName: 'Starter+',
      },
    });
  });

  it.each([
    [['users', 'delete']],
    [['credits', 'grant', 'a@b.co']],
    [['credits', 'grant', 'a@b.co', 'lots']],
    [['plans', 'edit', 'platinum', '--popular', 'true']],
    [['plans', 'edit', 'free']],
    [['plans', 'edit', 'free', '--popular', 'yes']],
    [['plans', 'edit', 'free', '--feature', 'teleport=true']],
    [['subscriptions', 'approve']],
    [['subscriptions', 'cancel', 'abc']],
  ])('refuses %j with a usage message', (argv) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
  });
});

describe('runAdminCommand against a running server', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await TestApp.start({ database });
    baseUrl = await t.listen();
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  async function run(argv: string[], token = TEST_ADMIN_TOKEN, url = baseUrl): Promise<string> {
    let output = '';
    const command: AdminCommand = parseAdminCommand(argv);
    await runAdminCommand(command, { baseUrl: url, token, write: (text) => (output += text) });
    return output;
  }

  it('prints help', async () => {
    expect(await run(['--help'])).toBe(HELP);
  });

  it('lists users and grants credits', async () => {
    const user = await t.register({ name: 'Cli Person' });
    expect(await run(['credits', 'grant', user.email, '1500', '--reason', 'Welcome back'])).toBe(
      `Granted 1,500 credits to ${user.email}; balance is now 11,500.\n`,
    );
    const listing = await run(['users', 'list']);
    expect(listing.split('\n')[0]).toMatch(/^Email\s+Name\s+Plan\s+Credits\s+Created$/);
    expect(listing).toMatch(new RegExp(`${user.email.replace(/[.]/g, '\\.')}\\s+Cli Person\\s+Free Plan\\s+11,500`));
    expect(JSON.parse(await run(['users', 'list', '--json']))).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: user.email, credits: 11_500 })]),
    );
  });

  it('gives a password reset link that works once (servers without SMTP)', async () => {
    const user = await t.register();
    const output = await run(['users', 'reset-link', user.email]);
    expect(output).toContain(`Password reset link for ${user.email}`);
    const link = new URL(output.trim().split('\n').at(-1) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${baseUrl}/reset-password`);
    const body = { token: link.searchParams.get('token'), password: 'Copper-Lantern-58#' };
    expect((await t.request({ method: 'POST', url: '/api/auth/reset-password', body })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/reset-password', body })).statusCode).toBe(400);
    await expect(run(['users', 'reset-link', 'nobody@example.com'])).rejects.toThrow(/No account uses nobody@example.com/);
  });

  it('lists and edits plans', async () => {
    expect(await run(['plans', 'list'])).toMatch(/^creator\s+Creator\s+active\s+22\s+211\.2\s+100,000\s+30\s+yes\s+Most popular$/m);
    const output = await run(['plans', 'edit', 'enterprise', '--monthly-price', '300', '--badge', 'Talk to us']);
    expect(output).toMatch(/^enterprise\s+Enterprise\s+active\s+300\s+2880\s+2,000,000\s+660\s+Talk to us$/m);
  });

  it('explains a refused token, an unknown email and a server that is not running', async () => {
    await expect(run(['users', 'list'], 'wrong-token-wrong-token')).rejects.toThrow(/refused the admin token/);
    await expect(run(['credits', 'grant', 'ghost@example.com', '5'])).rejects.toThrow('No account uses ghost@example.com (NOT_FOUND)');
    const down = run(['users', 'list'], TEST_ADMIN_TOKEN, 'http://127.0.0.1:9');
    await expect(down).rejects.toThrow(AdminRequestError);
    await expect(down).rejects.toThrow('Cannot reach the Sound Studio server at http://127.0.0.1:9. Is it running?');
  });
});
