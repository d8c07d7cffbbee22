import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_NAMESPACES } from '@sound-studio/shared';

/** A '/user' socket of a listening test app, connected (or rejected) before the promise settles. */
export async function connectUserSocket(baseUrl: string, accessToken: string): Promise<Socket> {
  const socket = connect(`${baseUrl}${REALTIME_NAMESPACES.user}`, {
    auth: { token: accessToken },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** Resolves with the reason the socket disconnected. */
export function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** The error code a rejected handshake carries in `connect_error`'s data; undefined when the socket connected. */
export async function handshakeRefusal(baseUrl: string, accessToken: string): Promise<string | undefined> {
  try {
    (await connectUserSocket(baseUrl, accessToken)).close();
    return undefined;
  } catch (error) {
    const data: unknown = error instanceof Error && 'data' in error ? error.data : undefined;
    return typeof data === 'object' && data !== null && 'code' in data ? String(data.code) : 'no code';
  }
}
