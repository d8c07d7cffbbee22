import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@sound-studio/shared';

/** Section 7: polling first then websocket, 5 reconnect attempts 1 s apart, 20 s connect timeout. */
export const SOCKET_OPTIONS = {
  path: REALTIME_PATH,
  transports: ['polling', 'websocket'],
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 20000,
  withCredentials: true,
} as const;

type Listener = Parameters<Socket['on']>[1];

/** A page's hold on a namespace's events: its listeners, dropped with `disconnect()`. */
export interface RealtimeSubscription {
  on(event: string, listener: Listener): RealtimeSubscription;
  disconnect(): void;
}

interface SharedConnection {
  socket: Socket;
  holders: number;
  opening: ReturnType<typeof setTimeout>;
}

/** One connection per namespace, shared by every hook that listens there (the header's and the page's alike). */
const connections = new Map<string, SharedConnection>();

function sharedConnection(namespace: string, auth?: () => Record<string, string>): SharedConnection {
  const existing = connections.get(namespace);
  if (existing) return existing;
  const socket = io(namespace, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    autoConnect: false,
    ...(auth ? { auth: (callback: (data: object) => void) => callback(auth()) } : {}),
  });
  // Opened in a task of its own: listeners are added in the commit that draws a page, and opening the connection
  // there (an engine, a polling request) made that long task longer.
  const connection = { socket, holders: 0, opening: setTimeout(() => socket.connect(), 0) };
  connections.set(namespace, connection);
  return connection;
}

/**
 * Listens on a namespace of this origin. `auth` is asked on every (re)connect, so a refreshed access token is used
 * after a reconnect; the namespace's connection is shared, and the first holder's `auth` is the one it asks. The
 * connection closes when its last holder disconnects.
 */
export function connectNamespace(namespace: string, auth?: () => Record<string, string>): RealtimeSubscription {
  const connection = sharedConnection(namespace, auth);
  connection.holders += 1;
  const listeners: [string, Listener][] = [];
  let released = false;
  const subscription: RealtimeSubscription = {
    on(event, listener) {
      if (!released) {
        connection.socket.on(event, listener);
        listeners.push([event, listener]);
      }
      return subscription;
    },
    disconnect() {
      if (released) return;
      released = true;
      for (const [event, listener] of listeners) connection.socket.off(event, listener);
      connection.holders -= 1;
      if (connection.holders > 0) return;
      clearTimeout(connection.opening);
      connection.socket.disconnect();
      connections.delete(namespace);
    },
  };
  return subscription;
}
