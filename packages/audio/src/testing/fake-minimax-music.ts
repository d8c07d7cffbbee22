import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeStereoMp3 } from '../music/encode.ts';
import { hasContentType, keepAliveLikeHostedApi, parseJson, readBody, sendJson } from './fake-http.ts';
import { errorReply, fillReply, minimaxStatus, MUSIC_FIXTURE, validateAgainst } from './minimax-fixtures.ts';

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
  /** Seconds of audio each reply carries (MiniMax chooses the length; tests change it to say so). */
  songSeconds: number;
  /** The next generation request (or, for downloadStatus, the next download) fails this way. */
  failNext(failure: FakeMusicFailure): void;
  close(): Promise<void>;
}

const [method, path] = MUSIC_FIXTURE.endpoint.split(' ');

/** Every way a body departs from the documented music_generation request (fixtures/music_generation.json). */
export function validateMusicGenerationRequest(body: unknown): string[] {
  const problems = validateAgainst(MUSIC_FIXTURE.request.fields, body);
  if (problems.length > 0 || typeof body !== 'object' || body === null) return problems;
  const { stream, audio_setting: audio } = body as { stream?: boolean; audio_setting?: { format?: string } };
  if (stream === true) problems.push('the fake only serves stream: false');
  if (audio?.format !== undefined && audio.format !== 'mp3') problems.push('the fake only serves audio_setting.format mp3');
  return problems;
}

/**
 * A local stand-in for MiniMax's POST /v1/music_generation on 127.0.0.1 and a random port. It checks requests against
 * the documented fields and answers in the documented shape: HTTP 200 with base_resp error codes, or a stereo MP3 (a
 * chord) as hex or as a URL served by the same fake under /files/.
 */
export async function startFakeMiniMaxMusicServer(options: { apiKey?: string; songSeconds?: number } = {}): Promise<FakeMiniMaxMusicServer> {
  const apiKey = options.apiKey ?? 'test-minimax-music-key';
  const song = { seconds: options.songSeconds ?? 3 };
  const requests: ReceivedMusicRequest[] = [];
  const failures: FakeMusicFailure[] = [];
  const files = new Map<string, Uint8Array>();
  let nextFile = 1;
  let baseUrl = '';
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 500, errorReply(minimaxStatus('unknown_error').code, String(error))));
  });
  keepAliveLikeHostedApi(server);

  function takeFailure(download: boolean): FakeMusicFailure | undefined {
    const index = failures.findIndex((failure) => ('downloadStatus' in failure) === download);
    return index >= 0 ? failures.splice(index, 1)[0] : undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = parseJson(await readBody(request));
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
    if (request.method === 'GET' && url.pathname.startsWith('/files/')) return serveFile(url.pathname.slice('/files/'.length), response);
    if (request.method !== method || url.pathname !== path) return sendJson(response, 404, { error: 'not found' });
    const failure = takeFailure(false);
    if (failure && 'httpStatus' in failure) return sendJson(response, failure.httpStatus, { error: 'fake HTTP failure' });
    if (failure && 'statusCode' in failure) return sendJson(response, 200, errorReply(failure.statusCode, failure.statusMsg));
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendStatus(response, 'not_authorized');
    if (!hasContentType(request, MUSIC_FIXTURE.request.contentType)) return sendStatus(response, 'invalid_params', `content-type must be ${MUSIC_FIXTURE.request.contentType}`);
    const problems = validateMusicGenerationRequest(body);
    if (problems.length > 0) return sendStatus(response, 'invalid_params', problems.join('; '));
    sendJson(response, 200, await musicReply(body as MusicBody));
  }

  async function musicReply(body: MusicBody): Promise<ReturnType<typeof fillReply>> {
    const defaults = MUSIC_FIXTURE.request.example.audio_setting as { sample_rate: number; bitrate: number };
    const sampleRate = body.audio_setting?.sample_rate ?? defaults.sample_rate;
    const bitrate = body.audio_setting?.bitrate ?? defaults.bitrate;
    const songSeconds = song.seconds;
    const mp3 = await chordMp3(songSeconds, sampleRate, bitrate);
    let audio = Buffer.from(mp3).toString('hex');
    if (body.output_format === 'url') {
      const id = `song-${nextFile++}.mp3`;
      files.set(id, mp3);
      audio = `${baseUrl}/files/${id}`;
    }
    return fillReply(MUSIC_FIXTURE.reply.example, {
      'data.audio': audio,
      'data.status': 2,
      'extra_info.music_duration': Math.round(songSeconds * 1000),
      'extra_info.music_sample_rate': sampleRate,
      'extra_info.music_channel': 2,
      'extra_info.bitrate': bitrate,
      'extra_info.music_size': mp3.length,
      trace_id: `fake-music-${Date.now().toString(16)}`,
    });
  }

  function serveFile(id: string, response: ServerResponse): void {
    const failure = takeFailure(true);
    if (failure && 'downloadStatus' in failure) return sendJson(response, failure.downloadStatus, { error: 'fake download failure' });
    const file = files.get(id);
    if (!file) return sendJson(response, 404, { error: 'no such file' });
    response.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': file.length });
    response.end(Buffer.from(file));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    apiKey,
    requests,
    get songSeconds() {
      return song.seconds;
    },
    set songSeconds(seconds: number) {
      song.seconds = seconds;
    },
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A validated request: the fields the reply depends on. */
interface MusicBody {
  output_format?: 'hex' | 'url';
  audio_setting?: { sample_rate?: number; bitrate?: number };
}

function sendStatus(response: ServerResponse, name: string, detail?: string): void {
  const status = minimaxStatus(name);
  sendJson(response, 200, errorReply(status.code, detail ? `${status.message}, ${detail}` : status.message));
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
