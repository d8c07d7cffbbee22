import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_LIMITS, REALTIME_NAMESPACES, type Plan, type UserReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, uniqueEmail } from '../../../test/harness.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import type { AdminUser } from './schemas.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

const ADMIN = { 'x-admin-token': TEST_ADMIN_TOKEN };

function admin(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  // The admin API is authenticated by the operator key, so it needs no CSRF token.
  return t.request({ method, url, body, headers: ADMIN, csrf: false });
}

describe('operator key', () => {
  it.each([
    ['missing', {}],
    ['wrong', { 'x-admin-token': 'not-the-admin-token-at-all' }],
  ])('is required (%s => 403 FORBIDDEN)', async (_label, headers) => {
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/credits/grant'],
      ['PATCH', '/api/admin/plans/free'],
    ] as const) {
      const reply = await t.request({ method, url, headers, csrf: false, body: method === 'GET' ? undefined : {} });
      expect(reply.statusCode).toBe(403);
      expect(errorOf(reply).code).toBe('FORBIDDEN');
    }
  });

  it('guards every route under /api/admin, whichever feature adds it', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const adminCalls = Object.entries(document.paths)
      .filter(([route]) => route.startsWith('/api/admin/'))
      .flatMap(([route, operations]) => Object.keys(operations).map((method) => [method.toUpperCase(), route] as const));
    // The operator API of the admin feature and the featured catalogue's (music feature) at least.
    expect(adminCalls.map(([, route]) => route)).toEqual(
      expect.arrayContaining(['/api/admin/users', '/api/admin/music/featured']),
    );
    for (const [method, route] of adminCalls) {
      const url = route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const reply = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect([method, route, reply.statusCode]).toEqual([method, route, 403]);
    }
  });

  it('is not accepted as a user token', async () => {
    const reply = await t.request({ url: '/api/auth/me', token: TEST_ADMIN_TOKEN });
    expect(reply.statusCode).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts with plan and credits', async () => {
    const user = await t.register({ name: 'Listed Person' });
    const users = dataOf<{ users: AdminUser[] }>(await admin('GET', '/api/admin/users')).users;
    expect(users.find((entry) => entry.email === user.email)).toEqual({
      id: user.session.user.id,
      email: user.email,
      name: 'Listed Person',
      plan: 'free',
      subscription: 'Free Plan',
      credits: 10_000,
      createdAt: expect.any(String),
    });
  });
});

describe('POST /api/admin/credits/grant', () => {
  it('grants credits through the ledger', async () => {
    const user = await t.register();
    const reply = await admin('POST', '/api/admin/credits/grant', {
      email: user.email.toUpperCase(),
      amount: 2500,
      reason: 'Support ticket 42',
    });
    expect(reply.statusCode).toBe(200);
    const result = dataOf<{ user: AdminUser; granted: number }>(reply);
    expect(result).toMatchObject({ granted: 2500, user: { email: user.email, credits: 12_500 } });
    expect(await balanceAndLedger(t.db, user.session.user.id)).toEqual({ balance: 12_500, ledgerSum: 12_500 });
    const me = dataOf<UserReply>(await t.request({ url: '/api/auth/me', token: user.session.accessToken }));
    expect(me.user.credits).toBe(12_500);
  });

  it('answers 404 for an unknown email and 400 for a bad amount', async () => {
    const unknown = await admin('POST', '/api/admin/credits/grant', { email: uniqueEmail('ghost'), amount: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const negative = await admin('POST', '/api/admin/credits/grant', { email: 'a@b.co', amount: -5 });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(firstFieldMessages(negative))).toEqual(['amount']);
  });

  it('bounds a grant and the balance it leads to, so the credits column cannot overflow', async () => {
    const user = await t.register();
    const tooLarge = await admin('POST', '/api/admin/credits/grant', { email: user.email, amount: 1e9 });
    expect(tooLarge.statusCode).toBe(400);
    expect(Object.keys(firstFieldMessages(tooLarge))).toEqual(['amount']);

    const grants = [];
    for (let index = 0; index < 10; index++) {
      grants.push(await admin('POST', '/api/admin/credits/grant', { email: user.email, amount: CREDIT_LIMITS.maxGrant }));
    }
    expect(grants.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 400]);
    expect(firstFieldMessages(grants[9]!)).toEqual({ amount: 'A balance cannot exceed 1000000000 credits' });
    expect((await balanceAndLedger(t.db, user.session.user.id)).balance).toBe(10_000 + 9 * CREDIT_LIMITS.maxGrant);
  });
});

