import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3 } from '../codec/mp3.ts';
import { sine } from '../codec/test-signals.ts';
import { keepAliveLikeHostedApi, parseJson, readBody, sendJson } from './fake-http.ts';

const SECONDS_PER_CHARACTER = 0.06;

export interface FakeOpenAiSpeechServer {
  /** Ends in `/v1`, as clients are configured. */
  baseUrl: string;
  requests: Array<{ method: string; path: string; body: unknown; authorization: string | undefined }>;
  close(): Promise<void>;
}

export type FakeOpenAiBehaviour =
  /** Kokoro-FastAPI: `GET /v1/audio/voices` answers `{ voices: [...] }`, speech needs no key. */
  | { kind: 'kokoro'; voices: string[] }
  /** Answers every request with this status and an OpenAI-style error body. */
  | { kind: 'status'; status: number }
  /** Accepts the connection, never answers (a hung upstream). */
  | { kind: 'silent' };

/**
 * An OpenAI-compatible speech server shaped like Kokoro-FastAPI (`POST /v1/audio/speech` with `model`, `input`,
 * `voice`, `response_format`, `speed`; `GET /v1/audio/voices`), or one that refuses or hangs, for the failure cases.
 */
export async function startFakeOpenAiSpeechServer(behaviour: FakeOpenAiBehaviour, options: { port?: number } = {}): Promise<FakeOpenAiSpeechServer> {
  const requests: FakeOpenAiSpeechServer['requests'] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    void handle(request, response).catch(() => sendJson(response, 500, { error: { message: 'fake failed' } }));
  });
  keepAliveLikeHostedApi(server);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = parseJson(await readBody(request));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, authorization: request.headers.authorization });
    if (behaviour.kind === 'silent') return;
    if (behaviour.kind === 'status') return sendJson(response, behaviour.status, { error: { message: `status ${behaviour.status}`, type: 'invalid_request_error' } });
    if (request.method === 'GET' && url.pathname === '/v1/audio/voices') return sendJson(response, 200, { voices: behaviour.voices });
    if (request.method !== 'POST' || url.pathname !== '/v1/audio/speech') return sendJson(response, 404, { detail: 'Not Found' });
    const speech = body as { input?: unknown; voice?: unknown; response_format?: unknown };
    if (typeof speech.input !== 'string' || typeof speech.voice !== 'string' || !behaviour.voices.includes(speech.voice)) {
      return sendJson(response, 400, { detail: { error: 'validation_error', message: 'Voice not found' } });
    }
    const pcm = speech.response_format === 'pcm';
    // About as long as the text would take to say, so a player has something to play.
    const tone = sine(330, Math.max(0.5, speech.input.length * SECONDS_PER_CHARACTER), 24_000);
    const bytes = pcm ? pcm16(tone) : await encodeMp3(tone, { sampleRate: 24_000 });
    response.writeHead(200, { 'content-type': pcm ? 'audio/pcm' : 'audio/mpeg' });
    const half = Math.ceil(bytes.length / 2);
    response.write(bytes.subarray(0, half));
    response.end(bytes.subarray(half));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

function pcm16(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, index) => view.setInt16(index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true));
  return bytes;
}
