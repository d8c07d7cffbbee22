import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasicSoundBank } from 'spessasynth_core';
import { arrange } from '../arrange/arrange.ts';
import { toMidiFile } from '../midi-file.ts';
import { planFromPrompt } from '../plan.ts';
import { RenderHelper } from './render-helper.ts';
import { defaultSoundFontPath, helperNotes, loadSoundBank, parseMidi, synthesizeMidi, synthesizeSplit, synthesizeWhole } from './synthesize.ts';

/** Samples that differ (a count, so a failure does not print two arrays of hundreds of thousands of numbers). */
function differing(actual: Float32Array, expected: Float32Array): number {
  let count = Math.abs(actual.length - expected.length);
  for (let index = 0; index < Math.min(actual.length, expected.length); index++) if (!Object.is(actual[index], expected[index])) count++;
  return count;
}

/**
 * The largest difference between two renders (Infinity if their lengths differ). Two synthesisers sum the voices in
 * another order than one does, which changes the last bits of a float: differences stay near 1e-7 (-140 dB).
 */
function largestDifference(actual: Float32Array, expected: Float32Array): number {
  if (actual.length !== expected.length) return Infinity;
  let largest = 0;
  for (let index = 0; index < actual.length; index++) largest = Math.max(largest, Math.abs((actual[index] ?? 0) - (expected[index] ?? 0)));
  return largest;
}

/** Float rounding, far below anything audible (-114 dB) and far below what a missing or doubled voice would change. */
const ROUNDING = 2e-6;

let bank: BasicSoundBank;
const helper = new RenderHelper(defaultSoundFontPath());

beforeAll(async () => {
  bank = await loadSoundBank(defaultSoundFontPath());
}, 60_000);

afterAll(async () => {
  await helper.close();
});

/** Variable-length quantity of a Standard MIDI File. */
function vlq(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >> 7; rest > 0; rest >>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

/** A GS SysEx setting `address` (three bytes) to `value`, with its Roland checksum. */
function gsSysEx(address: [number, number, number], value: number): number[] {
  const checksum = (128 - ((address[0] + address[1] + address[2] + value) % 128)) % 128;
  const body = [0x41, 0x10, 0x42, 0x12, ...address, value, checksum, 0xf7];
  return [0xf0, ...vlq(body.length), ...body];
}

/**
 * Four seconds of piano (480 ticks a beat at 120 BPM: 0.5 s) with full reverb and chorus sends and the delay on
 * (variation depth), and, when asked, GS SysEx that change the reverb macro, the chorus macro and the reverb time.
 */
function effectsMidi(withSysEx: boolean): Uint8Array {
  const events: Array<{ tick: number; bytes: number[] }> = [
    { tick: 0, bytes: [0xc0, 0] }, { tick: 0, bytes: [0xb0, 91, 127] }, { tick: 0, bytes: [0xb0, 93, 127] }, { tick: 0, bytes: [0xb0, 94, 100] },
  ];
  for (let note = 0; note < 14; note++) {
    events.push({ tick: note * 240, bytes: [0x90, 60 + (note % 12), 100] }, { tick: note * 240 + 200, bytes: [0x80, 60 + (note % 12), 0] });
  }
  if (withSysEx) {
    events.push({ tick: 960, bytes: gsSysEx([0x40, 0x01, 0x30], 3) }, { tick: 1440, bytes: gsSysEx([0x40, 0x01, 0x38], 2) }, { tick: 1920, bytes: gsSysEx([0x40, 0x01, 0x34], 0x70) });
  }
  events.sort((a, b) => a.tick - b.tick);
  const track: number[] = [];
  let last = 0;
  for (const event of events) {
    track.push(...vlq(event.tick - last), ...event.bytes);
    last = event.tick;
  }
  track.push(0, 0xff, 0x2f, 0);
  const length = [(track.length >>> 24) & 0xff, (track.length >>> 16) & 0xff, (track.length >>> 8) & 0xff, track.length & 0xff];
  return new Uint8Array([0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xe0, 0x4d, 0x54, 0x72, 0x6b, ...length, ...track]);
}

describe('split render (voices shared with a helper thread, which runs the send effects)', () => {
  it('gives the samples of one synthesiser, for songs heavy in reverb and chorus', async () => {
    for (const [index, prompt] of ['calm ambient soundscape, dreamy pads', 'funky disco groove with slap bass and brass'].entries()) {
      const midi = toMidiFile(arrange(planFromPrompt(prompt, { durationSeconds: 6, seed: 20 + index })));
      // 6.01 s: the last chunk and the last block are short.
      const options = { durationSeconds: 6.01 };
      const whole = await synthesizeWhole(bank, midi, options);
      const split = await synthesizeSplit(bank, midi, options, helper);
      // Each thread renders its part of the notes (a song with none for the helper would test nothing).
      expect(helperNotes(parseMidi(await import('spessasynth_core'), midi), bank, 6.01).length).toBeGreaterThan(0);
      expect(split.left.length).toBe(Math.round(6.01 * 44100));
      expect(split.left.some((value) => Math.abs(value) > 0.01)).toBe(true);
      expect(largestDifference(split.left, whole.left)).toBeLessThan(ROUNDING);
      expect(largestDifference(split.right, whole.right)).toBeLessThan(ROUNDING);
    }
  }, 120_000);

  it('renders the song on one thread when the helper cannot load its sound bank', async () => {
    const broken = new RenderHelper('/nonexistent/sound-bank.sf3');
    try {
      const midi = toMidiFile(arrange(planFromPrompt('funky disco groove with slap bass and brass', { durationSeconds: 5, seed: 4 })));
      const whole = await synthesizeWhole(bank, midi, { durationSeconds: 5 });
      const rendered = await synthesizeMidi(bank, midi, { durationSeconds: 5, helper: broken });
      expect(differing(rendered.left, whole.left)).toBe(0);
      expect(differing(rendered.right, whole.right)).toBe(0);
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('renders the same song twice to the same samples', async () => {
    const midi = toMidiFile(arrange(planFromPrompt('energetic rock anthem with distorted guitars', { durationSeconds: 5, seed: 7 })));
    const first = await synthesizeSplit(bank, midi, { durationSeconds: 5 }, helper);
    const second = await synthesizeSplit(bank, midi, { durationSeconds: 5 }, helper);
    expect(differing(second.left, first.left)).toBe(0);
    expect(differing(second.right, first.right)).toBe(0);
  }, 60_000);

  it('plays effect changes (GS SysEx) and the delay effect as one synthesiser does', async () => {
    const options = { durationSeconds: 4 };
    const whole = await synthesizeWhole(bank, effectsMidi(true), options);
    const split = await synthesizeSplit(bank, effectsMidi(true), options, helper);
    const withoutSysEx = await synthesizeWhole(bank, effectsMidi(false), options);
    expect(largestDifference(split.left, whole.left)).toBeLessThan(ROUNDING);
    expect(largestDifference(split.right, whole.right)).toBeLessThan(ROUNDING);
    // The SysEx did change the sound, so the helper's synthesiser had to follow it.
    expect(differing(whole.left, withoutSysEx.left)).toBeGreaterThan(44100);
  }, 60_000);
});
