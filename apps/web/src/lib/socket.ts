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

/**
 * Connects to a namespace on this origin. `auth` is asked on every (re)connect, so a refreshed access token is used
 * after a reconnect.
 */
export function connectNamespace(namespace: string, auth?: () => Record<string, string>): Socket {
  return io(namespace, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    ...(auth ? { auth: (callback: (data: object) => void) => callback(auth()) } : {}),
  });
}
