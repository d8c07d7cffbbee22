import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, TestApp, uniqueEmail } from '../../../test/harness.ts';

const WRONG_PASSWORD = 'Wrong-Password-1!';
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

function login(app: TestApp, email: string, password: string, remoteAddress?: string) {
  return app.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, remoteAddress });
}

describe('login limit: 5 failed attempts per 15 minutes per email', () => {
  it('counts down, warns from 2 left, blocks after the 5th failure and lets the user back after 15 minutes', async () => {
    const { email } = await t.register();
    const failures = [];
    for (let attempt = 0; attempt < 5; attempt += 1) failures.push(errorOf(await login(t, email, WRONG_PASSWORD)));
    expect(failures.map((failure) => failure.details)).toEqual([4, 3, 2, 1, 0].map((attemptsRemaining) => ({ attemptsRemaining })));
    expect(failures.map((failure) => failure.error)).toEqual([
      'Invalid email or password',
      'Invalid email or password',
      'Invalid email or password (2 attempts remaining)',
      'Invalid email or password (1 attempts remaining)',
      'Invalid email or password (0 attempts remaining)',
    ]);

    // Blocked, even with the right password.
    const blocked = await login(t, email, STRONG_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(errorOf(blocked)).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      error: 'Too many login attempts. Please try again in 15 minutes.',
      details: { scope: 'login', retryAfterSeconds: 900 },
    });

    t.clock.advanceSeconds(14 * 60);
    expect(errorOf(await login(t, email, STRONG_PASSWORD)).details).toEqual({ scope: 'login', retryAfterSeconds: 60 });
    expect(errorOf(await login(t, email, STRONG_PASSWORD)).error).toBe('Too many login attempts. Please try again in 1 minute.');

    t.clock.advanceSeconds(60);
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('starts again after a successful login', async () => {
    const { email } = await t.register();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(t, email, WRONG_PASSWORD);
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(errorOf(await login(t, email, WRONG_PASSWORD)).details).toEqual({ attemptsRemaining: 4 });
  });

  it('forgets failures once the 15-minute window has passed', async () => {
    const { email } = await t.register();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(t, email, WRONG_PASSWORD);
    t.clock.advanceSeconds(15 * 60);
    expect(errorOf(await login(t, email, WRONG_PASSWORD)).details).toEqual({ attemptsRemaining: 4 });
  });

  it('counts parallel guesses before checking them: 29 wrong then the right password never gets in', async () => {
    const { email } = await t.register();
    const guesses = [...Array.from({ length: 29 }, () => WRONG_PASSWORD), STRONG_PASSWORD];
    const replies = await Promise.all(guesses.map((password) => login(t, email, password)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
    expect(errorOf(replies[4]!).error).toBe('Invalid email or password (0 attempts remaining)');
    // Refused while the five checks ran (retry in a second: they might have been the owner's) or once they had failed.
    for (const refused of replies.slice(5)) {
      expect(['1', '900']).toContain(refused.headers['retry-after']);
      expect(errorOf(refused).details).toEqual({ scope: 'login', retryAfterSeconds: Number(refused.headers['retry-after']) });
    }
    // Five failures: the block is real now, even for the right password.
    const blocked = await login(t, email, STRONG_PASSWORD);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(errorOf(blocked).error).toBe('Too many login attempts. Please try again in 15 minutes.');
  });

  it('lets parallel correct logins through, or asks for a retry in a second that then succeeds', async () => {
    const { email } = await t.register();
    const replies = await Promise.all(Array.from({ length: 8 }, () => login(t, email, STRONG_PASSWORD)));
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(replies.length - refused.length).toBeGreaterThanOrEqual(5);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(429);
      expect(reply.headers['retry-after']).toBe('1');
      expect(errorOf(reply).details).toEqual({ scope: 'login', retryAfterSeconds: 1 });
      expect(errorOf(reply).error).toBe('Too many login attempts. Please try again in 1 second.');
    }
    // The retry the 429s promised works, and the successes used up none of the attempts.
    for (const _reply of refused) expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(errorOf(await login(t, email, WRONG_PASSWORD)).details).toEqual({ attemptsRemaining: 4 });
  });

  it('counts per normalised email, for unknown emails too', async () => {
    const email = uniqueEmail('nobody');
    for (let attempt = 0; attempt < 5; attempt += 1) await login(t, ` ${email.toUpperCase()} `, WRONG_PASSWORD);
    expect((await login(t, email, WRONG_PASSWORD)).statusCode).toBe(429);
    expect(errorOf(await login(t, uniqueEmail('other'), WRONG_PASSWORD)).details).toEqual({ attemptsRemaining: 4 });
  });
});

describe('registration limit: 3 attempts per hour per email', () => {
  function register(app: TestApp, email: string) {
    return app.request({
      method: 'POST',
      url: '/api/auth/register',
      body: { name: 'Repeat Registrant', email, password: STRONG_PASSWORD },
    });
  }

  it('blocks the 4th attempt for an hour, then allows again', async () => {
    const { email } = await t.register();
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await register(t, email)).statusCode).toBe(409);
    const blocked = await register(t, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('3600');
    expect(errorOf(blocked)).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      error: 'Too many registration attempts. Please try again in 1 hour.',
      details: { scope: 'register', retryAfterSeconds: 3600 },
    });
    t.clock.advanceSeconds(60 * 60);
    expect((await register(t, email)).statusCode).toBe(409);
  });

  it('starts again after a successful registration', async () => {
    const first = await t.register();
    const email = first.email;
    await register(t, email);
    await register(t, email);
    // The first owner moves away, so the email can be registered (successfully) again.
    await t.request({
      method: 'PUT',
      url: '/api/auth/update-profile',
      token: first.session.accessToken,
      body: { name: first.name, email: uniqueEmail('moved') },
    });
    expect((await register(t, email)).statusCode).toBe(201);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await register(t, email)).statusCode).toBe(409);
    expect((await register(t, email)).statusCode).toBe(429);
  });
});

