import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession, CsrfTokenReply, MessageReply, UserReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, TestApp } from '../../../test/harness.ts';
import { tokenWithClaims } from '../../../test/signed-claims.ts';

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

function refresh(app: TestApp, refreshToken: string) {
  return app.request({ method: 'POST', url: '/api/auth/refresh', body: { refreshToken } });
}

describe('refresh tokens', () => {
  it('rotates the pair: the new tokens work, the old refresh token does not', async () => {
    const { session } = await t.register();
    const reply = await refresh(t, session.refreshToken);
    expect(reply.statusCode).toBe(200);
    const rotated = dataOf<AuthSession>(reply);
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect(rotated.user).toEqual(session.user);
    expect((await t.request({ url: '/api/auth/me', token: rotated.accessToken })).statusCode).toBe(200);

    const next = await refresh(t, rotated.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  it('treats reuse of a rotated token after the grace window as theft and revokes the whole family', async () => {
    const { session } = await t.register();
    const rotated = dataOf<AuthSession>(await refresh(t, session.refreshToken));

    t.clock.advanceSeconds(t.config.refreshReuseGraceSeconds + 1);
    const replay = await refresh(t, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('SESSION_REVOKED');

    // Every token of the family is dead now: the rotated refresh token and both access tokens.
    expect(errorOf(await refresh(t, rotated.refreshToken)).code).toBe('SESSION_REVOKED');
    expect(errorOf(await t.request({ url: '/api/auth/me', token: rotated.accessToken })).code).toBe('SESSION_REVOKED');
    expect(errorOf(await t.request({ url: '/api/auth/me', token: session.accessToken })).code).toBe('SESSION_REVOKED');
  });

  it('leaves the other sessions of the user alone', async () => {
    const user = await t.register();
    const second = dataOf<AuthSession>(
      await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: STRONG_PASSWORD } }),
    );
    await refresh(t, user.session.refreshToken);
    t.clock.advanceSeconds(t.config.refreshReuseGraceSeconds + 1);
    expect(errorOf(await refresh(t, user.session.refreshToken)).code).toBe('SESSION_REVOKED');
    expect((await t.request({ url: '/api/auth/me', token: second.accessToken })).statusCode).toBe(200);
  });

  it('gives the token rotated moments ago (a second tab) the same new refresh token instead of revoking', async () => {
    const { session } = await t.register();
    const [first, second] = (await Promise.all([refresh(t, session.refreshToken), refresh(t, session.refreshToken)])).map(
      (reply) => dataOf<AuthSession>(reply),
    );
    expect(second!.refreshToken).toBe(first!.refreshToken);
    expect((await t.request({ url: '/api/auth/me', token: second!.accessToken })).statusCode).toBe(200);

    t.clock.advanceSeconds(t.config.refreshReuseGraceSeconds);
    expect(dataOf<AuthSession>(await refresh(t, session.refreshToken)).refreshToken).toBe(first!.refreshToken);
    // The chain goes on from the shared token, and the token before it is now too old to be a second tab.
    const next = dataOf<AuthSession>(await refresh(t, first!.refreshToken));
    expect(next.refreshToken).not.toBe(first!.refreshToken);
    expect(errorOf(await refresh(t, session.refreshToken)).code).toBe('SESSION_REVOKED');
    expect(errorOf(await refresh(t, next.refreshToken)).code).toBe('SESSION_REVOKED');
  });

  it('revokes when a token older than the one just rotated comes back, even within the grace window', async () => {
    const { session } = await t.register();
    const rotated = dataOf<AuthSession>(await refresh(t, session.refreshToken));
    const rotatedAgain = dataOf<AuthSession>(await refresh(t, rotated.refreshToken));
    const replay = await refresh(t, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('SESSION_REVOKED');
    expect(errorOf(await t.request({ url: '/api/auth/me', token: rotatedAgain.accessToken })).code).toBe('SESSION_REVOKED');
  });

  it('has no grace window when REFRESH_REUSE_GRACE_SECONDS is 0', async () => {
    const strict = await TestApp.start({ database, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    try {
      const { session } = await strict.register();
      expect((await refresh(strict, session.refreshToken)).statusCode).toBe(200);
      expect(errorOf(await refresh(strict, session.refreshToken)).code).toBe('SESSION_REVOKED');
    } finally {
      await strict.close();
    }
  });

  it('rejects unknown tokens and missing fields', async () => {
    const unknown = await refresh(t, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown).code).toBe('UNAUTHORIZED');
    const missing = await t.request({ method: 'POST', url: '/api/auth/refresh', body: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).error).toBe('Refresh token is required');
  });

  it('expires after 30 days', async () => {
    const { session } = await t.register();
    t.clock.advanceSeconds(30 * 24 * 60 * 60);
    const reply = await refresh(t, session.refreshToken);
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply)).toMatchObject({ code: 'UNAUTHORIZED', error: 'Refresh token expired' });
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes with TOKEN_EXPIRED, and a refresh brings a working one', async () => {
    const { session } = await t.register();
    t.clock.advanceSeconds(15 * 60 - 1);
    expect((await t.request({ url: '/api/auth/validate', token: session.accessToken })).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await t.request({ url: '/api/auth/validate', token: session.accessToken });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toMatchObject({ code: 'TOKEN_EXPIRED' });

    const rotated = dataOf<AuthSession>(await refresh(t, session.refreshToken));
    expect((await t.request({ url: '/api/auth/validate', token: rotated.accessToken })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const { session } = await t.register();
    const reply = await t.request({ method: 'POST', url: '/api/auth/logout', token: session.accessToken });
    expect(reply.statusCode).toBe(200);
    expect(dataOf<MessageReply>(reply)).toEqual({ message: 'Logged out' });

    const me = await t.request({ url: '/api/auth/me', token: session.accessToken });
    expect(me.statusCode).toBe(401);
    expect(errorOf(me).code).toBe('SESSION_REVOKED');
    expect(errorOf(await refresh(t, session.refreshToken)).code).toBe('SESSION_REVOKED');
  });

  it("also ends the session of a refresh token sent in the body, when it is the caller's", async () => {
    const user = await t.register();
    const other = await t.register();
    const second = dataOf<AuthSession>(
      await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: STRONG_PASSWORD } }),
    );
    await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: user.session.accessToken,
      body: { refreshToken: second.refreshToken },
    });
    expect(errorOf(await t.request({ url: '/api/auth/me', token: second.accessToken })).code).toBe('SESSION_REVOKED');

    // With a valid bearer token, someone else's refresh token is ignored.
    const third = dataOf<AuthSession>(
      await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: STRONG_PASSWORD } }),
    );
    await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: third.accessToken,
      body: { refreshToken: other.session.refreshToken },
    });
    expect(dataOf<UserReply>(await t.request({ url: '/api/auth/me', token: other.session.accessToken })).user.id).toBe(
      other.session.user.id,
    );
  });

  it('works with only the refresh token once the access token has expired', async () => {
    const { session } = await t.register();
    t.clock.advanceSeconds(16 * 60);
    const reply = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(reply.statusCode).toBe(200);
    expect(errorOf(await refresh(t, session.refreshToken)).code).toBe('SESSION_REVOKED');

    const other = await t.register();
    const withoutBearer = await t.request({ method: 'POST', url: '/api/auth/logout', body: { refreshToken: other.session.refreshToken } });
    expect(withoutBearer.statusCode).toBe(200);
    expect(errorOf(await t.request({ url: '/api/auth/me', token: other.session.accessToken })).code).toBe('SESSION_REVOKED');
  });

  it('needs a bearer token or a known refresh token', async () => {
    const unknown = await t.request({ method: 'POST', url: '/api/auth/logout', body: { refreshToken: 'y'.repeat(43) } });
    expect(unknown.statusCode).toBe(401);

    const reply = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply).code).toBe('UNAUTHORIZED');
  });
});

