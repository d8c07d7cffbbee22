import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3, MP3_BITRATES, type Mp3Bitrate } from '../../codec/mp3.ts';
import {
  MINIMAX_BITRATES,
  MINIMAX_EMOTIONS,
  MINIMAX_MODELS,
  MINIMAX_SAMPLE_RATES,
  MINIMAX_STATUS,
  type MiniMaxSpeechReplyBody,
} from './wire.ts';

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

/**
 * A local stand-in for MiniMax's POST /v1/t2a_v2 on 127.0.0.1 and a random port. It checks the documented request
 * shape and answers like MiniMax: HTTP 200 with base_resp error codes, or hex-encoded MP3 (a tone made by our own
 * encoder whose length follows the text and speed) with extra_info.
 */
export async function startFakeMiniMaxServer(options: { apiKey?: string } = {}): Promise<FakeMiniMaxServer> {
  const apiKey = options.apiKey ?? 'test-minimax-key';
  const requests: ReceivedRequest[] = [];
  const failures: FakeFailure[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      sendJson(response, 500, { base_resp: { status_code: 1000, status_msg: String(error) } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = parseJson(await readBody(request));
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    });
    if (request.method !== 'POST' || url.pathname !== '/v1/t2a_v2') return sendJson(response, 404, { error: 'not found' });
    const failure = failures.shift();
    if (failure && 'httpStatus' in failure) return sendJson(response, failure.httpStatus, { error: 'fake HTTP failure' });
    if (failure) return sendStatus(response, failure.statusCode, failure.statusMsg);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendStatus(response, MINIMAX_STATUS.authenticationFailed, 'authentication failed');
    }
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return sendStatus(response, MINIMAX_STATUS.invalidParameters, 'invalid params, content-type must be application/json');
    }
    const problems = validateSpeechRequest(body);
    if (problems.length > 0) return sendStatus(response, MINIMAX_STATUS.invalidParameters, `invalid params, ${problems.join('; ')}`);
    sendJson(response, 200, await speechReply(body as ValidBody));
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

interface ValidBody {
  text: string;
  voice_setting: { speed: number; vol: number };
  audio_setting: { sample_rate: number; bitrate: number };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function includes(list: readonly (string | number)[], value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && list.includes(value);
}

/** Every rule the fake enforces, each a documented constraint of the real endpoint. */
export function validateSpeechRequest(body: unknown): string[] {
  if (!isRecord(body)) return ['body must be a JSON object'];
  const problems: string[] = [];
  const check = (ok: boolean, problem: string): void => {
    if (!ok) problems.push(problem);
  };
  check(includes(MINIMAX_MODELS, body.model), 'model is not a MiniMax speech model');
  check(typeof body.text === 'string' && body.text.trim() !== '' && body.text.length < 10_000, 'text must be 1–9,999 characters');
  check(body.stream === false || body.stream === undefined, 'the fake only serves stream: false');
  const voice = body.voice_setting;
  if (!isRecord(voice)) {
    problems.push('voice_setting is required');
  } else {
    check(typeof voice.voice_id === 'string' && voice.voice_id !== '', 'voice_setting.voice_id is required');
    check(typeof voice.speed === 'number' && voice.speed >= 0.5 && voice.speed <= 2, 'voice_setting.speed must be 0.5–2');
    check(typeof voice.vol === 'number' && voice.vol > 0 && voice.vol <= 10, 'voice_setting.vol must be in (0, 10]');
    check(Number.isInteger(voice.pitch) && Number(voice.pitch) >= -12 && Number(voice.pitch) <= 12, 'voice_setting.pitch must be an integer -12..12');
    check(voice.emotion === undefined || includes(MINIMAX_EMOTIONS, voice.emotion), 'voice_setting.emotion is not supported');
  }
  const audio = body.audio_setting;
  if (!isRecord(audio)) {
    problems.push('audio_setting is required');
  } else {
    check(includes(MINIMAX_SAMPLE_RATES, audio.sample_rate), 'audio_setting.sample_rate is not supported');
    check(includes(MINIMAX_BITRATES, audio.bitrate), 'audio_setting.bitrate is not supported');
    check(audio.format === 'mp3', 'the fake only serves audio_setting.format mp3');
    check(audio.channel === 1 || audio.channel === 2, 'audio_setting.channel must be 1 or 2');
  }
  return problems;
}

async function speechReply(body: ValidBody): Promise<MiniMaxSpeechReplyBody> {
  const sampleRate = body.audio_setting.sample_rate;
  const seconds = Math.min(30, Math.max(0.3, (body.text.length * 0.065) / body.voice_setting.speed));
  const tone = syllableTone(seconds, sampleRate, Math.min(1, body.voice_setting.vol) * 0.3);
  const kbps = body.audio_setting.bitrate / 1000;
  const bitrate = (MP3_BITRATES as readonly number[]).includes(kbps) ? (kbps as Mp3Bitrate) : 128;
  const mp3 = await encodeMp3(tone, { sampleRate, bitrate });
  return {
    data: { audio: Buffer.from(mp3).toString('hex'), status: 2 },
    extra_info: {
      audio_length: Math.round(seconds * 1000),
      audio_sample_rate: sampleRate,
      audio_size: mp3.length,
      bitrate: body.audio_setting.bitrate,
      word_count: body.text.split(/\s+/).filter(Boolean).length,
      usage_characters: body.text.length,
      audio_format: 'mp3',
      audio_channel: 1,
    },
    trace_id: `fake-${Date.now().toString(16)}`,
    base_resp: { status_code: 0, status_msg: 'success' },
  };
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendStatus(response: ServerResponse, statusCode: number, statusMsg: string): void {
  sendJson(response, 200, { data: null, trace_id: 'fake-error', base_resp: { status_code: statusCode, status_msg: statusMsg } });
}

function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(payload));
}
