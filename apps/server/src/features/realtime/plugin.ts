import type { FastifyPluginAsync } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { REALTIME_EVENTS, REALTIME_NAMESPACES, REALTIME_PATH } from '@sound-studio/shared';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { authenticateAccessToken, isSessionOpen } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionRoom, useRedisAdapter, userRoom } from '../../lib/realtime-hub.ts';

interface UserSocketData {
  userId: string;
  sessionId: string;
}

/** Error shape socket.io hands to the client's `connect_error` listener. */
type HandshakeError = Error & { data?: { code: string } };

export interface RealtimePluginOptions {
  /** The database's NOTIFY feed (see DatabaseHandle.listen). */
  listen: DatabaseHandle['listen'];
}

/** Channel of the credit_transactions trigger (migration 0009): its payload is the user id. */
const CREDIT_CHANGES_CHANNEL = 'credit_changes';

/**
 * socket.io on the API's HTTP server: '/public' for everyone, '/user' for clients whose handshake carries a valid
 * access token (`auth: { token }`). With Redis, events reach the clients of every server node.
 */
export const realtimePlugin: FastifyPluginAsync<RealtimePluginOptions> = async (app, options) => {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  const adapterClients = app.redis ? useRedisAdapter(io, app.redis, `${app.config.redisKeyPrefix}socket.io`) : [];

  io.of(REALTIME_NAMESPACES.public);
  const userNamespace = io.of(REALTIME_NAMESPACES.user);
  userNamespace.use((socket: Socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    authenticateAccessToken(app.db, app.config.jwtSecret, app.clock.now(), typeof token === 'string' ? token : undefined)
      .then((auth) => {
        socket.data = { userId: auth.userId, sessionId: auth.sessionId } satisfies UserSocketData;
        next();
      })
      .catch((error: unknown) => next(handshakeError(error)));
  });
  userNamespace.on('connection', (socket: Socket) => {
    void joinUserRooms(app.db, socket).catch((error: unknown) => {
      app.log.warn({ err: error }, 'realtime: closing a socket whose session could not be checked');
      socket.disconnect(true);
    });
  });

  app.realtime.attach(io);

  // Every ledger change, committed by any process (this node, another node, a worker, the admin CLI), reaches the
  // user's open pages. Each node hears the database itself, so it tells only its own sockets.
  const stopListening = await options.listen(CREDIT_CHANGES_CHANNEL, (userId) => {
    userNamespace.local.to(userRoom(userId)).emit(REALTIME_EVENTS.creditsChanged);
  });

  // Sockets must go before the HTTP server closes, or open websockets would keep it waiting.
  app.addHook('preClose', async () => {
    await stopListening();
    app.realtime.detach();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(adapterClients.map((client) => client.quit()));
  });
};

/**
 * Joins the user's room (events must reach a socket as soon as the client sees it connected) and the session's room,
 * then checks the session once more: a revocation that landed between the handshake and the join found no socket in
 * the session room to close, but the database shows it by now.
 */
async function joinUserRooms(db: Database, socket: Socket): Promise<void> {
  const auth = socket.data as UserSocketData;
  await socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
  if (!(await isSessionOpen(db, auth))) socket.disconnect(true);
}

function handshakeError(error: unknown): HandshakeError {
  const appError = error instanceof AppError ? error : new AppError('UNAUTHORIZED', 'Authentication required');
  const result: HandshakeError = new Error(appError.message);
  result.data = { code: appError.code };
  return result;
}