describe('CSRF protection', () => {
  it('issues a token valid for one hour', async () => {
    const reply = await t.request({ url: '/api/auth/csrf-token' });
    expect(reply.statusCode).toBe(200);
    const { token, expiresAt } = dataOf<CsrfTokenReply>(reply);
    expect(Date.parse(expiresAt)).toBe(t.clock.now() + 60 * 60 * 1000);

    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      csrf: false,
      headers: { 'x-csrf-token': token },
      body: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/register'],
    ['PUT', '/api/auth/update-profile'],
    ['PUT', '/api/auth/change-password'],
  ] as const)('refuses %s %s without a token', async (method, url) => {
    const reply = await t.request({ method, url, csrf: false, body: {} });
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply)).toEqual({ success: false, code: 'CSRF_INVALID', error: 'Invalid or missing CSRF token' });
  });

  it('refuses forged and expired tokens', async () => {
    const forged = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      csrf: false,
      headers: { 'x-csrf-token': '9999999999.nonce.signature' },
      body: {},
    });
    expect(forged.statusCode).toBe(403);

    const token = t.csrfToken();
    t.clock.advanceSeconds(60 * 60);
    const expired = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      csrf: false,
      headers: { 'x-csrf-token': token },
      body: {},
    });
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).code).toBe('CSRF_INVALID');
  });

  it('is off when CSRF_PROTECTION=false', async () => {
    const relaxed = await TestApp.start({ database, env: { CSRF_PROTECTION: 'false' } });
    try {
      const reply = await relaxed.request({
        method: 'POST',
        url: '/api/auth/login',
        csrf: false,
        body: { email: 'nobody@example.com', password: 'whatever' },
      });
      expect(reply.statusCode).toBe(401);
      expect(errorOf(reply).code).toBe('INVALID_CREDENTIALS');
    } finally {
      await relaxed.close();
    }
  });
});

describe('access tokens signed with the right secret but with claims we never sign', () => {
  it('are refused with 401 in the error envelope, not a query error', async () => {
    const { session } = await t.register();
    const nowSeconds = Math.floor(t.clock.now() / 1000);
    const claims = { sub: session.user.id, sid: 'not-a-uuid', iat: nowSeconds, exp: nowSeconds + 900 };
    for (const forged of [claims, { ...claims, sid: 12 }, { ...claims, sub: 'admin' }]) {
      const reply = await t.request({ url: '/api/auth/me', token: tokenWithClaims(t.config.jwtSecret, forged) });
      expect(reply.statusCode).toBe(401);
      expect(errorOf(reply)).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Invalid access token' });
    }
  });
});
