import { describe, expect, it } from 'vitest';
import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { buildForm } from './form.ts';
import { GENRE_PROFILES } from './genres.ts';
import { planFromPrompt } from './plan.ts';
import { MUSIC_GENRES, type MusicPlan } from './types.ts';

const PROMPTS = [
  'Jazzy, male, smooth, expressive, soulful', 'slow sad piano ballad', 'fast heavy metal', 'deep house 124 bpm',
  'romantic classical waltz', 'slow blues shuffle', 'calm ambient drone at 60 bpm', 'epic cinematic trailer', 'reggae at 200 bpm',
];

function checkFits(plan: MusicPlan): void {
  const bars = plan.sections.reduce((sum, section) => sum + section.bars, 0);
  expect(bars).toBe(plan.totalBars);
  // Whole bars plus the final chord's ring fill the duration exactly.
  expect(plan.totalBars * plan.barSeconds + plan.endingSeconds).toBeCloseTo(plan.durationSeconds, 9);
  expect(plan.endingSeconds).toBeGreaterThanOrEqual(1.5);
  expect(plan.endingSeconds).toBeLessThan(2.4 + plan.barSeconds);
  let expectedStart = 0;
  for (const section of plan.sections) {
    expect(section.bars).toBeGreaterThanOrEqual(1);
    expect(section.startBar).toBe(expectedStart);
    expectedStart += section.bars;
    // Chords cover every beat of the section, in order, without gaps.
    let beat = 0;
    for (const chord of section.chords) {
      expect(chord.startBeat).toBeCloseTo(beat, 9);
      beat += chord.beats;
    }
    expect(beat).toBeCloseTo(section.bars * plan.beatsPerBar, 9);
  }
}

