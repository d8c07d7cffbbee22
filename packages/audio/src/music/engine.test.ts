import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrange } from './arrange/arrange.ts';
import { LocalMusicEngine, type MusicProgress } from './engine.ts';
import { MusicError } from './errors.ts';
import { masterTrack } from './master/master.ts';
import { toMidiFile } from './midi-file.ts';
import { planFromPrompt } from './plan.ts';
import { MusicRenderer } from './render/renderer.ts';
import { expectDeliveredTrack, RATE } from './test-support/delivered-track.ts';

let renderer: MusicRenderer;
let engine: LocalMusicEngine;

beforeAll(async () => {
  renderer = new MusicRenderer({ workers: 2 });
  engine = new LocalMusicEngine({ renderer });
  await renderer.warmUp();
}, 60_000);

afterAll(async () => {
  await engine.close();
  await renderer.close();
});

describe('reproducibility', () => {
  it('renders identical PCM for the same seed and different PCM for another', async () => {
    const take = (seed: number): Promise<Float32Array> =>
      renderer.produce(arrange(planFromPrompt('funky disco groove with slap bass and brass', { durationSeconds: 10, seed })), { mp3: false, pcm: true })
        .then((produced) => produced.pcm?.left ?? new Float32Array());
    const [first, again, other] = await Promise.all([take(31), take(31), take(32)]);
    expect(again).toEqual(first);
    const difference = other.reduce((sum, value, index) => sum + Math.abs(value - (first[index] ?? 0)), 0);
    expect(difference / first.length).toBeGreaterThan(0.01);
  }, 120_000);

  it('renders a MIDI file as well as an arrangement, identically', async () => {
    const arrangement = arrange(planFromPrompt('calm solo piano', { durationSeconds: 8, seed: 4 }));
    const fromArrangement = await renderer.render(arrangement);
    const fromMidi = await renderer.render(toMidiFile(arrangement), { durationSeconds: 8 });
    expect(fromMidi.left).toEqual(fromArrangement.left);
    expect(fromMidi.left.length).toBe(8 * RATE);
  }, 60_000);
});

describe('produce', () => {
  // In the worker the helper thread computes one channel's true-peak envelope and half of the MP3.
  it('masters exactly as masterTrack does on the same render, with the same loudness and true peak', async () => {
    const arrangement = arrange(planFromPrompt('energetic rock anthem with distorted guitars', { durationSeconds: 12, seed: 9 }));
    const [rendered, produced] = await Promise.all([renderer.render(arrangement), renderer.produce(arrangement, { pcm: true })]);
    const expected = masterTrack(rendered.left, rendered.right, { sampleRate: rendered.sampleRate, durationSeconds: 12 });
    const differing = (actual: Float32Array | undefined, reference: Float32Array): number =>
      reference.reduce((count, value, index) => count + (Object.is(actual?.[index], value) ? 0 : 1), 0);
    expect(differing(produced.pcm?.left, expected.left)).toBe(0);
    expect(differing(produced.pcm?.right, expected.right)).toBe(0);
    expect(produced.loudnessLufs).toBe(expected.loudnessLufs);
    expect(produced.truePeakDbtp).toBe(expected.truePeakDbtp);
    expect(produced.mp3.length).toBeGreaterThan(12 * 192_000 / 8 * 0.95);
  }, 60_000);
});

describe('LocalMusicEngine', () => {
  // 120 and 180 s are covered by the plan's bar arithmetic and the mastering tests; 240 s is in the full tier.
  it('delivers exactly 30 and 60 seconds: 192 kbps stereo MP3 and WAV, mastered, lyrics timed on the sung take', async () => {
    const lyrics = '[Verse]\nWalking down the empty street\nCity lights beneath my feet\n[Chorus]\nSing it loud, sing it clear';
    expect(MUSIC_DURATIONS).toEqual(expect.arrayContaining([30, 60]));
    const progress = { short: [] as MusicProgress[], sung: [] as MusicProgress[] };
    const prompt = 'Jazzy, male, smooth, expressive, soulful';
    const [short, sung] = await Promise.all([
      engine.generate({ prompt, durationSeconds: 30, seed: 7, wav: true, onProgress: (update) => progress.short.push(update) }),
      engine.generate({ prompt, durationSeconds: 60, seed: 7, wav: true, lyrics, onProgress: (update) => progress.sung.push(update) }),
    ]);
    expectDeliveredTrack(short, 30, 7, progress.short);
    expectDeliveredTrack(sung, 60, 7, progress.sung);
    expect(short.lyricsTimeline).toBeUndefined();
    expect(sung.lyricsTimeline?.lines.slice(0, 3).map((line) => line.text)).toEqual(['Walking down the empty street', 'City lights beneath my feet', 'Sing it loud, sing it clear']);
    expect(sung.lyricsTimeline?.carriedBy.kind).toBe('instrument');
  }, 180_000);

  it('gives two different takes of the same prompt without a seed', async () => {
    const [first, second] = await Promise.all([
      engine.generate({ prompt: 'upbeat pop', durationSeconds: 30 }),
      engine.generate({ prompt: 'upbeat pop', durationSeconds: 30 }),
    ]);
    expect(first?.seed).not.toBe(second?.seed);
    expect(Buffer.from(first?.mp3 ?? []).equals(Buffer.from(second?.mp3 ?? []))).toBe(false);
  }, 120_000);

  it('rejects bad requests and aborted ones with clear errors', async () => {
    await expect(engine.generate({ prompt: '', durationSeconds: 30 })).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: 'Please enter a music prompt' });
    await expect(engine.generate({ prompt: 'pop', durationSeconds: 1 })).rejects.toBeInstanceOf(MusicError);
    const controller = new AbortController();
    controller.abort();
    await expect(engine.generate({ prompt: 'pop', durationSeconds: 30, signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('refuses work after close', async () => {
    const own = new MusicRenderer({ workers: 1 });
    await own.close();
    await expect(own.render(arrange(planFromPrompt('pop', { durationSeconds: 5, seed: 1 })))).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
  });
});
