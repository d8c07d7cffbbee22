import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3, MP3_BITRATES, type Mp3Bitrate } from '../codec/mp3.ts';
import { hasContentType, keepAliveLikeHostedApi, parseJson, readBody, sendJson } from './fake-http.ts';
import { errorReply, fillReply, minimaxStatus, T2A_FIXTURE, validateAgainst, type JsonObject } from './minimax-fixtures.ts';

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
  /** The next request gets this failure instead of audio (queued: call it twice to fail two requests). */
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

/** How a speech reply is shaped: the fake answers t2a_v2 alone, and the clone fake mounts it beside its own routes. */
export interface SpeechRoute {
  apiKey: string;
  failures: FakeFailure[];
  /** base_resp failure name (error-codes.json) for a voice id this server does not know, or null when it knows it. */
  checkVoice?: (voiceId: string) => string | null;
  /** Called with the voice id of every request that was answered with audio. */
  onSpoken?: (voiceId: string) => void;
}

const [method, path] = T2A_FIXTURE.endpoint.split(' ');

/** Every way a body departs from the documented t2a_v2 request (fixtures/t2a_v2.json), plus what the fake serves. */
export function validateSpeechRequest(body: unknown): string[] {
  const problems = validateAgainst(T2A_FIXTURE.request.fields, body);
  if (problems.length > 0 || typeof body !== 'object' || body === null) return problems;
  const { audio_setting: audio } = body as { audio_setting?: { format?: string } };
  if (audio?.format !== undefined && audio.format !== 'mp3') problems.push('the fake only serves audio_setting.format mp3');
  return problems;
}

export const T2A_METHOD = method;
export const T2A_PATH = path;

/**
 * Answers one POST /v1/t2a_v2 whose body is already read: HTTP 200 with base_resp error codes, hex-encoded MP3 (a
 * tone whose length follows the text and speed) with extra_info, or with `stream: true` the same audio as server-sent
 * events cut at arbitrary bytes, as MiniMax's stream does.
 */
export async function answerSpeech(route: SpeechRoute, request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
  const failure = route.failures.shift();
  if (failure && 'httpStatus' in failure) return sendJson(response, failure.httpStatus, { error: 'fake HTTP failure' });
  if (failure) return sendJson(response, 200, errorReply(failure.statusCode, failure.statusMsg));
  if (request.headers.authorization !== `Bearer ${route.apiKey}`) return sendStatus(response, 'not_authorized');
  if (!hasContentType(request, T2A_FIXTURE.request.contentType)) return sendStatus(response, 'invalid_params', `content-type must be ${T2A_FIXTURE.request.contentType}`);
  const problems = validateSpeechRequest(body);
  if (problems.length > 0) return sendStatus(response, 'invalid_params', problems.join('; '));
  const speech = body as SpeechBody;
  const unknownVoice = route.checkVoice?.(speech.voice_setting.voice_id) ?? null;
  if (unknownVoice) return sendStatus(response, unknownVoice, speech.voice_setting.voice_id);
  const { reply, mp3 } = await speechReply(speech);
  route.onSpoken?.(speech.voice_setting.voice_id);
  if (speech.stream !== true) return sendJson(response, 200, reply);
  sendEvents(response, streamEvents(reply, mp3, speech.stream_options?.exclude_aggregated_audio === true));
}

/**
 * A local stand-in for MiniMax's POST /v1/t2a_v2 on 127.0.0.1 and a random port. It checks requests against the
 * documented fields and answers in the documented shapes (see `answerSpeech`).
 */
export async function startFakeMiniMaxServer(options: { apiKey?: string } = {}): Promise<FakeMiniMaxServer> {
  const apiKey = options.apiKey ?? 'test-minimax-key';
  const requests: ReceivedRequest[] = [];
  const route: SpeechRoute = { apiKey, failures: [] };
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, errorReply(minimaxStatus('unknown_error').code, String(error))));
  });
  keepAliveLikeHostedApi(server);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = parseJson(await readBody(request));
    requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    if (request.method !== method || url.pathname !== path) return sendJson(response, 404, { error: 'not found' });
    await answerSpeech(route, request, response, body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    failNext: (failure) => route.failures.push(failure),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export function sendStatus(response: ServerResponse, name: string, detail?: string): void {
  const status = minimaxStatus(name);
  sendJson(response, 200, errorReply(status.code, detail ? `${status.message}, ${detail}` : status.message));
}

/** A validated request: the fields the reply depends on, with the documented defaults where left out. */
interface SpeechBody {
  text: string;
  stream?: boolean;
  stream_options?: { exclude_aggregated_audio?: boolean };
  voice_setting: { voice_id: string; speed?: number; vol?: number };
  audio_setting?: { sample_rate?: number; bitrate?: number; channel?: number };
}

/** The stream's events: the audio in three pieces cut mid-frame, then the documented final event. */
function streamEvents(reply: JsonObject, mp3: Uint8Array, excludeAggregated: boolean): JsonObject[] {
  const stream = T2A_FIXTURE.streamReply;
  if (!stream) throw new Error('t2a_v2.json documents no stream reply');
  const cuts = [0, Math.floor(mp3.length / 3) + 1, Math.floor((2 * mp3.length) / 3) + 7, mp3.length];
  const pieces = cuts.slice(1).map((end, index) => fillReply(stream.chunkExample, {
    'data.audio': Buffer.from(mp3.subarray(cuts[index] ?? 0, end)).toString('hex'),
    'data.status': 1,
    trace_id: String(reply.trace_id),
  }));
  const final = fillReply(stream.finalExample, {
    'data.audio': excludeAggregated ? '' : Buffer.from(mp3).toString('hex'),
    'data.status': 2,
    extra_info: reply.extra_info ?? null,
    trace_id: String(reply.trace_id),
  });
  return [...pieces, final];
}

function sendEvents(response: ServerResponse, events: JsonObject[]): void {
  response.writeHead(200, { 'Content-Type': T2A_FIXTURE.streamReply?.contentType ?? 'text/event-stream' });
  for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
  response.end();
}

async function speechReply(body: SpeechBody): Promise<{ reply: JsonObject; mp3: Uint8Array }> {
  const defaults = T2A_FIXTURE.request.example.audio_setting as { sample_rate: number; bitrate: number; channel: number };
  const sampleRate = body.audio_setting?.sample_rate ?? defaults.sample_rate;
  const bitrate = body.audio_setting?.bitrate ?? defaults.bitrate;
  const speed = body.voice_setting.speed ?? 1;
  const seconds = Math.min(30, Math.max(0.3, (body.text.length * 0.065) / speed));
  const tone = syllableTone(seconds, sampleRate, Math.min(1, body.voice_setting.vol ?? 1) * 0.3);
  const kbps = bitrate / 1000;
  const mp3 = await encodeMp3(tone, { sampleRate, bitrate: (MP3_BITRATES as readonly number[]).includes(kbps) ? (kbps as Mp3Bitrate) : 128 });
  const reply = fillReply(T2A_FIXTURE.reply.example, {
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
  return { reply, mp3 };
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
