import { vi } from 'vitest';

type Handler = (payload: unknown) => void;

/** Stands in for a socket.io client socket: records listeners and lets a test emit server events. */
export class FakeSocket {
  readonly handlers = new Map<string, Handler[]>();
  disconnected = false;

  constructor(
    readonly namespace: string,
    readonly auth?: () => Record<string, string>,
  ) {}

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  onConnect(handler: () => void): this {
    return this.on('connect', handler);
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** The connection is made, or made again after a drop (what `onConnect` listens for). */
  connect(): void {
    this.serverEmit('connect');
  }

  /** Delivers an event as the server would. */
  serverEmit(event: string, payload?: unknown): void {
    if (this.disconnected) return;
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

export const connectedSockets: FakeSocket[] = [];

/** The replacement for lib/socket.ts: `vi.mock('…/lib/socket.ts', () => import('…/test/fake-socket.ts').then((m) => m.fakeSocketModule()))`. */
export function fakeSocketModule() {
  return {
    SOCKET_OPTIONS: {},
    connectNamespace: vi.fn((namespace: string, auth?: () => Record<string, string>) => {
      const socket = new FakeSocket(namespace, auth);
      connectedSockets.push(socket);
      return socket;
    }),
  };
}

/** The open sockets of a namespace. */
export function socketsOf(namespace: string): FakeSocket[] {
  return connectedSockets.filter((socket) => socket.namespace === namespace && !socket.disconnected);
}
