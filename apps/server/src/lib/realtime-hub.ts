import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { REALTIME_NAMESPACES } from '@sound-studio/shared';

/** Room of one user's sockets in the '/user' namespace. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** Room of the sockets opened with one session's access tokens, so revoking the session can close them. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * How features send realtime events without knowing about socket.io. Until the realtime plugin attaches a server
 * (or after it closes) events are dropped: nobody can be listening.
 */
export class RealtimeHub {
  #io: Server | null = null;

  attach(io: Server): void {
    this.#io = io;
  }

  detach(): void {
    this.#io = null;
  }

  /** To every signed-in client, e.g. `plan_updated`. */
  emitToAllUsers(event: string, payload: unknown): void {
    this.#io?.of(REALTIME_NAMESPACES.user).emit(event, payload);
  }

  emitToUser(userId: string, event: string, payload: unknown): void {
    this.#io?.of(REALTIME_NAMESPACES.user).to(userRoom(userId)).emit(event, payload);
  }

  /**
   * Closes the '/user' sockets of revoked sessions on every node (the Redis adapter forwards the request), so they
   * receive no further events; reconnecting fails at the handshake because the session is revoked.
   */
  disconnectSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.#io?.of(REALTIME_NAMESPACES.user).in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** To every client of the public namespace, e.g. featured-music changes. */
  emitPublic(event: string, payload: unknown): void {
    this.#io?.of(REALTIME_NAMESPACES.public).emit(event, payload);
  }
}

/**
 * Sends the server's events (and socket requests) through Redis to every node, so events from a process without the
 * client's socket (another API node, `npm run worker`) reach it. Returns the two connections it opened.
 */
export function useRedisAdapter(io: Server, redis: Redis, channelPrefix: string): Redis[] {
  const publisher = redis.duplicate();
  const subscriber = redis.duplicate();
  io.adapter(createAdapter(publisher, subscriber, { key: channelPrefix }));
  return [publisher, subscriber];
}
