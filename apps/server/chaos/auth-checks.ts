import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_NAMESPACES, REALTIME_PATH } from '@sound-studio/shared';
import type { ApiClient } from './api-client.ts';
import type { ReplyAudit } from './reply-audit.ts';
import type { Report } from './report.ts';

const GUESSES = 30;
const SOCKET_WAIT_MS = 10_000;

/** Sends one login and resolves with its status once the request bytes are on the wire (`sent`) and answered. */
function login(baseUrl: string, csrfToken: string, email: string, password: string) {
  const base = new URL(baseUrl);
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/api/auth/login',
        // A fresh connection each, as 30 browser tabs would open.
        agent: false,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.on('finish', () => markSent());
    outgoing.end(JSON.stringify({ email, password }));
  });
  return { sent, answered };
}

/**
 * 30 logins for one email at once, 29 wrong and then the right one (sent once the wrong ones are on the wire): at
 * most RATE_LIMIT_LOGIN_MAX are checked against the password (401), the rest are refused (429), the right one too.
 */
export async function runLoginGuesses(client: ApiClient, audit: ReplyAudit, report: Report, limit: number): Promise<void> {
  const email = 'guessed@chaos.example.com';
  const user = await client.register(email);
  const csrfToken = await client.csrfToken();
  const wrong = Array.from({ length: GUESSES - 1 }, (_, index) => login(client.baseUrl, csrfToken, email, `Wrong-Password-${index}!`));
  await Promise.all(wrong.map((attempt) => attempt.sent));
  const right = login(client.baseUrl, csrfToken, email, user.password);
  const replies = await Promise.all([...wrong, right].map((attempt) => attempt.answered));
  for (const reply of replies) {
    audit.record('parallel login', { status: reply.status, headers: { 'content-type': 'application/json' }, body: Buffer.from(reply.body), elapsedMs: 0 });
  }
  const statuses = replies.map((reply) => reply.status);
  const tally = (status: number) => statuses.filter((candidate) => candidate === status).length;
  const summary = `${tally(401)}×401, ${tally(429)}×429, ${tally(200)}×200 (right password last: ${statuses.at(-1)})`;
  report.check(`login: at most ${limit} of ${GUESSES} parallel guesses reach the password check`, tally(401) <= limit, summary);
  report.check('login: the right password after the limit is refused, not 200', statuses.at(-1) === 429, summary);
}

function connectUserSocket(baseUrl: string, token: string): Socket {
  return io(`${baseUrl}${REALTIME_NAMESPACES.user}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

function waitForEvent(socket: Socket, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once(event, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A /user socket opened with the access token is disconnected by logout, and the token no longer opens one. */
export async function runSocketRevocation(client: ApiClient, report: Report): Promise<void> {
  const user = await client.register('socket@chaos.example.com');
  const token = user.session.accessToken;
  const socket = connectUserSocket(client.baseUrl, token);
  try {
    const connected = socket.connected || (await waitForEvent(socket, 'connect', SOCKET_WAIT_MS));
    report.check('socket: /user connects with the access token', connected);
    const disconnected = waitForEvent(socket, 'disconnect', SOCKET_WAIT_MS);
    const logout = await client.json('POST', '/api/auth/logout', {}, token);
    report.check('socket: logout succeeds', logout.status === 200, `got ${logout.status}`);
    report.check('socket: logout disconnects the open /user socket', connected && (await disconnected), `still connected ${SOCKET_WAIT_MS / 1000} s after logout`);
  } finally {
    socket.close();
  }
  const retry = connectUserSocket(client.baseUrl, token);
  try {
    const refused = await waitForEvent(retry, 'connect_error', SOCKET_WAIT_MS);
    report.check('socket: the revoked token cannot open a new /user socket', refused && !retry.connected);
  } finally {
    retry.close();
  }
}
