import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeStereoMp3 } from '../../music/encode.ts';
import {
  MINIMAX_MUSIC_BITRATES, MINIMAX_MUSIC_MODELS, MINIMAX_MUSIC_SAMPLE_RATES, MINIMAX_MUSIC_STATUS, type MiniMaxMusicReplyBody,
} from './wire.ts';

export interface ReceivedMusicRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type FakeMusicFailure = { statusCode: number; statusMsg: string } | { httpStatus: number } | { downloadStatus: number };

export interface FakeMiniMaxMusicServer {
  baseUrl: string;
  apiKey: string;
  requests: ReceivedMusicRequest[];
  /** Seconds of audio each reply carries. */
  songSeconds: number;
  /** The next generation request (or, for downloadStatus, the next download) fails this way. */
  failNext(failure: FakeMusicFailure): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for MiniMax's POST /v1/music_generation on 127.0.0.1 and a random port. It checks the documented
 * request shape and answers like MiniMax: HTTP 200 with base_resp error codes, or a stereo MP3 (a chord made by our
 * own encoder) as hex or as a URL served by the same fake under /files/.
 */
export async function startFakeMiniMaxMusicServer(options: { apiKey?: string; songSeconds?: number } = {}): Promise<FakeMiniMaxMusicServer> {
  const apiKey = options.apiKey ?? 'test-minimax-music-key';
  const songSeconds = options.songSeconds ?? 3;
  const requests: ReceivedMusicRequest[] = [];
  const failures: FakeMusicFailure[] = [];
  const files = new Map<string, Uint8Array>();
  let nextFile = 1;
  let baseUrl = '';
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, { base_resp: { status_code: 1000, status_msg: String(error) } }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body: parseJson(text) });
    if (request.method === 'GET' && url.pathname.startsWith('/files/')) return serveFile(url.pathname.slice('/files/'.length), response);
    if (request.method !== 'POST' || url.pathname !== '/v1/music_generation') return sendJson(response, 404, { error: 'not found' });
    const failureIndex = failures.findIndex((failure) => !('downloadStatus' in failure));
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure && 'httpStatus' in failure) return sendJson(response, failure.httpStatus, { error: 'fake HTTP failure' });
    if (failure && 'statusCode' in failure) return sendStatus(response, failure.statusCode, failure.statusMsg);
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendStatus(response, MINIMAX_MUSIC_STATUS.authenticationFailed, 'authentication failed');
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return sendStatus(response, MINIMAX_MUSIC_STATUS.invalidParameters, 'invalid params, content-type must be application/json');
    }
    const body = parseJson(text);
    const problems = validateMusicRequest(body);
    if (problems.length > 0) return sendStatus(response, MINIMAX_MUSIC_STATUS.invalidParameters, `invalid params, ${problems.join('; ')}`);
    const valid = body as { audio_setting: { sample_rate: number; bitrate: number }; output_format: 'hex' | 'url' };
    const mp3 = await chordMp3(songSeconds, valid.audio_setting.sample_rate, valid.audio_setting.bitrate);
    let audio = Buffer.from(mp3).toString('hex');
    if (valid.output_format === 'url') {
      const id = `song-${nextFile++}.mp3`;
      files.set(id, mp3);
      audio = `${baseUrl}/files/${id}`;
    }
    const reply: MiniMaxMusicReplyBody = {
      data: { audio, status: 2 },
      extra_info: {
        music_duration: Math.round(songSeconds * 1000),
        music_sample_rate: valid.audio_setting.sample_rate,
        music_channel: 2,
        bitrate: valid.audio_setting.bitrate,
        music_size: mp3.length,
      },
      trace_id: `fake-music-${Date.now().toString(16)}`,
      base_resp: { status_code: 0, status_msg: 'success' },
    };
    sendJson(response, 200, reply);
  }

  function serveFile(id: string, response: ServerResponse): void {
    const failureIndex = failures.findIndex((failure) => 'downloadStatus' in failure);
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure && 'downloadStatus' in failure) return sendJson(response, failure.downloadStatus, { error: 'fake download failure' });
    const file = files.get(id);
    if (!file) return sendJson(response, 404, { error: 'no such file' });
    response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': file.length });
    response.end(Buffer.from(file));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    apiKey,
    requests,
    songSeconds,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every rule the fake enforces, each a documented constraint of the real endpoint. */
export function validateMusicRequest(body: unknown): string[] {
  if (!isRecord(body)) return ['body must be a JSON object'];
  const problems: string[] = [];
  const check = (ok: boolean, problem: string): void => {
    if (!ok) problems.push(problem);
  };
  check((MINIMAX_MUSIC_MODELS as readonly unknown[]).includes(body.model), 'model is not a MiniMax music model');
  check(typeof body.prompt === 'string' && body.prompt.trim() !== '' && body.prompt.length <= 2000, 'prompt must be 1–2000 characters');
  const instrumental = body.is_instrumental === true;
  if (body.lyrics !== undefined || !instrumental) {
    check(typeof body.lyrics === 'string' && body.lyrics.trim() !== '' && body.lyrics.length <= 3500, 'lyrics must be 1–3500 characters unless is_instrumental is true');
  }
  check(body.output_format === undefined || body.output_format === 'hex' || body.output_format === 'url', 'output_format must be hex or url');
  const audio = body.audio_setting;
  if (!isRecord(audio)) {
    problems.push('audio_setting is required');
  } else {
    check((MINIMAX_MUSIC_SAMPLE_RATES as readonly unknown[]).includes(audio.sample_rate), 'audio_setting.sample_rate is not supported');
    check((MINIMAX_MUSIC_BITRATES as readonly unknown[]).includes(audio.bitrate), 'audio_setting.bitrate is not supported');
    check(audio.format === 'mp3', 'the fake only serves audio_setting.format mp3');
  }
  return problems;
}

/** A soft A-minor chord, so the song is clearly not silence. */
async function chordMp3(seconds: number, sampleRate: number, bitrate: number): Promise<Uint8Array> {
  const frames = Math.round(seconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let index = 0; index < frames; index++) {
    const time = index / sampleRate;
    const chord = [220, 261.63, 329.63].reduce((sum, frequency) => sum + Math.sin(2 * Math.PI * frequency * time), 0) * 0.1;
    left[index] = chord;
    right[index] = chord * 0.9;
  }
  // MPEG-2 rates (24 kHz and below) cannot carry more than 160 kbps.
  const kbps = sampleRate <= 24000 ? 128 : bitrate >= 256000 ? 256 : 128;
  return encodeStereoMp3(left, right, sampleRate, kbps);
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
