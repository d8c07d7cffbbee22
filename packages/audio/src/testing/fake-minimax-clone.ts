import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMp3Frames } from '../codec/mp3-frames.ts';
import { readWavLayout } from '../decode/wav-reader.ts';
import { hasContentType, keepAliveLikeHostedApi, parseJson, readBody, sendJson } from './fake-http.ts';
import { answerSpeech, T2A_METHOD, T2A_PATH, type FakeFailure, type SpeechRoute } from './fake-minimax-speech.ts';
import { errorReply, fillReply, minimaxStatus, validateAgainst, VOICE_CLONE_FIXTURE, type JsonObject, type JsonValue } from './minimax-fixtures.ts';

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
  /** Cloned voices a T2A call has used: MiniMax keeps these; the others it deletes after 168 hours. */
  keptVoices: Set<string>;
  /** The next clone or upload request gets this base_resp failure. */
  failNext(failure: { statusCode: number; statusMsg: string }): void;
  /** The next T2A request (served here too, as MiniMax serves all under one host) gets this failure. */
  failNextSpeech(failure: FakeFailure): void;
  /** The next successful clone reply says input_sensitive this way (a flag or `{ type }`, both documented). */
  sensitiveNext(value: boolean | JsonObject): void;
  close(): Promise<void>;
}

const { upload: UPLOAD, clone: CLONE } = VOICE_CLONE_FIXTURE;
const [UPLOAD_METHOD, UPLOAD_PATH] = UPLOAD.endpoint.split(' ');
const [CLONE_METHOD, CLONE_PATH] = CLONE.endpoint.split(' ');

/** Every way a body departs from the documented voice_clone request (fixtures/voice_clone.json). */
export function validateCloneRequest(body: unknown): string[] {
  return validateAgainst(CLONE.fields, body);
}

/**
 * A local stand-in for MiniMax's voice-clone endpoints on 127.0.0.1, driven by the documented examples and rules:
 * POST /v1/files/upload (multipart with purpose and file; the file must be mp3, m4a or wav, 10 s to 5 min, at most
 * 20 MB) and POST /v1/voice_clone (JSON with file_id and a valid, unused voice_id). It answers in the documented shape:
 * HTTP 200 with base_resp codes, a file object on upload, and a demo_audio link when preview text is given. It also
 * serves POST /v1/t2a_v2 for the voices cloned here (2054 for any other voice id) and records which were used.
 */
