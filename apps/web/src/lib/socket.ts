import type { io as createSocket, Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@sound-studio/shared';
import { afterFirstPageDrawn } from './first-page.ts';
import { whenIdle } from './idle.ts';

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
  /**
   * Runs `listener` each time the connection is made. The server keeps no backlog: what it sent before the connection
   * opened (it opens after the first page is drawn, while the page's data may already have been read) or while it was
   * down never arrives, so a holder reads again what its events keep fresh.
   */
  onConnect(listener: () => void): RealtimeSubscription;
  disconnect(): void;
}

interface SharedConnection {
  /**
   * socket.io's client, loaded and made when the connection opens: it is not needed to draw a page, and evaluating it
   * (the engine, its transports) lengthened the task that starts the studio's frame.
   */
  socket: Socket | null;
  /** Every holder's listeners, put on the socket when it is made. */
  listeners: Array<[string, Listener]>;
  holders: number;
  /** Set once the last holder has left: an opening still under way stops. */
  closed: boolean;
  /** Stops an opening that has not happened yet. */
  cancelOpening: () => void;
}

/** One connection per namespace, shared by every hook that listens there (the header's and the page's alike). */
const connections = new Map<string, SharedConnection>();

function sharedConnection(namespace: string, auth?: () => Record<string, string>): SharedConnection {
  const existing = connections.get(namespace);
  if (existing) return existing;
  const connection: SharedConnection = { socket: null, listeners: [], holders: 0, closed: false, cancelOpening: () => {} };
  connection.cancelOpening = openLater(() => void openConnection(namespace, connection, auth));
  connections.set(namespace, connection);
  return connection;
}

/** Tries to load socket.io's client again this long after a failed load, as often as socket.io would reconnect. */
const CLIENT_RETRY_MS = 5_000;

async function openConnection(namespace: string, connection: SharedConnection, auth?: () => Record<string, string>, attempt = 1): Promise<void> {
  let io: typeof createSocket;
  try {
    ({ io } = await import('socket.io-client'));
  } catch {
    // The client's chunk did not load (a network blip): try again later, while the connection still has holders.
    if (!connection.closed && attempt <= SOCKET_OPTIONS.reconnectionAttempts) {
      const retry = setTimeout(() => void openConnection(namespace, connection, auth, attempt + 1), CLIENT_RETRY_MS);
      connection.cancelOpening = () => clearTimeout(retry);
    }
    return;
  }
  if (connection.closed) return;
  const socket = io(namespace, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    autoConnect: false,
    ...(auth ? { auth: (callback: (data: object) => void) => callback(auth()) } : {}),
  });
  for (const [event, listener] of connection.listeners) socket.on(event, listener);
  connection.socket = socket;
  socket.connect();
}

/** The longest an idle moment is waited for once the page is drawn. */
const OPEN_WITHIN_MS = 2_000;
/** Opens anyway this long after it was asked for, should no page be drawn (a page chunk that failed to load). */
const OPEN_ANYWAY_MS = 15_000;

/**
 * Opens the connection once the first page is drawn, when the browser is next idle. Live updates are not needed to
 * draw a page (its data comes with its queries), and the handshake (an engine, four polling requests, the websocket
 * upgrade) ran beside the studio's first load: Lighthouse's mobile run on /text-to-speech measured a blocking-time
 * median of 1,683 ms with it at boot and 1,314 ms without (4 interleaved runs).
 */
function openLater(connect: () => void): () => void {
  let waiting = true;
  const open = () => {
    if (!waiting) return;
    waiting = false;
    clearTimeout(anyway);
    connect();
  };
  const anyway = setTimeout(open, OPEN_ANYWAY_MS);
  afterFirstPageDrawn(() => whenIdle(open, OPEN_WITHIN_MS));
  return () => {
    waiting = false;
    clearTimeout(anyway);
  };
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
        connection.listeners.push([event, listener]);
        connection.socket?.on(event, listener);
        listeners.push([event, listener]);
      }
      return subscription;
    },
    onConnect(listener) {
      // socket.io's own event, on the first connection and on every return after a drop.
      return subscription.on('connect', listener);
    },
    disconnect() {
      if (released) return;
      released = true;
      for (const [event, listener] of listeners) {
        // One registration each, as socket.off removes one: another holder may have given the same function.
        const index = connection.listeners.findIndex(([otherEvent, other]) => otherEvent === event && other === listener);
        if (index >= 0) connection.listeners.splice(index, 1);
        connection.socket?.off(event, listener);
      }
      connection.holders -= 1;
      if (connection.holders > 0) return;
      connection.closed = true;
      connection.cancelOpening();
      connection.socket?.disconnect();
      connections.delete(namespace);
    },
  };
  return subscription;
}
