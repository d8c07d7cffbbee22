import { beforeAll, describe, expect, it } from 'vitest';
import type { BasicSoundBank } from 'spessasynth_core';
import { arrange } from '../arrange/arrange.ts';
import { toMidiFile } from '../midi-file.ts';
import { planFromPrompt } from '../plan.ts';
import { defaultSoundFontPath, loadSoundBank, parseMidi, renderBlocks, startSong } from './synthesize.ts';
import { helperUnits, keepNotes, voiceSecondsByUnit, voiceUnit } from './voice-split.ts';

const spessa = await import('spessasynth_core');
let bank: BasicSoundBank;

beforeAll(async () => {
  bank = await loadSoundBank(defaultSoundFontPath());
}, 60_000);

function song(prompt: string, seconds: number): Uint8Array {
  return toMidiFile(arrange(planFromPrompt(prompt, { durationSeconds: seconds, seed: 3 })));
}

/** Note-ons with a velocity, by unit. */
function soundingNotes(midi: Uint8Array, keep?: (unit: number) => boolean): Map<number, number> {
  const sequence = parseMidi(spessa, midi);
  if (keep) keepNotes(sequence, keep);
  const notes = new Map<number, number>();
  for (const track of sequence.tracks) {
    for (const event of track.events) {
      if ((event.statusByte & 0xf0) !== 0x90 || (event.data[1] ?? 0) === 0) continue;
      const unit = voiceUnit(event.statusByte & 0x0f, event.data[0] ?? 0);
      notes.set(unit, (notes.get(unit) ?? 0) + 1);
    }
  }
  return notes;
}

describe('voice units', () => {
  it('keep a drum channel together and give each key of another channel its own', () => {
    expect(voiceUnit(9, 36)).toBe(voiceUnit(9, 42));
    expect(voiceUnit(0, 60)).not.toBe(voiceUnit(0, 61));
    expect(voiceUnit(0, 60)).not.toBe(voiceUnit(1, 60));
    expect(voiceUnit(9, 36)).not.toBe(voiceUnit(0, 36));
  });
});

describe('helperUnits', () => {
  const costs = new Map([[1, 10], [2, 8], [3, 6], [4, 5], [5, 1]]);

  it('gives the helper about half of the work, less its head start', () => {
    // Largest first, each to the lighter side: 15 to 15.
    expect(helperUnits(costs, 0)).toEqual([2, 3, 5]);
    // 10 ahead for the effects: the helper takes 11 of the 30 and ends at 21, against 19.
    expect(helperUnits(costs, 10)).toEqual([3, 4]);
  });

  it('gives nothing to a helper whose effects already outweigh the song', () => {
    expect(helperUnits(costs, 100)).toEqual([]);
  });

  it('splits the same costs the same way whatever their order', () => {
    expect(helperUnits(new Map([...costs].reverse()), 4)).toEqual(helperUnits(costs, 4));
  });
});

describe('keepNotes', () => {
  it('silences the refused units only, so the two parts add up to the song', () => {
    const midi = song('funky disco groove with slap bass and brass', 8);
    const all = soundingNotes(midi);
    const theirs = new Set([...all.keys()].filter((unit) => unit % 2 === 1));
    const mine = soundingNotes(midi, (unit) => !theirs.has(unit));
    const helpers = soundingNotes(midi, (unit) => theirs.has(unit));
    expect(theirs.size).toBeGreaterThan(0);
    expect([...mine.keys()].some((unit) => theirs.has(unit))).toBe(false);
    expect([...helpers.keys()].every((unit) => theirs.has(unit))).toBe(true);
    for (const [unit, count] of all) expect((mine.get(unit) ?? 0) + (helpers.get(unit) ?? 0)).toBe(count);
  });
});

describe('voiceSecondsByUnit', () => {
  /** Seconds of voice spessasynth actually renders: its active voices counted block by block. */
  async function renderedVoiceSeconds(midi: Uint8Array, seconds: number): Promise<number> {
    const { synth, sequencer } = await startSong(spessa, bank, parseMidi(spessa, midi), 44100);
    const frames = seconds * 44100;
    const left = new Float32Array(frames);
    const right = new Float32Array(frames);
    let voiceSeconds = 0;
    for (let frame = 0; frame < frames; frame += 128) {
      renderBlocks(synth, sequencer, left, right, frame, Math.min(frames, frame + 128));
      voiceSeconds += (synth.voiceCount * 128) / 44100;
    }
    return voiceSeconds;
  }

  it('estimates the voices a song renders, long pad releases and short drum hits alike', async () => {
    for (const prompt of ['calm ambient soundscape, dreamy pads', 'energetic rock anthem with distorted guitars']) {
      // Long enough for the last notes to ring out within it.
      const midi = song(prompt, 20);
      const estimate = [...voiceSecondsByUnit(parseMidi(spessa, midi), bank).values()].reduce((sum, seconds) => sum + seconds, 0);
      const rendered = await renderedVoiceSeconds(midi, 32);
      expect(estimate / rendered).toBeGreaterThan(0.8);
      expect(estimate / rendered).toBeLessThan(1.2);
    }
  }, 120_000);
});
