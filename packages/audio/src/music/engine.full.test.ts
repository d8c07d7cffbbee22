import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrange } from './arrange/arrange.ts';
import { LocalMusicEngine, type MusicProgress } from './engine.ts';
import { measureIntegratedLoudness } from './master/loudness.ts';
import { measureTruePeak } from './master/true-peak.ts';
import { planFromPrompt } from './plan.ts';
import { MusicRenderer } from './render/renderer.ts';
import { analyse, tempoMatches, type Analysis } from './test-support/analyser.ts';
import { expectDeliveredTrack, RATE } from './test-support/delivered-track.ts';
import { modeQuality, parsePitchClass } from './theory.ts';
import type { MusicPlan } from './types.ts';
import { FULL_TESTS, FULL_TIER_TITLE } from '../testing/tiers.ts';

// The long music checks: minutes of rendering and analysis. `npm test` skips them; `npm run test:full` and CI run them.

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

describe.skipIf(!FULL_TESTS)(`local music engine, long checks${FULL_TIER_TITLE}`, () => {
  beforeAll(async () => {
    renderer = new MusicRenderer({ workers: 2 });
    engine = new LocalMusicEngine({ renderer });
    await renderer.warmUp();
  }, 60_000);

  afterAll(async () => {
    await engine?.close();
    await renderer?.close();
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
    }, 600_000);

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

  it('delivers exactly 240 seconds: 192 kbps stereo MP3 and WAV, mastered', async () => {
    expect(MUSIC_DURATIONS).toContain(240);
    const progress: MusicProgress[] = [];
    const result = await engine.generate({
      prompt: 'calm solo piano, no drums', durationSeconds: 240, seed: 7, wav: true, onProgress: (update) => progress.push(update),
    });
    expectDeliveredTrack(result, 240, 7, progress);
    expect(result.lyricsTimeline).toBeUndefined();
  }, 180_000);
});
