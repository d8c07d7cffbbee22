import { BasicMIDI, SpessaSynthProcessor, SpessaSynthSequencer, type BasicSoundBank } from 'spessasynth_core';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrange } from '../arrange/arrange.ts';
import { toMidiFile } from '../midi-file.ts';
import { planFromPrompt } from '../plan.ts';
import { speedUpVoices } from './fast-voice.ts';
import { defaultSoundFontPath, loadSoundBank } from './synthesize.ts';

const RATE = 44100;
const BLOCK = 128;

let bank: BasicSoundBank;

beforeAll(async () => {
  bank = await loadSoundBank(defaultSoundFontPath());
}, 60_000);

/** `seconds` of the MIDI file through one synthesiser with its own effects, the fused voice render on or off. */
async function render(midi: Uint8Array, seconds: number, fused: boolean): Promise<[Float32Array, Float32Array]> {
  const synth = new SpessaSynthProcessor(RATE, { eventsEnabled: false, effectsEnabled: true });
  if (fused) expect(speedUpVoices(synth)).toBe(true);
  synth.soundBankManager.addSoundBank(bank, 'main');
  await synth.processorInitialized;
  const sequencer = new SpessaSynthSequencer(synth);
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.loadNewSongList([BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer)]);
  sequencer.play();
  const left = new Float32Array(seconds * RATE);
  const right = new Float32Array(left.length);
  for (let frame = 0; frame < left.length; frame += BLOCK) {
    sequencer.processTick();
    synth.process(left, right, frame, Math.min(BLOCK, left.length - frame));
  }
  return [left, right];
}

/** Samples that differ, sign of zero included (a count, so a failure does not print long arrays). */
function differing(actual: Float32Array, expected: Float32Array): number {
  let count = 0;
  for (let index = 0; index < expected.length; index++) if (!Object.is(actual[index], expected[index])) count++;
  return count;
}

describe('speedUpVoices', () => {
  // Filtered and open voices, pans, reverb and chorus sends, drums, pitch bends from several genres.
  it.each(['smooth jazz ballad with saxophone', 'energetic rock anthem with distorted guitars', 'reggae one drop with organ skank'])(
    'gives exactly the samples of spessasynth’s own voice render (%s)',
    async (prompt) => {
      const midi = toMidiFile(arrange(planFromPrompt(prompt, { durationSeconds: 12, seed: 7 })));
      const [left, right] = await render(midi, 12, true);
      const [expectedLeft, expectedRight] = await render(midi, 12, false);
      expect(left.some((value) => value !== 0)).toBe(true);
      expect(differing(left, expectedLeft)).toBe(0);
      expect(differing(right, expectedRight)).toBe(0);
    },
    60_000,
  );

  it('leaves a synthesiser it does not know untouched', () => {
    const stranger = { synthCore: { midiChannels: 'none' } } as unknown as SpessaSynthProcessor;
    expect(speedUpVoices(stranger)).toBe(false);
  });
});