describe('song form', () => {
  it.each(MUSIC_DURATIONS)('fits %i seconds exactly for every prompt and seed', (duration) => {
    for (const prompt of PROMPTS) {
      for (const seed of [1, 2, 3]) checkFits(planFromPrompt(prompt, { durationSeconds: duration, seed }));
    }
  });

  it('fits every genre at every duration', () => {
    for (const genre of MUSIC_GENRES) {
      for (const duration of MUSIC_DURATIONS) {
        const plan = planFromPrompt(`${GENRE_PROFILES[genre].label} music`, { durationSeconds: duration, seed: 9 });
        expect(plan.genre).toBe(genre);
        checkFits(plan);
      }
    }
  });

  it('grows from a short form to one with verses, choruses and a bridge', () => {
    const short = planFromPrompt('pop song', { durationSeconds: 30, seed: 4 }).sections.map((section) => section.kind);
    const long = planFromPrompt('pop song', { durationSeconds: 240, seed: 4 }).sections.map((section) => section.kind);
    expect(short[0]).toBe('intro');
    expect(short).toContain('chorus');
    expect(short[short.length - 1]).toBe('outro');
    expect(long.filter((kind) => kind === 'chorus').length).toBeGreaterThanOrEqual(3);
    expect(long).toEqual(expect.arrayContaining(['intro', 'verse', 'preChorus', 'chorus', 'bridge', 'outro']));
  });

  it('builds and releases: choruses carry more energy than verses, intros and outros less', () => {
    const plan = planFromPrompt('pop song', { durationSeconds: 180, seed: 4 });
    const energy = (kind: string): number[] => plan.sections.filter((section) => section.kind === kind).map((section) => section.energy);
    expect(Math.min(...energy('chorus'))).toBeGreaterThan(Math.max(...energy('verse')));
    expect(Math.max(...energy('intro'), ...energy('outro'))).toBeLessThan(Math.min(...energy('verse')));
    const choruses = energy('chorus');
    expect(choruses[choruses.length - 1]).toBe(Math.max(...choruses));
  });

  it('writes blues in twelve-bar choruses', () => {
    const plan = planFromPrompt('blues', { durationSeconds: 180, seed: 1 });
    const middle = plan.sections.filter((section) => section.kind !== 'intro' && section.kind !== 'outro');
    for (const section of middle) expect(section.bars).toBe(12);
    expect(buildForm('blues', 10).reduce((sum, section) => sum + section.bars, 0)).toBe(10);
  });

  it('handles very short bar counts', () => {
    for (const bars of [1, 2, 3, 5, 7, 11]) {
      for (const family of ['song', 'electronic', 'blues', 'through'] as const) {
        expect(buildForm(family, bars).reduce((sum, section) => sum + section.bars, 0)).toBe(bars);
      }
    }
  });

  it('ends sections that lead into a chorus, and the song, on a dominant', () => {
    const plan = planFromPrompt('pop song', { durationSeconds: 120, seed: 7 });
    const last = plan.sections[plan.sections.length - 1];
    expect(last?.chords[last.chords.length - 1]?.numeral).toMatch(/^V/);
  });

  it('names chords in the key', () => {
    const plan = planFromPrompt('pop song in C major', { durationSeconds: 30, seed: 2 });
    const names = plan.sections.flatMap((section) => section.chords.map((chord) => chord.name));
    expect(names.every((name) => /^[A-G][b#]?/.test(name))).toBe(true);
    expect(names).toContain('C');
  });
});

describe('seeds', () => {
  it('gives the same plan for the same seed', () => {
    const first = planFromPrompt('funky disco groove', { durationSeconds: 60, seed: 77 });
    const second = planFromPrompt('funky disco groove', { durationSeconds: 60, seed: 77 });
    expect(second).toEqual(first);
  });

  it('gives different takes for different seeds', () => {
    const takes = [1, 2, 3, 4, 5].map((seed) => planFromPrompt('funky disco groove', { durationSeconds: 60, seed }));
    const fingerprints = new Set(takes.map((take) => `${take.bpm}|${take.key.name}|${take.title}|${take.instruments.map((instrument) => instrument.program).join(',')}`));
    expect(fingerprints.size).toBeGreaterThan(1);
  });
});

describe('lyrics shape the form', () => {
  const lyrics = '[Verse]\nWalking down the empty street\nCity lights beneath my feet\n[Chorus]\nSing it loud, sing it clear\nEvery heart is gathered here\n[Verse 2]\nRain is falling on the town\nNothing gonna bring me down\n[Chorus]\nSing it loud, sing it clear\nEvery heart is gathered here';

  it('follows the tagged sections in order, framed by an intro and outro', () => {
    const plan = planFromPrompt('upbeat pop', { durationSeconds: 60, seed: 3, lyrics });
    checkFits(plan);
    const sung = plan.sections.filter((section) => section.lyricLines);
    expect(sung.map((section) => section.kind).slice(0, 4)).toEqual(['verse', 'chorus', 'verse', 'chorus']);
    // Any more are the last chorus again.
    expect(sung.slice(4).every((section) => section.kind === 'chorus')).toBe(true);
    expect(plan.sections[0]?.kind).toBe('intro');
    expect(plan.sections[plan.sections.length - 1]?.kind).toBe('outro');
    expect(plan.lyrics?.lineCount).toBe(8);
  });

  it('repeats the last chorus when the song has room for it', () => {
    const short = '[Verse]\nRain on the window pane\nCoffee cooling down again\n[Chorus]\nSlow it down, slow it down\nLet the quiet come around';
    const plan = planFromPrompt('lofi', { durationSeconds: 120, seed: 3, lyrics: short });
    checkFits(plan);
    const sung = plan.sections.filter((section) => section.lyricLines).map((section) => section.kind);
    expect(sung.slice(0, 2)).toEqual(['verse', 'chorus']);
    expect(sung.filter((kind) => kind === 'chorus').length).toBeGreaterThan(1);
  });

  it('drops sections that cannot fit a short song, and still fits exactly', () => {
    const long = Array.from({ length: 12 }, (_, index) => `[Verse ${index + 1}]\nA line that is sung here\nAnother line to sing`).join('\n');
    const plan = planFromPrompt('pop', { durationSeconds: 30, seed: 3, lyrics: long });
    checkFits(plan);
    expect(plan.sections.filter((section) => section.lyricLines).length).toBeLessThan(12);
  });
});
