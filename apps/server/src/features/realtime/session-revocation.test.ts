import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, openTestDatabase, STRONG_PASSWORD, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { connectUserSocket, disconnection, handshakeRefusal } from '../../../test/sockets.ts';
import { tokenWithClaims } from '../../../test/signed-claims.ts';

const PROBE_EVENT = 'music_track_updated';

let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;
const openSockets: Socket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  baseUrl = await t.listen();
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.close();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

async function socketFor(session: AuthSession): Promise<Socket> {
  const socket = await connectUserSocket(baseUrl, session.accessToken);
  openSockets.push(socket);
  return socket;
}

async function secondSession(user: RegisteredUser): Promise<AuthSession> {
  const reply = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: STRONG_PASSWORD } });
  return dataOf<AuthSession>(reply);
}

/** Events the socket receives from now on. */
function receivedEvents(socket: Socket): unknown[] {
  const events: unknown[] = [];
  socket.on(PROBE_EVENT, (payload: unknown) => events.push(payload));
  return events;
}

describe("revoking a session closes its '/user' sockets", () => {
  it('on logout: the socket is closed, gets no further events, and cannot come back with the old token', async () => {
    const user = await t.register();
    const other = await secondSession(user);
    const revokedSocket = await socketFor(user.session);
    const otherSocket = await socketFor(other);
    const revokedEvents = receivedEvents(revokedSocket);
    const closed = disconnection(revokedSocket);

    await t.request({ method: 'POST', url: '/api/auth/logout', token: user.session.accessToken, body: {} });
    expect(await closed).toBe('io server disconnect');

    const delivered = new Promise((resolve) => otherSocket.once(PROBE_EVENT, resolve));
    t.app.realtime.emitToUser(user.session.user.id, PROBE_EVENT, { id: 'after-logout' });
    expect(await delivered).toEqual({ id: 'after-logout' });
    expect(revokedEvents).toEqual([]);
    expect(otherSocket.connected).toBe(true);
    expect(await handshakeRefusal(baseUrl, user.session.accessToken)).toBe('SESSION_REVOKED');
  });

  it("on password change: the other sessions' sockets close, the caller's stays", async () => {
    const user = await t.register();
    const other = await secondSession(user);
    const callerSocket = await socketFor(user.session);
    const otherSocket = await socketFor(other);
    const closed = disconnection(otherSocket);

    const reply = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      token: user.session.accessToken,
      body: { currentPassword: STRONG_PASSWORD, newPassword: 'Another-Strong-Pass-7!' },
    });
    expect(reply.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');

    const delivered = new Promise((resolve) => callerSocket.once(PROBE_EVENT, resolve));
    t.app.realtime.emitToUser(user.session.user.id, PROBE_EVENT, { id: 'after-password-change' });
    expect(await delivered).toEqual({ id: 'after-password-change' });
    expect(callerSocket.connected).toBe(true);
  });

  it('on refresh-token reuse: the whole family is revoked and its socket closes', async () => {
    const user = await t.register();
    const socket = await socketFor(user.session);
    const closed = disconnection(socket);
    const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/api/auth/refresh', body: { refreshToken } });

    expect((await refresh(user.session.refreshToken)).statusCode).toBe(200);
    t.clock.advanceSeconds(t.config.refreshReuseGraceSeconds + 1);
    expect((await refresh(user.session.refreshToken)).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
  });
});

describe("the '/user' handshake", () => {
  it('refuses a token signed with the right secret whose session id is not a UUID', async () => {
    const user = await t.register();
    const nowSeconds = Math.floor(t.clock.now() / 1000);
    const forged = tokenWithClaims(t.config.jwtSecret, { sub: user.session.user.id, sid: 'not-a-uuid', iat: nowSeconds, exp: nowSeconds + 900 });
    expect(await handshakeRefusal(baseUrl, forged)).toBe('UNAUTHORIZED');
    // The server is still serving sockets.
    expect(await handshakeRefusal(baseUrl, user.session.accessToken)).toBeUndefined();
  });
});