describe('API limit: requests per minute per user, or per address when signed out', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await TestApp.start({ database, env: { RATE_LIMIT_API_MAX: '5' } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('limits anonymous calls per address', async () => {
    const from = (remoteAddress: string) => limited.request({ url: '/api/auth/plans', remoteAddress });
    for (let call = 0; call < 5; call += 1) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const blocked = await from('10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(errorOf(blocked)).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      error: 'Too many requests. Please try again in 1 minute.',
      details: { scope: 'api', retryAfterSeconds: 60 },
    });
    expect((await from('10.0.0.2')).statusCode).toBe(200);

    limited.clock.advanceSeconds(60);
    expect((await from('10.0.0.1')).statusCode).toBe(200);
  });

  it('limits signed-in calls per user, wherever they come from', async () => {
    const signUp = async (remoteAddress: string) =>
      dataOf<AuthSession>(
        await limited.request({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress,
          body: { name: 'Busy User', email: uniqueEmail('busy'), password: STRONG_PASSWORD },
        }),
      );
    const alice = await signUp('10.1.0.1');
    const bob = await signUp('10.1.0.2');
    const me = (token: string, remoteAddress: string) => limited.request({ url: '/api/auth/me', token, remoteAddress });

    for (let call = 0; call < 5; call += 1) expect((await me(alice.accessToken, `10.2.0.${call}`)).statusCode).toBe(200);
    expect((await me(alice.accessToken, '10.2.0.99')).statusCode).toBe(429);
    expect((await me(bob.accessToken, '10.2.0.1')).statusCode).toBe(200);
    // Signed out from the same address is a different caller.
    expect((await limited.request({ url: '/api/auth/plans', remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('does not apply to health checks', async () => {
    for (let call = 0; call < 8; call += 1) {
      expect((await limited.request({ url: '/api/health', remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
    }
  });
});
