import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import createEspeakModule from '@echogarden/espeak-ng-emscripten';

/** The parts of the Emscripten build (eSpeak NG 1.52 fork used by Echogarden) that the engine relies on. */
export interface EspeakEvent {
  type: 'sentence' | 'word' | 'phoneme' | 'end' | 'mark' | 'play' | 'msg_terminated' | 'list_terminated' | 'samplerate';
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}

export interface EspeakVoiceInfo {
  name: string;
  identifier: string;
  languages: Array<{ priority: number; name: string }>;
}

export interface EspeakWorkerInstance {
  /** Returns 0 on success; a non-zero code leaves the previous voice in place. */
  set_voice(name: string): number;
  set_rate(wordsPerMinute: number): number;
  set_pitch(pitch: number): number;
  set_range(range: number): number;
  get_samplerate(): number;
  /** SSML and `[[phoneme]]` input are enabled. The callback returns true to abort. */
  synthesize(text: string, callback: (samples: Int16Array | undefined, events: EspeakEvent[]) => boolean): void;
  list_voices(): EspeakVoiceInfo[];
  /** eSpeak's text-to-phonemes for one clause: a wrapped pointer to a NUL-terminated UTF-8 string in the heap. */
  convert_to_phonemes(text: string, useIpa: boolean): unknown;
}

export interface EspeakModule {
  eSpeakNGWorker: new () => EspeakWorkerInstance;
  FS: { readdir(path: string): string[] };
  /** The WASM memory (a new view after the memory grows: read it each time). */
  HEAPU8: Uint8Array;
  getPointer(wrapped: unknown): number;
}

function isEspeakModule(value: unknown): value is EspeakModule {
  return typeof value === 'object' && value !== null && 'eSpeakNGWorker' in value && 'FS' in value;
}

/** Instantiates the WASM build: reads the 24 MB voice data from disk, so nothing is downloaded. */
export async function loadEspeakModule(): Promise<EspeakModule> {
  const module: unknown = await createEspeakModule();
  if (!isEspeakModule(module)) throw new Error('Unexpected eSpeak NG module shape');
  return module;
}

export const ESPEAK_VARIANTS_PATH = '/usr/share/espeak-ng-data/voices/!v';

/**
 * Where the build keeps the heap's break (the top of what malloc has taken from memory), as a byte address, read out
 * of the build's own sbrk (its wasm2js code: `b=I[word]; ...; I[word]=a; return b`); undefined if no such function is
 * found. Nothing a render writes lies above the break, so a restore need only clear up to it.
 */
export async function heapBreakAddress(): Promise<number | undefined> {
  const source = await readFile(createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten'), 'utf8');
  const sbrk = /function [\w$]+\(a\)\{var b=0,c=0;b=I\[(\d+)\];c=a\+7&-8;a=b\+c\|0;a:\{.{0,200}?\}I\[\1\]=a;return b\}/.exec(source);
  return sbrk ? Number(sbrk[1]) * 4 : undefined;
}
