import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { encodeWav, resample, type SpeechEngine } from '@sound-studio/audio';
import { creditReservations } from '../src/db/schema.ts';
import type { RegisteredUser, TestApp } from './harness.ts';
import { voiceLabUploadDir } from '../src/features/voice-lab/form-to-disk.ts';
import { englishProse } from './speech.ts';

export const FIXTURE_RATE = 48_000;

export interface FormPart {
  name: string;
  value: Buffer | string;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----sound-studio-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.fileName === undefined ? '' : `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function postForm(app: TestApp, user: RegisteredUser, url: string, parts: FormPart[]) {
  const form = multipart(parts);
  return app.request({
    method: 'POST',
    url,
    token: user.session.accessToken,
    headers: { 'content-type': form.contentType },
    body: form.body,
  });
}

/** Speech from the local engine at 48 kHz, repeated or cut to exactly `seconds`. */
export async function speechOf(engine: SpeechEngine, seconds: number, voice = 'en-us-radiant-girl', speed = 1): Promise<Float32Array> {
  const result = await engine.speak({ text: englishProse(260), voice, speed, pitch: 0, volume: 1 });
  if (result.format !== 'pcm') throw new Error('expected PCM from the local engine');
  const speech = resample(result.samples, result.sampleRate, FIXTURE_RATE);
  const length = Math.round(seconds * FIXTURE_RATE);
  const out = new Float32Array(length);
  for (let index = 0; index < length; index++) out[index] = speech[index % speech.length] as number;
  return out;
}

/** Seeded white noise (a linear congruential generator is plenty for a test bed). */
export function whiteNoise(length: number, amplitude: number, seed = 7): Float32Array {
  let state = seed >>> 0;
  const noise = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    noise[index] = (state / 2 ** 32 - 0.5) * 2 * amplitude;
  }
  return noise;
}

export function wavOf(samples: Float32Array, sampleRate = FIXTURE_RATE): Buffer {
  return Buffer.from(encodeWav(samples, sampleRate));
}

/** A PNG's signature and header: an image, whatever its name says. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  randomBytes(2048),
]);

/** The files waiting in the app's voice-lab upload folder (in its processes' own folders). */
export async function filesInUploadDir(app: TestApp): Promise<string[]> {
  const entries = await readdir(voiceLabUploadDir(app.config), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** The user's credit reservations still held. */
export async function heldReservations(app: TestApp, userId: string) {
  return app.db
    .select()
    .from(creditReservations)
    .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'held')));
}

/**
 * Sends a multipart upload over a real socket, stops after half of the body, waits until `whenHalfSent` says the
 * server has started on it, then destroys the socket: a client that went away mid-upload.
 */
export async function abortUploadMidway(
  baseUrl: string,
  request: { path: string; token: string; csrfToken: string; parts: FormPart[] },
  whenHalfSent: () => Promise<unknown>,
): Promise<void> {
  const form = multipart(request.parts);
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const head = [
    `POST ${request.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Authorization: Bearer ${request.token}`,
    `X-CSRF-Token: ${request.csrfToken}`,
    `Content-Type: ${form.contentType}`,
    `Content-Length: ${form.body.length}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(form.body.subarray(0, Math.floor(form.body.length / 2)));
  try {
    await whenHalfSent();
  } finally {
    socket.destroy();
  }
}

/** The same body cut in the middle of its files, sent whole (Content-Length says the cut length). */
export function truncatedMultipart(parts: FormPart[]): { body: Buffer; contentType: string } {
  const form = multipart(parts);
  return { body: form.body.subarray(0, Math.floor(form.body.length * 0.6)), contentType: form.contentType };
}