describe('PATCH /api/admin/plans/:name', () => {
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    baseUrl = await t.listen();
  });

  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  function connectUser(token: string | undefined): Socket {
    const socket = connect(`${baseUrl}${REALTIME_NAMESPACES.user}`, {
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  function connected(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  it('edits the plan, recomputes the yearly price and tells every signed-in client', async () => {
    const user = await t.register();
    const socket = connectUser(user.session.accessToken);
    await connected(socket);
    const received = new Promise<Plan>((resolve) => socket.once('plan_updated', resolve));

    const reply = await admin('PATCH', '/api/admin/plans/starter', {
      monthlyPrice: 9,
      monthlyCredits: 50_000,
      popular: true,
      badge: 'New price',
      features: { voiceIsolator: false },
      rates: { musicPer30Seconds: 150 },
    });
    expect(reply.statusCode).toBe(200);
    const plan = dataOf<Plan>(reply);
    expect(plan).toMatchObject({
      name: 'starter',
      display: { popular: true, badge: 'New price', order: 2 },
      pricing: { monthly: { amount: 9 }, yearly: { amount: 86.4, discount: 20 } },
      credits: { monthly: 50_000, rates: { music: { per30Seconds: 150 }, tts: { perCharacter: 1 } } },
      features: { voiceIsolator: false, apiAccess: true },
    });
    expect(await received).toEqual(plan);

    const publicPlans = dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }));
    expect(publicPlans.find((candidate) => candidate.name === 'starter')).toEqual(plan);
  });

  it('refuses rates and allowances large enough to overflow a cost or a balance', async () => {
    for (const patch of [
      { rates: { ttsPerCharacter: 1e9 } },
      { rates: { musicPer30Seconds: 1e9 } },
      { monthlyCredits: 1e9 },
      { customVoices: 1e9 },
      { order: 9007199254740991 },
    ]) {
      const reply = await admin('PATCH', '/api/admin/plans/starter', patch);
      expect(reply.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(reply).code).toBe('VALIDATION_ERROR');
    }
  });

  it('takes a plan off sale: an inactive plan leaves the public list and comes back when reactivated', async () => {
    expect((await admin('PATCH', '/api/admin/plans/enterprise', { status: 'inactive' })).statusCode).toBe(200);
    const onSale = dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }));
    expect(onSale.map((candidate) => candidate.name)).not.toContain('enterprise');
    await admin('PATCH', '/api/admin/plans/enterprise', { status: 'active' });
    const restored = dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }));
    expect(restored.map((candidate) => candidate.name)).toContain('enterprise');
  });

  it('keeps operator edits when the plans are seeded again at the next start', async () => {
    await admin('PATCH', '/api/admin/plans/pro', { displayName: 'Pro Studio', yearlyPrice: 999 });
    const restarted = await TestApp.start({ database });
    try {
      const plans = dataOf<Plan[]>(await restarted.request({ url: '/api/auth/plans' }));
      expect(plans.find((candidate) => candidate.name === 'pro')).toMatchObject({
        displayName: 'Pro Studio',
        pricing: { monthly: { amount: 99 }, yearly: { amount: 999 } },
      });
    } finally {
      await restarted.close();
    }
  });

  it("renames the users' subscription label with the plan", async () => {
    const user = await t.register();
    await admin('PATCH', '/api/admin/plans/free', { displayName: 'Free Forever' });
    const me = dataOf<UserReply>(await t.request({ url: '/api/auth/me', token: user.session.accessToken }));
    expect(me.user.subscription).toBe('Free Forever');
    await admin('PATCH', '/api/admin/plans/free', { displayName: 'Free Plan' });
  });

  it('validates the plan name and the patch', async () => {
    expect((await admin('PATCH', '/api/admin/plans/platinum', { popular: true })).statusCode).toBe(400);
    const empty = await admin('PATCH', '/api/admin/plans/free', {});
    expect(errorOf(empty).error).toBe('Nothing to change');
    const unknownField = await admin('PATCH', '/api/admin/plans/free', { price: 3 });
    expect(unknownField.statusCode).toBe(400);
    const badPrice = await admin('PATCH', '/api/admin/plans/free', { monthlyPrice: -1 });
    expect(Object.keys(firstFieldMessages(badPrice))).toEqual(['monthlyPrice']);
  });

  it('refuses /user connections without a valid token; /public needs none', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const error = await connected(connectUser(token)).catch((failure: unknown) => failure);
      expect(error).toMatchObject({ message: expect.stringMatching(/Authentication required|Invalid access token/), data: { code: 'UNAUTHORIZED' } });
    }
    const user = await t.register();
    await t.request({ method: 'POST', url: '/api/auth/logout', token: user.session.accessToken });
    const revoked = await connected(connectUser(user.session.accessToken)).catch((failure: unknown) => failure);
    expect(revoked).toMatchObject({ data: { code: 'SESSION_REVOKED' } });

    // Default transports, as the web client uses them: long-polling first, then the websocket upgrade.
    const publicSocket = connect(`${baseUrl}${REALTIME_NAMESPACES.public}`, { reconnection: false });
    sockets.push(publicSocket);
    await connected(publicSocket);
  });
});
