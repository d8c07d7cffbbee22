import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../codec/mp3-frames.ts';
import { arrange } from './arrange/arrange.ts';
import { LocalMusicEngine, type MusicProgress } from './engine.ts';
import { MusicError } from './errors.ts';
import { measureIntegratedLoudness } from './master/loudness.ts';
import { measureTruePeak } from './master/true-peak.ts';
import { toMidiFile } from './midi-file.ts';
import { planFromPrompt } from './plan.ts';
import { MusicRenderer } from './render/renderer.ts';
import { analyse, tempoMatches, type Analysis } from './test-support/analyser.ts';
import { modeQuality, parsePitchClass } from './theory.ts';
import type { MusicPlan } from './types.ts';

/** Twenty varied prompts, English and Turkish, across the genres. */
const ANALYSIS_PROMPTS = [
  'Jazzy, male, smooth, expressive, soulful',
  'upbeat pop song with bright piano, happy summer vibes',
  'energetic rock anthem with distorted guitars',
  'deep house club track, 124 bpm',
  'chill lo-fi hip hop beats to study to',
  'dark trap beat with 808s',
  'romantic classical waltz for strings',
  'epic cinematic trailer with choir and big drums',
  'calm ambient soundscape, dreamy pads',
  'acoustic folk song with banjo and fiddle',
  'funky disco groove with slap bass and brass',
  'latin salsa with trumpet and congas',
  'slow blues shuffle with harmonica in E',
  'reggae one drop, sunny island vibe',
  'heavy metal with double kick, aggressive',
  'Hüzünlü, yavaş bir piyano parçası La minör',
  'enerjik elektronik dans müziği, 128 bpm',
  'sakin caz, saksafon ve kontrbas',
  'neşeli türkü, akustik gitar ve bağlama',
  'synthwave at 100 bpm in F minor',
] as const;

const SECONDS = 30;
const RATE = 44100;

interface Take {
  prompt: string;
  plan: MusicPlan;
  analysis: Analysis;
  loudness: number;
  truePeak: number;
  left: Float32Array;
}

let renderer: MusicRenderer;
let engine: LocalMusicEngine;
const takes: Take[] = [];

beforeAll(async () => {
  renderer = new MusicRenderer({ workers: 2 });
  engine = new LocalMusicEngine({ renderer });
  await renderer.warmUp();
}, 60_000);

afterAll(async () => {
  await engine.close();
  await renderer.close();
});

describe('rendered music, checked by an independent analyser (essentia.js)', () => {
  it('renders 20 prompts whose planned tempo and key the analyser finds, at -14 LUFS without clipping', async () => {
    // Both render threads stay busy; each finished take is analysed here while the next renders.
    await Promise.all(ANALYSIS_PROMPTS.map(async (prompt, index) => {
      const plan = planFromPrompt(prompt, { durationSeconds: SECONDS, seed: 1000 + index });
      const produced = await renderer.produce(arrange(plan), { mp3: false, pcm: true });
      const pcm = produced.pcm;
      if (!pcm) throw new Error('no PCM');
      takes[index] = {
        prompt, plan, analysis: analyse(pcm.left, pcm.right),
        loudness: measureIntegratedLoudness([pcm.left, pcm.right], RATE),
        truePeak: measureTruePeak([pcm.left, pcm.right]),
        left: pcm.left,
      };
    }));
    const tempoFound = takes.filter((take) => tempoMatches(take.analysis.bpm, take.plan.bpm));
    const keyFound = takes.filter((take) =>
      parsePitchClass(take.analysis.key) === take.plan.key.tonic && take.analysis.scale === modeQuality(take.plan.key.mode));
    const report = takes.map((take) =>
      `${take.plan.genre}: planned ${take.plan.bpm.toFixed(1)} BPM ${take.plan.key.name}, found ${take.analysis.bpm.toFixed(1)} ${take.analysis.key} ${take.analysis.scale}`);
    expect(tempoFound.length, report.join('\n')).toBeGreaterThanOrEqual(16);
    expect(keyFound.length, report.join('\n')).toBeGreaterThanOrEqual(14);
    for (const take of takes) {
      expect(take.left.length).toBe(SECONDS * RATE);
      expect(Math.abs(take.loudness - -14), take.prompt).toBeLessThanOrEqual(1);
      expect(take.truePeak, take.prompt).toBeLessThanOrEqual(-1);
    }
  }, 300_000);

  it('hears the genres differ: tempo, density and brightness', () => {
    const byGenre = (prompt: string): Take => {
      const take = takes.find((candidate) => candidate.prompt === prompt);
      if (!take) throw new Error(`no take for ${prompt}`);
      return take;
    };
    const metal = byGenre('heavy metal with double kick, aggressive');
    const ambient = byGenre('calm ambient soundscape, dreamy pads');
    const house = byGenre('deep house club track, 124 bpm');
    const classical = byGenre('romantic classical waltz for strings');
    const rock = byGenre('energetic rock anthem with distorted guitars');
    // More onsets per second and a brighter spectrum in metal than in ambient.
    expect(metal.analysis.onsetRate).toBeGreaterThan(ambient.analysis.onsetRate * 1.5);
    expect(metal.analysis.centroid).toBeGreaterThan(ambient.analysis.centroid);
    expect(rock.analysis.centroid).toBeGreaterThan(classical.analysis.centroid);
    // Tempo: folded into one octave (detectors often report double or half), the estimates spread widely.
    const fold = (bpm: number): number => (bpm >= 160 ? fold(bpm / 2) : bpm < 80 ? fold(bpm * 2) : bpm);
    expect(new Set(takes.map((take) => Math.round(fold(take.analysis.bpm) / 5))).size).toBeGreaterThanOrEqual(8);
    expect(Math.abs(fold(house.analysis.bpm) - fold(metal.analysis.bpm))).toBeGreaterThan(20);
  });
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

function decodeStereoWav(bytes: Uint8Array): [Float32Array, Float32Array] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint16(22, true)).toBe(2);
  expect(view.getUint32(24, true)).toBe(RATE);
  const frames = view.getUint32(40, true) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    left[frame] = view.getInt16(44 + frame * 4, true) / 32768;
    right[frame] = view.getInt16(46 + frame * 4, true) / 32768;
  }
  return [left, right];
}

