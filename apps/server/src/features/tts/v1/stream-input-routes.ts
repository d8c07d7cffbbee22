import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocketServer } from 'ws';
import { apiKeyOfRequest } from '../../../lib/api-keys/key-format.ts';
import { ttsServiceFor } from '../service.ts';
import { CLOSE_GOING_AWAY, CLOSE_POLICY, StreamInputSession, streamInputQuerySchema, type StreamInputDependencies } from './stream-input-session.ts';

/** ElevenLabs' input-streaming paths: one text stream, or several under context ids (multi-stream-input). */
const STREAM_INPUT_PATH = /^\/v1\/text-to-speech\/([^/]+)\/(stream-input|multi-stream-input)$/;
/** One text message is at most a few thousand characters; anything much larger is not a client of this protocol. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The input-streaming WebSockets on the API's HTTP server. Upgrades are routed by path: this one is ours, the
 * realtime socket's (/socket.io) stays socket.io's. The handshake is accepted first and the key checked after, from
 * its headers or from the first message, so both of ElevenLabs' ways of sending it work.
 */
export const streamInputRoutes: FastifyPluginAsync = async (app) => {
  const service = ttsServiceFor(app);
  const deps: StreamInputDependencies = {
    service,
    speech: app.speech,
    files: app.files,
    log: app.log,
    db: app.db,
    nowMs: () => app.clock.now(),
    authenticate: (token) => app.apiKeys.authenticate(token),
  };
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = STREAM_INPUT_PATH.exec(url.pathname);
    if (!match) return;
    server.handleUpgrade(request, socket, head, (webSocket) => {
      const query = streamInputQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) {
        const message = `Invalid ${query.error.issues[0]?.path.join('.') ?? 'query'}: ${query.error.issues[0]?.message ?? ''}`;
        webSocket.send(JSON.stringify({ message, error: 'validation_error', code: CLOSE_POLICY }));
        webSocket.close(CLOSE_POLICY, 'Invalid query');
        return;
      }
      const voiceId = decodeURIComponent(match[1] ?? '');
      const mode = match[2] === 'multi-stream-input' ? 'multi' : 'single';
      new StreamInputSession(webSocket, deps, voiceId, query.data, apiKeyOfRequest(request.headers), mode).start();
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of server.clients) client.close(CLOSE_GOING_AWAY, 'Server shutting down');
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
};
