import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { readWavLayout } from '../../decode/wav-reader.ts';
import {
  MINIMAX_CLONE_FILE_RULES,
  MINIMAX_CLONE_MODELS,
  MINIMAX_CLONE_PREVIEW_MAX_CHARACTERS,
  MINIMAX_CLONE_STATUS,
  MINIMAX_VOICE_ID_PATTERN,
  type MiniMaxFileUploadReply,
  type MiniMaxVoiceCloneReply,
} from './wire.ts';

export interface ReceivedCloneRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Form fields of a multipart upload (the file as its name, type and size) or the JSON body. */
  body: unknown;
}

export interface FakeMiniMaxCloneServer {
  baseUrl: string;
  apiKey: string;
  requests: ReceivedCloneRequest[];
  /** Voice ids cloned so far. */
  voices: Set<string>;
  /** The next request gets this base_resp failure. */
  failNext(failure: { statusCode: number; statusMsg: string }): void;
  close(): Promise<void>;
}

interface StoredFile {
  bytes: number;
  durationSeconds: number;
}

/**
 * A local stand-in for MiniMax's voice-clone endpoints on 127.0.0.1: POST /v1/files/upload (multipart with
 * purpose=voice_clone and file; the file must be mp3, m4a or wav, 10 s to 5 min, at most 20 MB) and POST
 * /v1/voice_clone (JSON with file_id and a valid, unused voice_id). It answers like MiniMax: HTTP 200 with base_resp
 * codes, a file object on upload, and a demo_audio link when preview text is given.
 */
export async function startFakeMiniMaxCloneServer(options: { apiKey?: string } = {}): Promise<FakeMiniMaxCloneServer> {
  const apiKey = options.apiKey ?? 'test-minimax-key';
  const requests: ReceivedCloneRequest[] = [];
  const failures: Array<{ statusCode: number; statusMsg: string }> = [];
  const files = new Map<number, StoredFile>();
  const voices = new Set<string>();
  let nextFileId = 380_000_000_000;
  let baseUrl = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendStatus(response, 1000, `unknown error: ${String(error)}`));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    const contentType = String(request.headers['content-type'] ?? '');
    const record = (body: unknown): void => {
      requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    };
    if (request.method !== 'POST' || !['/v1/files/upload', '/v1/voice_clone'].includes(url.pathname)) {
      record(null);
      return sendJson(response, 404, { error: 'not found' });
    }
    const failure = failures.shift();
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      record(null);
      return sendStatus(response, MINIMAX_CLONE_STATUS.authenticationFailed, 'authentication failed');
    }
    if (url.pathname === '/v1/files/upload') {
      const form = await parseMultipart(raw, contentType);
      record(form ? describeForm(form) : null);
      if (failure) return sendStatus(response, failure.statusCode, failure.statusMsg);
      return sendJson(response, 200, await uploadReply(form));
    }
    const body = parseJson(raw);
    record(body);
    if (failure) return sendStatus(response, failure.statusCode, failure.statusMsg);
    if (!contentType.startsWith('application/json')) return sendStatus(response, MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, content-type must be application/json');
    sendJson(response, 200, cloneReply(body));
  }

  async function uploadReply(form: FormData | null): Promise<MiniMaxFileUploadReply> {
    if (!form) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, body must be multipart/form-data');
    if (form.get('purpose') !== 'voice_clone') return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, purpose must be voice_clone');
    const file = form.get('file');
    if (!(file instanceof Blob)) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, file is required');
    if (file.size > MINIMAX_CLONE_FILE_RULES.maxBytes) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, file larger than 20MB');
    const durationSeconds = audioDuration(new Uint8Array(await file.arrayBuffer()));
    if (durationSeconds === null) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, file must be mp3, m4a or wav');
    const fileId = nextFileId++;
    files.set(fileId, { bytes: file.size, durationSeconds });
    const filename = file instanceof File ? file.name : 'upload';
    return { file: { file_id: fileId, bytes: file.size, created_at: Math.floor(Date.now() / 1000), filename, purpose: 'voice_clone' }, base_resp: { status_code: 0, status_msg: 'success' } };
  }

  function cloneReply(body: unknown): MiniMaxVoiceCloneReply {
    if (!isRecord(body)) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, body must be a JSON object');
    const file = typeof body.file_id === 'number' ? files.get(body.file_id) : undefined;
    if (!file) return statusReply(MINIMAX_CLONE_STATUS.invalidSamplesOrVoiceId, 'invalid samples or voice_id: unknown file_id');
    if (typeof body.voice_id !== 'string' || !MINIMAX_VOICE_ID_PATTERN.test(body.voice_id)) {
      return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, voice_id format');
    }
    if (voices.has(body.voice_id)) return statusReply(MINIMAX_CLONE_STATUS.duplicateVoiceId, 'voice clone voice id duplicate');
    if (file.durationSeconds < MINIMAX_CLONE_FILE_RULES.minSeconds || file.durationSeconds > MINIMAX_CLONE_FILE_RULES.maxSeconds) {
      return statusReply(MINIMAX_CLONE_STATUS.durationOutOfRange, file.durationSeconds < MINIMAX_CLONE_FILE_RULES.minSeconds ? 'voice duration too short' : 'voice duration too long');
    }
    for (const flag of ['need_noise_reduction', 'need_volume_normalization'] as const) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, `invalid params, ${flag} must be a boolean`);
    }
    const text = body.text;
    if (text !== undefined) {
      if (typeof text !== 'string' || text.length > MINIMAX_CLONE_PREVIEW_MAX_CHARACTERS) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, text');
      if (!(MINIMAX_CLONE_MODELS as readonly unknown[]).includes(body.model)) return statusReply(MINIMAX_CLONE_STATUS.invalidParameters, 'invalid params, model is required with text');
    }
    voices.add(body.voice_id);
    return {
      input_sensitive: false,
      input_sensitive_type: 0,
      ...(text ? { demo_audio: `${baseUrl}/demo/${body.voice_id}.mp3` } : {}),
      base_resp: { status_code: 0, status_msg: 'success' },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    apiKey,
    requests,
    voices,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Length of an MP3 (frame walk), WAV (header) or M4A (accepted without measuring), else null. */
function audioDuration(bytes: Uint8Array): number | null {
  const ascii = (offset: number, length: number): string => String.fromCharCode(...bytes.subarray(offset, offset + length));
  try {
    if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return readWavLayout(bytes.subarray(0, 65_536), bytes.length).durationSeconds;
    if (ascii(4, 4) === 'ftyp') return MINIMAX_CLONE_FILE_RULES.minSeconds;
    return parseMp3Frames(bytes).durationSeconds;
  } catch {
    return null;
  }
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<FormData | null> {
  if (!contentType.startsWith('multipart/form-data')) return null;
  try {
    return await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

function describeForm(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  form.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
  });
  return fields;
}

function statusReply(statusCode: number, statusMsg: string): { base_resp: { status_code: number; status_msg: string } } {
  return { base_resp: { status_code: statusCode, status_msg: statusMsg } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendStatus(response: ServerResponse, statusCode: number, statusMsg: string): void {
  sendJson(response, 200, statusReply(statusCode, statusMsg));
}

function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(payload));
}