describe('LocalMusicEngine', () => {
  // 120 and 180 s are covered by the plan's bar arithmetic and the mastering tests; rendering them too adds minutes.
  it('delivers exactly 30, 60 and 240 seconds: 192 kbps stereo MP3 and WAV, mastered', async () => {
    const lyrics = '[Verse]\nWalking down the empty street\nCity lights beneath my feet\n[Chorus]\nSing it loud, sing it clear';
    // Longest first so both render threads finish together.
    const durations = [240, 60, 30];
    expect(MUSIC_DURATIONS).toEqual(expect.arrayContaining(durations));
    const progress = new Map<number, MusicProgress[]>(durations.map((duration) => [duration, []]));
    const results = await Promise.all(durations.map((duration) => engine.generate({
      prompt: duration <= 60 ? 'Jazzy, male, smooth, expressive, soulful' : 'calm solo piano, no drums',
      durationSeconds: duration,
      seed: 7,
      wav: true,
      onProgress: (update) => progress.get(duration)?.push(update),
      ...(duration === 60 ? { lyrics } : {}),
    })));
    results.forEach((result, index) => {
      const duration = durations[index] ?? 0;
      const mp3 = parseMp3Frames(result.mp3);
      expect(mp3.bitrate).toBe(192);
      expect(mp3.sampleRate).toBe(RATE);
      expect(mp3.channelMode).not.toBe('mono');
      expect(Math.abs(mp3.durationSeconds - duration)).toBeLessThan(0.5);
      const [left, right] = decodeStereoWav(result.wav ?? new Uint8Array());
      expect(left.length).toBe(duration * RATE);
      expect(Math.abs(measureIntegratedLoudness([left, right], RATE) - -14)).toBeLessThanOrEqual(1);
      expect(measureTruePeak([left, right])).toBeLessThanOrEqual(-1);
      expect(result.durationSeconds).toBe(duration);
      expect(result.seed).toBe(7);
      expect(result.artworkSvg).toContain('<svg');
      expect(result.midi?.subarray(0, 4)).toEqual(new Uint8Array([0x4d, 0x54, 0x68, 0x64]));
      // Progress only moves forward and ends complete.
      const fractions = (progress.get(duration) ?? []).map((update) => update.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(fractions[fractions.length - 1]).toBe(1);
      if (duration === 60) {
        expect(result.lyricsTimeline?.lines.slice(0, 3).map((line) => line.text)).toEqual(['Walking down the empty street', 'City lights beneath my feet', 'Sing it loud, sing it clear']);
        expect(result.lyricsTimeline?.carriedBy.kind).toBe('instrument');
      } else {
        expect(result.lyricsTimeline).toBeUndefined();
      }
    });
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
