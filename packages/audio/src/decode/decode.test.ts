import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../codec/wav.ts';
import { decodeCloneSample } from '../voice-clone/validation.ts';
import { decodeToPcm, probeMedia, WAV_FAST_PATH_RESAMPLE_MAX_SECONDS } from './decode.ts';
import { MediaError, type MediaErrorCode } from './errors.ts';
import { resolveFfmpeg } from './ffmpeg.ts';

/** A 440 Hz tone with a 3 Hz tremolo at 44.1 kHz stereo-compatible mono: easy to recognise after any codec. */
function tone(seconds: number, sampleRate = 44_100): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, index) => 0.4 * Math.sin((2 * Math.PI * 440 * index) / sampleRate));
}

let directory = '';
const file = (name: string): string => join(directory, name);

/** Encodes the source WAV with the resolved ffmpeg (extra args before the output name). */
function ffmpeg(args: string[]): void {
  const result = spawnSync(resolveFfmpeg().path, ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof MediaError)) throw new Error(`expected a MediaError, got ${String(error)}`);
  return error;
}

async function expectCode(promise: Promise<unknown>, code: MediaErrorCode): Promise<MediaError> {
  const error = await rejection(promise);
  expect(error.code).toBe(code);
  return error;
}

/** Rough frequency from rising zero crossings over the middle of the signal. */
function dominantFrequency(samples: Float32Array, sampleRate: number): number {
  const middle = samples.subarray(Math.floor(samples.length * 0.2), Math.floor(samples.length * 0.8));
  let crossings = 0;
  for (let index = 1; index < middle.length; index++) if ((middle[index - 1] as number) < 0 && (middle[index] as number) >= 0) crossings++;
  return crossings / (middle.length / sampleRate);
}

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'decode-test-'));
  writeFileSync(file('tone.wav'), encodeWav(tone(3), 44_100));
  writeFileSync(file('long.wav'), encodeWav(tone(12), 44_100));
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'libmp3lame', '-b:a', '96k', file('tone.mp3')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'libvorbis', file('tone.ogg')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'libopus', '-b:a', '48k', file('tone.webm')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'aac', '-b:a', '96k', file('tone.m4a')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'flac', file('tone.flac')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'pcm_s24le', file('tone24.wav')]);
  ffmpeg(['-i', file('tone.wav'), '-c:a', 'adpcm_ima_wav', file('adpcm.wav')]);
  // A video without any audio track.
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '2', '-c:v', 'mpeg4', file('silent-video.mp4')]);
  // WebM written to a pipe, as browsers' MediaRecorder does: the container states no duration.
  const piped = spawnSync(resolveFfmpeg().path, ['-nostdin', '-v', 'error', '-i', file('long.wav'), '-c:a', 'libopus', '-f', 'webm', 'pipe:1'], { maxBuffer: 16 * 1024 * 1024 });
  writeFileSync(file('recorded.webm'), piped.stdout);
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('decodeToPcm', () => {
  it.each([
    ['tone.mp3', 'mp3', 'mp3'],
    ['tone.ogg', 'ogg', 'vorbis'],
    ['tone.webm', 'webm', 'opus'],
    ['tone.m4a', 'mp4', 'aac'],
    ['tone.flac', 'flac', 'flac'],
  ])('decodes %s with ffmpeg to mono 48 kHz float (%s, %s)', async (name, container, codec) => {
    const decoded = await decodeToPcm(file(name), { sampleRate: 48_000, maxSeconds: 10 });
    expect(decoded).toMatchObject({ container, codec, sampleRate: 48_000 });
    expect(decoded.decoder).toMatch(/^ffmpeg-/);
    expect(decoded.durationSeconds).toBeGreaterThan(2.9);
    expect(decoded.durationSeconds).toBeLessThan(3.15);
    expect(dominantFrequency(decoded.samples, 48_000)).toBeCloseTo(440, -1);
  });

  it('reads PCM WAV in-process (16- and 24-bit), from a path or from bytes, and resamples', async () => {
    const fromPath = await decodeToPcm(file('tone24.wav'), { sampleRate: 16_000, maxSeconds: 10 });
    expect(fromPath).toMatchObject({ container: 'wav', codec: 'pcm_s24le', decoder: 'wav', sampleRate: 16_000 });
    expect(fromPath.samples.length).toBe(48_000);
    const fromBytes = await decodeToPcm(readFileSync(file('tone.wav')), { sampleRate: 48_000, maxSeconds: 10 });
    expect(fromBytes).toMatchObject({ codec: 'pcm_s16le', decoder: 'wav' });
    expect(dominantFrequency(fromBytes.samples, 48_000)).toBeCloseTo(440, -1);
  });

  it('leaves long resampling to ffmpeg so the event loop is never held for long', async () => {
    writeFileSync(file('long-44k.wav'), encodeWav(tone(WAV_FAST_PATH_RESAMPLE_MAX_SECONDS + 1), 44_100));
    expect((await decodeToPcm(file('long-44k.wav'), { sampleRate: 48_000, maxSeconds: 60 })).decoder).toMatch(/^ffmpeg-/);
    expect((await decodeToPcm(file('long-44k.wav'), { sampleRate: 44_100, maxSeconds: 60 })).decoder).toBe('wav');
  });

  it('hands WAV encodings the fast path cannot read (IMA ADPCM) to ffmpeg', async () => {
    const decoded = await decodeToPcm(file('adpcm.wav'), { sampleRate: 48_000, maxSeconds: 10 });
    expect(decoded).toMatchObject({ container: 'wav', codec: 'adpcm_ima_wav' });
    expect(decoded.decoder).toMatch(/^ffmpeg-/);
  });

  it('decodes bytes through a pipe, and MP4-family bytes through a private temporary file', async () => {
    const ogg = await decodeToPcm(readFileSync(file('tone.ogg')), { sampleRate: 48_000, maxSeconds: 10 });
    const m4a = await decodeToPcm(readFileSync(file('tone.m4a')), { sampleRate: 48_000, maxSeconds: 10 });
    expect(ogg.durationSeconds).toBeGreaterThan(2.9);
    expect(m4a.durationSeconds).toBeGreaterThan(2.9);
  });

  it('rejects spoofed types by content: a PNG named .wav, text named .mp3', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(200).fill(7)]);
    writeFileSync(file('picture.wav'), png);
    writeFileSync(file('notes.mp3'), 'Shopping list: milk, eggs, bread.\n'.repeat(20));
    const image = await expectCode(decodeToPcm(file('picture.wav'), { sampleRate: 48_000, maxSeconds: 10 }), 'UNSUPPORTED_MEDIA');
    expect(image.message).toContain('PNG image');
    const text = await expectCode(decodeToPcm(file('notes.mp3'), { sampleRate: 48_000, maxSeconds: 10 }), 'UNSUPPORTED_MEDIA');
    expect(text.details).toEqual({ detected: 'text' });
    await expectCode(probeMedia(file('notes.mp3')), 'UNSUPPORTED_MEDIA');
    await expectCode(decodeToPcm(new Uint8Array(0), { sampleRate: 48_000, maxSeconds: 10 }), 'EMPTY_MEDIA');
  });

  it('reports corrupt files that look like audio', async () => {
    const ogg = readFileSync(file('tone.ogg'));
    const scrambled = Uint8Array.from(ogg, (value, index) => (index < 4 ? value : (value * 31 + index) & 0xff));
    await expectCode(decodeToPcm(scrambled, { sampleRate: 48_000, maxSeconds: 10 }), 'CORRUPT_MEDIA');
    const brokenMp4 = new Uint8Array(4096).fill(0x5a);
    brokenMp4.set([0, 0, 0, 0x18, ...'ftypisom'].map((value) => (typeof value === 'string' ? value.charCodeAt(0) : value)));
    await expectCode(decodeToPcm(brokenMp4, { sampleRate: 48_000, maxSeconds: 10 }), 'CORRUPT_MEDIA');
  });

  it('says when a video has no audio track', async () => {
    const error = await expectCode(decodeToPcm(file('silent-video.mp4'), { sampleRate: 48_000, maxSeconds: 10 }), 'NO_AUDIO_STREAM');
    expect(error.details).toMatchObject({ hasVideo: true });
    expect(await probeMedia(file('silent-video.mp4'))).toMatchObject({ container: 'mp4', hasAudio: false, hasVideo: true });
  });

  it('enforces size, duration and minimum-length limits with the actual figures', async () => {
    const large = await expectCode(decodeToPcm(file('tone.mp3'), { sampleRate: 48_000, maxSeconds: 10, maxBytes: 1000 }), 'MEDIA_TOO_LARGE');
    expect(large.details).toMatchObject({ maxBytes: 1000 });
    const wavLong = await expectCode(decodeToPcm(file('long.wav'), { sampleRate: 48_000, maxSeconds: 5 }), 'MEDIA_TOO_LONG');
    expect(wavLong.details.durationSeconds).toBeCloseTo(12, 1);
    const mp3Long = await expectCode(decodeToPcm(file('tone.mp3'), { sampleRate: 48_000, maxSeconds: 2 }), 'MEDIA_TOO_LONG');
    expect(Number(mp3Long.details.durationSeconds)).toBeCloseTo(3, 0);
    const short = await expectCode(decodeToPcm(file('tone.ogg'), { sampleRate: 48_000, maxSeconds: 10, minSeconds: 5 }), 'MEDIA_TOO_SHORT');
    expect(short.details.durationSeconds).toBeCloseTo(3, 0);
  });

  it('catches over-long recordings whose container states no duration by decoding at most one second more', async () => {
    const error = await expectCode(decodeToPcm(file('recorded.webm'), { sampleRate: 16_000, maxSeconds: 5 }), 'MEDIA_TOO_LONG');
    expect(error.details.durationSeconds).toBeNull();
    expect(Number(error.details.atLeastSeconds)).toBeGreaterThan(5.5);
    expect(Number(error.details.atLeastSeconds)).toBeLessThanOrEqual(6.01);
  });

  it('kills a decoder that runs past its time limit', async () => {
    const error = await expectCode(decodeToPcm(file('tone.flac'), { sampleRate: 48_000, maxSeconds: 10, timeoutMs: 1 }), 'DECODE_TIMEOUT');
    expect(error.details).toEqual({ timeoutMs: 1 });
  });

  it('runs the decoder under an address-space limit', async () => {
    const system = resolveFfmpeg();
    // Debian's ffmpeg maps ~300 MB of shared libraries before it reads a byte; 64 MB cannot even start it.
    if (system.source === 'system') await expectCode(decodeToPcm(file('tone.mp3'), { sampleRate: 48_000, maxSeconds: 10, memoryLimitBytes: 64 * 1024 * 1024 }), 'DECODE_MEMORY_LIMIT');
    const decoded = await decodeToPcm(file('tone.mp3'), { sampleRate: 48_000, maxSeconds: 10, memoryLimitBytes: 768 * 1024 * 1024 });
    expect(decoded.durationSeconds).toBeGreaterThan(2.9);
  });

  it('works with the npm-shipped ffmpeg as well (the fallback when no system ffmpeg runs)', async () => {
    const npmFfmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const decoded = await decodeToPcm(readFileSync(file('tone.webm')), { sampleRate: 48_000, maxSeconds: 10, ffmpegPath: npmFfmpeg });
    expect(decoded).toMatchObject({ container: 'webm', codec: 'opus', decoder: 'ffmpeg-configured' });
    expect(dominantFrequency(decoded.samples, 48_000)).toBeCloseTo(440, -1);
  });

  it('applies the clone-sample limits (10 to 60 s)', async () => {
    await expectCode(decodeCloneSample(file('tone.ogg')), 'MEDIA_TOO_SHORT');
    const sample = await decodeCloneSample(file('long.wav'), { sampleRate: 24_000 });
    expect(sample.durationSeconds).toBeCloseTo(12, 1);
  });
});

describe('probeMedia', () => {
  it('reads container, codec, duration, rate and channels without decoding', async () => {
    expect(await probeMedia(file('tone.m4a'))).toMatchObject({ container: 'mp4', codec: 'aac', sampleRate: 44_100, channels: 1, hasAudio: true, hasVideo: false });
    const wav = await probeMedia(file('tone.wav'));
    expect(wav).toMatchObject({ container: 'wav', codec: 'pcm_s16le', sampleRate: 44_100, channels: 1, durationSeconds: 3 });
    expect((await probeMedia(readFileSync(file('tone.ogg')))).durationSeconds).toBeCloseTo(3, 1);
  });
});
