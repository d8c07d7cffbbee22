import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, TestApp, uniqueEmail } from '../../../test/harness.ts';
import { MailCatcher, resetLinkIn } from '../../../test/mail-catcher.ts';

const PUBLIC_URL = 'https://studio.example.test';
const NEW_PASSWORD = 'Copper-Lantern-58#';

let database: DatabaseHandle;
let mail: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  mail = await MailCatcher.start();
  t = await TestApp.start({
    database,
    env: { SMTP_URL: mail.url, MAIL_FROM: 'Sound Studio <no-reply@studio.example.test>', PUBLIC_URL },
  });
});

afterAll(async () => {
  await t?.close();
  await mail?.close();
  await database?.close();
});

/** Each test asks from its own address, so the per-address limit of one test does not spill into the next. */
function forgot(email: string, remoteAddress: string) {
  return t.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email }, remoteAddress });
}

function reset(token: string, password = NEW_PASSWORD) {
  return t.request({ method: 'POST', url: '/api/auth/reset-password', body: { token, password } });
}

function login(email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
}

async function requestLink(email: string, remoteAddress: string): Promise<string> {
  expect((await forgot(email, remoteAddress)).statusCode).toBe(200);
  const token = resetLinkIn(await mail.nextMessageTo(email)).searchParams.get('token');
  if (!token) throw new Error('the link has no token');
  return token;
}

describe('forgot password', () => {
  it('emails a link that sets the password once and signs out every session', async () => {
    const user = await t.register({ name: 'Dr. Ada Lovelace' });
    const otherDevice = dataOf<AuthSession>(await login(user.email, STRONG_PASSWORD));

    const known = await forgot(user.email, '10.0.1.1');
    const unknown = await forgot(uniqueEmail('nobody'), '10.0.1.1');
    // The same answer whether or not the address has an account.
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toEqual(known.body);

    const message = await mail.nextMessageTo(user.email);
    expect(message.from).toContain('<no-reply@studio.example.test>');
    expect(message.subject).toBe('Reset your Sound Studio password');
    expect(message.text).toContain('Hello Dr. Ada Lovelace,');
    expect(message.text).toContain('expires in 30 minutes');
    const link = resetLinkIn(message);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(message.html).toContain(link.toString().replaceAll('&', '&#38;'));

    // Someone guessed until the email was blocked; proving the mailbox lifts the block.
    for (let attempt = 0; attempt < t.config.rateLimits.login.max; attempt += 1) await login(user.email, 'Wrong-Guess-00!');
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(429);

    const token = link.searchParams.get('token') ?? '';
    expect((await reset(token, 'abcdef')).statusCode).toBe(400);
    expect(dataOf(await reset(token))).toEqual({ message: 'Your password has been reset. Sign in with your new password.' });

    for (const session of [user.session, otherDevice]) {
      expect(errorOf(await t.request({ url: '/api/auth/me', token: session.accessToken })).code).toBe('SESSION_REVOKED');
      const refreshed = await t.request({ method: 'POST', url: '/api/auth/refresh', body: { refreshToken: session.refreshToken } });
      expect(errorOf(refreshed).code).toBe('SESSION_REVOKED');
    }
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Another-Pass-91!');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'RESET_LINK_INVALID', error: expect.stringContaining('already used') });
  });

  it('refuses a link after 30 minutes, and an unknown token', async () => {
    const user = await t.register();
    const token = await requestLink(user.email, '10.0.2.1');
    t.clock.advanceSeconds(30 * 60 + 1);
    expect(errorOf(await reset(token)).code).toBe('RESET_LINK_INVALID');
    expect(errorOf(await reset('not-a-token')).code).toBe('RESET_LINK_INVALID');
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('writes the email in the language saved in the preferences, linking the Turkish page', async () => {
    const user = await t.register({ name: 'Şükrü Öztürk' });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/preferences',
      token: user.session.accessToken,
      body: { preferences: { ui: { language: 'tr' } } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await forgot(user.email, '10.0.3.1')).statusCode).toBe(200);
    const message = await mail.nextMessageTo(user.email);
    expect(message.subject).toBe('Sound Studio şifrenizi sıfırlayın');
    expect(message.text).toContain('Merhaba Şükrü Öztürk,');
    expect(resetLinkIn(message).pathname).toBe('/tr/reset-password');
  });

  it('limits requests per email and per address, known or not', async () => {
    const email = uniqueEmail('limited');
    const { max } = t.config.rateLimits.passwordReset;
    for (let index = 0; index < max; index += 1) expect((await forgot(email, `10.0.4.${index}`)).statusCode).toBe(200);
    const perEmail = await forgot(email, '10.0.4.200');
    expect(perEmail.statusCode).toBe(429);
    expect(errorOf(perEmail).details).toMatchObject({ scope: 'passwordReset' });

    for (let index = 0; index < max; index += 1) expect((await forgot(uniqueEmail('spread'), '10.0.5.1')).statusCode).toBe(200);
    expect((await forgot(uniqueEmail('spread'), '10.0.5.1')).statusCode).toBe(429);
  });
});

describe('forgot password without SMTP', () => {
  it('answers the same and sends nothing; the operator hands out a link instead', async () => {
    const plain = await TestApp.start({ database });
    try {
      const user = await plain.register();
      const reply = await plain.request({ method: 'POST', url: '/api/auth/forgot-password', body: { email: user.email } });
      expect(dataOf(reply)).toEqual({ message: 'If an account exists for this email, a link to reset its password is on its way.' });
      expect(mail.messages.filter((message) => message.to.includes(user.email))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