export async function startFakeMiniMaxCloneServer(options: { apiKey?: string } = {}): Promise<FakeMiniMaxCloneServer> {
  const apiKey = options.apiKey ?? 'test-minimax-key';
  const requests: ReceivedCloneRequest[] = [];
  const failures: Array<{ statusCode: number; statusMsg: string }> = [];
  const files = new Map<number, { durationSeconds: number }>();
  const voices = new Set<string>();
  const keptVoices = new Set<string>();
  const sensitive: Array<boolean | JsonObject> = [];
  const speech: SpeechRoute = {
    apiKey,
    failures: [],
    checkVoice: (voiceId) => (voices.has(voiceId) ? null : 'voice_not_usable'),
    onSpoken: (voiceId) => keptVoices.add(voiceId),
  };
  let nextFileId = 380_000_000_000;
  let baseUrl = '';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => sendJson(response, 200, statusReply('unknown_error', String(error))));
  });
  keepAliveLikeHostedApi(server);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    const record = (body: unknown): void => {
      requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
    };
    if (request.method === T2A_METHOD && url.pathname === T2A_PATH) {
      const body = parseJson(raw);
      record(body);
      return answerSpeech(speech, request, response, body);
    }
    const isUpload = request.method === UPLOAD_METHOD && url.pathname === UPLOAD_PATH;
    const isClone = request.method === CLONE_METHOD && url.pathname === CLONE_PATH;
    if (!isUpload && !isClone) {
      record(null);
      return sendJson(response, 404, { error: 'not found' });
    }
    const failure = failures.shift();
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      record(null);
      return sendJson(response, 200, statusReply('not_authorized'));
    }
    if (isUpload) {
      const form = hasContentType(request, UPLOAD.contentType) ? await parseMultipart(raw, String(request.headers['content-type'])) : null;
      record(form ? describeForm(form) : null);
      return sendJson(response, 200, failure ? errorReply(failure.statusCode, failure.statusMsg) : await uploadReply(form));
    }
    const body = parseJson(raw);
    record(body);
    if (failure) return sendJson(response, 200, errorReply(failure.statusCode, failure.statusMsg));
    if (!hasContentType(request, CLONE.contentType)) return sendJson(response, 200, statusReply('invalid_params', `content-type must be ${CLONE.contentType}`));
    sendJson(response, 200, cloneReply(body));
  }

  async function uploadReply(form: FormData | null): Promise<JsonObject> {
    if (!form) return statusReply('invalid_params', `body must be ${UPLOAD.contentType}`);
    const purpose = form.get('purpose');
    if (typeof purpose !== 'string' || !UPLOAD.form.purpose.enum.includes(purpose)) return statusReply('invalid_params', `purpose must be one of ${UPLOAD.form.purpose.enum.join(', ')}`);
    if (purpose !== UPLOAD.form.purpose.cloneValue) return statusReply('invalid_params', `the fake only serves purpose ${UPLOAD.form.purpose.cloneValue}`);
    const file = form.get('file');
    if (!(file instanceof Blob)) return statusReply('invalid_params', 'file is required');
    if (file.size > UPLOAD.form.file.maxBytes) return statusReply('invalid_params', 'file is larger than 20 MB');
    const durationSeconds = audioDuration(new Uint8Array(await file.arrayBuffer()));
    if (durationSeconds === null) return statusReply('invalid_params', `file must be ${UPLOAD.form.file.formats.join(', ')}`);
    const fileId = nextFileId++;
    files.set(fileId, { durationSeconds });
    return fillReply(UPLOAD.replyExample, {
      'file.file_id': fileId,
      'file.bytes': file.size,
      'file.created_at': Math.floor(Date.now() / 1000),
      'file.filename': file instanceof File ? file.name : 'upload',
      'file.purpose': purpose,
    });
  }

  function cloneReply(body: unknown): JsonObject {
    const problems = validateCloneRequest(body);
    if (problems.length > 0) return statusReply('invalid_params', problems.join('; '));
    const { file_id: fileId, voice_id: voiceId, text } = body as { file_id: number; voice_id: string; text?: string };
    const file = files.get(fileId);
    if (!file) return statusReply('invalid_samples_or_voice_id', 'unknown file_id');
    if (voices.has(voiceId)) return statusReply('voice_id_duplicate');
    const { minSeconds, maxSeconds } = UPLOAD.form.file;
    const seconds = file.durationSeconds.toFixed(1);
    if (file.durationSeconds < minSeconds) return statusReply('voice_duration_out_of_range', `${seconds} s is below the documented minimum of ${minSeconds} s`);
    if (file.durationSeconds > maxSeconds) return statusReply('voice_duration_out_of_range', `${seconds} s is above the documented maximum of ${maxSeconds} s`);
    const flag: JsonValue = sensitive.shift() ?? false;
    const type = typeof flag === 'object' && flag !== null && !Array.isArray(flag) ? Number(flag.type ?? 0) : flag === true ? 1 : 0;
    // A flagged sample makes no voice.
    if (type === 0) voices.add(voiceId);
    return fillReply(CLONE.replyExample, {
      input_sensitive: flag,
      input_sensitive_type: type,
      demo_audio: text ? `${baseUrl}/demo/${voiceId}.mp3` : '',
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    apiKey,
    requests,
    voices,
    keptVoices,
    failNext: (failure) => failures.push(failure),
    failNextSpeech: (failure) => speech.failures.push(failure),
    sensitiveNext: (value) => sensitive.push(value),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function statusReply(name: string, detail?: string): JsonObject {
  const status = minimaxStatus(name);
  return errorReply(status.code, detail ? `${status.message}, ${detail}` : status.message);
}

/** Length of an MP3 (frame walk), WAV (header) or M4A (accepted at the minimum length without measuring), else null. */
function audioDuration(bytes: Uint8Array): number | null {
  const ascii = (offset: number, length: number): string => String.fromCharCode(...bytes.subarray(offset, offset + length));
  try {
    if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return readWavLayout(bytes.subarray(0, 65_536), bytes.length).durationSeconds;
    if (ascii(4, 4) === 'ftyp') return UPLOAD.form.file.minSeconds;
    return parseMp3Frames(bytes).durationSeconds;
  } catch {
    return null;
  }
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<FormData | null> {
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
