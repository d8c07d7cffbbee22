import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3, MP3_BITRATES, type Mp3Bitrate } from '../codec/mp3.ts';
import { hasContentType, parseJson, readBody, sendJson } from './fake-http.ts';
import { errorReply, fillReply, minimaxStatus, T2A_FIXTURE, validateAgainst } from './minimax-fixtures.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type FakeFailure = { statusCode: number; statusMsg: string } | { httpStatus: number };

export interface FakeMiniMaxServer {
  baseUrl: string;
  apiKey: string;
  requests: ReceivedRequest[];
  /** The next request gets this failure instead of audio. */
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

const [method, path] = T2A_FIXTURE.endpoint.split(' ');

/** Every way a body departs from the documented t2a_v2 request (fixtures/t2a_v2.json), plus what the fake serves. */
export function validateSpeechRequest(body: unknown): string[] {
  const problems = validateAgainst(T2A_FIXTURE.request.fields, body);
  if (problems.length > 0 || typeof body !== 'object' || body === null) return problems;
  const { stream, audio_setting: audio } = body as { stream?: boolean; audio_setting?: { format?: string } };
  if (stream === true) problems.push('the fake only serves stream: false');
  if (audio?.format !== undefined && audio.format !== 'mp3') problems.push('the fake only serves audio_setting.format mp3');
  return problems;
}

/**
 * A local stand-in for MiniMax's POST /v1/t2a_v2 on 127.0.0.1 and a random port. It checks requests against the
 * documented fields and answers in the documented shape: HTTP 200 with base_resp error codes, or hex-encoded MP3 (a
 * tone whose length follows the text and speed) with extra_info.
 */
export async function startFakeMiniMaxServer(options: { apiKey?: string } = {}): Promise<FakeMiniMaxServer> {
  const apiKey = options.apiKey ?? 'test-minimax-key';
  const requests: ReceivedRequest[] = [];
  const failures: FakeFailure[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, errorReply(minimaxStatus('unknown_error').code, String(error))));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = parseJson(await readBody(request));
    requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    if (request.method !== method || url.pathname !== path) return sendJson(response, 404, { error: 'not found' });
    const failure = failures.shift();
    if (failure && 'httpStatus' in failure) return sendJson(response, failure.httpStatus, { error: 'fake HTTP failure' });
    if (failure) return sendJson(response, 200, errorReply(failure.statusCode, failure.statusMsg));
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendStatus(response, 'not_authorized');
    if (!hasContentType(request, T2A_FIXTURE.request.contentType)) return sendStatus(response, 'invalid_params', `content-type must be ${T2A_FIXTURE.request.contentType}`);
    const problems = validateSpeechRequest(body);
    if (problems.length > 0) return sendStatus(response, 'invalid_params', problems.join('; '));
    sendJson(response, 200, await speechReply(body as SpeechBody));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function sendStatus(response: ServerResponse, name: string, detail?: string): void {
  const status = minimaxStatus(name);
  sendJson(response, 200, errorReply(status.code, detail ? `${status.message}, ${detail}` : status.message));
}

/** A validated request: the fields the reply depends on, with the documented defaults where left out. */
interface SpeechBody {
  text: string;
  voice_setting: { speed?: number; vol?: number };
  audio_setting?: { sample_rate?: number; bitrate?: number; channel?: number };
}

async function speechReply(body: SpeechBody): Promise<ReturnType<typeof fillReply>> {
  const defaults = T2A_FIXTURE.request.example.audio_setting as { sample_rate: number; bitrate: number; channel: number };
  const sampleRate = body.audio_setting?.sample_rate ?? defaults.sample_rate;
  const bitrate = body.audio_setting?.bitrate ?? defaults.bitrate;
  const speed = body.voice_setting.speed ?? 1;
  const seconds = Math.min(30, Math.max(0.3, (body.text.length * 0.065) / speed));
  const tone = syllableTone(seconds, sampleRate, Math.min(1, body.voice_setting.vol ?? 1) * 0.3);
  const kbps = bitrate / 1000;
  const mp3 = await encodeMp3(tone, { sampleRate, bitrate: (MP3_BITRATES as readonly number[]).includes(kbps) ? (kbps as Mp3Bitrate) : 128 });
  return fillReply(T2A_FIXTURE.reply.example, {
    'data.audio': Buffer.from(mp3).toString('hex'),
    'data.status': 2,
    'extra_info.audio_length': Math.round(seconds * 1000),
    'extra_info.audio_sample_rate': sampleRate,
    'extra_info.audio_size': mp3.length,
    'extra_info.bitrate': bitrate,
    'extra_info.word_count': body.text.split(/\s+/).filter(Boolean).length,
    'extra_info.usage_characters': body.text.length,
    'extra_info.audio_format': 'mp3',
    'extra_info.audio_channel': 1,
    trace_id: `fake-${Date.now().toString(16)}`,
  });
}

/** A 220 Hz tone pulsed four times a second, so the audio is clearly not silence. */
function syllableTone(seconds: number, sampleRate: number, amplitude: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index++) {
    const time = index / sampleRate;
    const envelope = 0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * time);
    samples[index] = amplitude * envelope * Math.sin(2 * Math.PI * 220 * time);
  }
  return samples;
}
