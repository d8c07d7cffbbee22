import { concatInt16 } from '../../codec/pcm.ts';
import { ESPEAK_VARIANTS_PATH, heapBreakAddress, loadEspeakModule, type EspeakModule, type EspeakWorkerInstance } from './espeak-module.ts';

export interface EspeakSettings {
  /** eSpeak voice file, e.g. `en-us`. */
  voice: string;
  /** Variant file, e.g. `f3`. */
  variant?: string;
  /** Words per minute, 80–450. */
  rate: number;
  /** Base pitch, 0–99. */
  pitch: number;
  /** Pitch range, 0–99. */
  pitchRange: number;
}

export interface EspeakInventory {
  voices: Array<{ name: string; identifier: string; languages: string[] }>;
  variants: string[];
}

const WARM_UP_TEXT = 'Warming up the speech engine, one sentence at a time.';

/**
 * Bytes of the Emscripten binding's string buffer, grown before the memory is copied. A longer string is placed in a
 * temporary allocation freed on the next call, which a restored memory would not know about, so restoring stops for
 * good once one is seen. A request's text (5,000 characters, normalised and escaped) stays well below this.
 */
const STRING_CACHE_BYTES = 128 * 1024;

function warmUpSettings(round: number): EspeakSettings {
  return { voice: 'en-us', rate: 175 + round * 20, pitch: 50, pitchRange: 50 };
}

/** One warm eSpeak NG instance. It is synchronous and single-threaded: use one per worker thread. */
export class EspeakSynthesizer {
  private readonly variants: Set<string>;
  /** set_voice reloads voice data, so it is only called when the voice changes. */
  private currentVoice = '';

  /**
   * The WASM memory as it was after loading and the first warm-up round (eSpeak finishes initialising on first use, so
   * a copy taken before that cannot be restored). eSpeak keeps state between calls (its noise generator, pitch
   * flutter), so the same sentence comes out a few samples different each time; copying this back first makes a
   * render depend only on its input, and the copy is the same in every worker.
   */
  private initialMemory: { heap: Uint8Array; voice: string } | null = null;
  /**
   * The byte address of the heap's break (espeak-module.ts), when it checked out at load: a restore then clears only
   * up to the break the last render left, not all 17 MB above the copy (which costs more than the copy, and pushes
   * everything else out of the CPU's caches). Without it, everything above the copy is cleared.
   */
  private breakAddress: number | undefined;
  /** Warm-up rounds already rendered (the first one is part of loading). */
  private warmedRounds = 0;

  private constructor(
    private readonly module: EspeakModule,
    private readonly instance: EspeakWorkerInstance,
    variants: string[],
    readonly sampleRate: number,
  ) {
    this.variants = new Set(variants);
  }

  static async load(): Promise<EspeakSynthesizer> {
    const module = await loadEspeakModule();
    const instance = new module.eSpeakNGWorker();
    const variants = module.FS.readdir(ESPEAK_VARIANTS_PATH).filter((name) => !name.startsWith('.'));
    const synthesizer = new EspeakSynthesizer(module, instance, variants, instance.get_samplerate());
    // A string this long makes the binding grow its buffer on the next call (two renders of blank text, no audio).
    const blank = ' '.repeat(STRING_CACHE_BYTES);
    synthesizer.synthesize(blank, warmUpSettings(0));
    synthesizer.synthesize(blank, warmUpSettings(0));
    synthesizer.warmUp(1);
    synthesizer.initialMemory = { heap: usedPrefix(module.HEAPU8), voice: synthesizer.currentVoice };
    synthesizer.breakAddress = checkedBreakAddress(module.HEAPU8, await heapBreakAddress(), synthesizer.initialMemory.heap.length);
    return synthesizer;
  }

  /**
   * Puts the engine back as it was loaded (about a millisecond): the next render is reproducible. The copy holds the
   * memory up to its last non-zero byte (about 1.3 of 17 MB); the rest was zero, so it is cleared rather than copied.
   */
  restoreInitialState(): void {
    if (!this.initialMemory) return;
    const heap = this.module.HEAPU8;
    const copied = this.initialMemory.heap.length;
    // Read before the copy puts the break back where it was.
    const written = this.breakAddress === undefined ? heap.length : Math.min(heap.length, Math.max(copied, readWord(heap, this.breakAddress)));
    heap.set(this.initialMemory.heap);
    heap.fill(0, copied, written);
    this.currentVoice = this.initialMemory.voice;
  }

  /** True when restores clear only up to the heap's break (the build's sbrk was found and checked). */
  get restoresUpToBreak(): boolean {
    return this.breakAddress !== undefined;
  }

  synthesize(text: string, settings: EspeakSettings): Int16Array {
    return this.synthesizeWithWords(text, settings).samples;
  }

  /** Renders text and reports where each word starts in the raw audio, from eSpeak's own word events. */
  synthesizeWithWords(text: string, settings: EspeakSettings): { samples: Int16Array; words: EspeakWordMark[] } {
    this.selectVoice(settings.voice, settings.variant);
    this.instance.set_rate(settings.rate);
    this.instance.set_pitch(settings.pitch);
    this.instance.set_range(settings.pitchRange);
    const chunks: Int16Array[] = [];
    const escaped = escapeForSsml(text);
    if (Buffer.byteLength(escaped, 'utf8') >= STRING_CACHE_BYTES) this.initialMemory = null;
    const original = originalOffsets(text, escaped);
    const words: EspeakWordMark[] = [];
    this.instance.synthesize(escaped, (samples, events) => {
      if (samples && samples.length > 0) chunks.push(samples);
      for (const event of events) {
        if (event.type !== 'word' || event.word_length <= 0) continue;
        // Positions are 1-based characters of the escaped text; an entity word is reported at the entity's last char.
        const first = event.text_position - 1;
        const start = original.start(first);
        const end = original.end(Math.min(escaped.length, first + event.word_length));
        if (start === undefined || end === undefined || end <= start) continue;
        words.push({ start, end, seconds: event.audio_position / 1000 });
      }
      return false;
    });
    return { samples: concatInt16(chunks), words };
  }

  /**
   * V8 compiles the WASM lazily and tiers it up on repeated calls; the first few sentences are several times slower
   * than steady state, so a new instance renders a few warm-up sentences before serving requests.
   */
  warmUp(rounds = 4): void {
    for (let round = this.warmedRounds; round < rounds; round++) this.synthesize(WARM_UP_TEXT, warmUpSettings(round));
    this.warmedRounds = Math.max(this.warmedRounds, rounds);
  }

  /**
   * The IPA eSpeak NG would speak for `text` (one clause, no markup): words separated by spaces, phonemes by `_`,
   * clauses eSpeak finds on its own by ` | `. This is the phonemizer Piper voices were trained with.
   */
  phonemize(text: string, voice: string): string {
    this.selectVoice(voice, undefined);
    const pointer = this.module.getPointer(this.instance.convert_to_phonemes(text, true));
    const heap = this.module.HEAPU8;
    let end = pointer;
    while (heap[end] !== 0 && end < heap.length) end++;
    return new TextDecoder().decode(heap.subarray(pointer, end));
  }

  inventory(): EspeakInventory {
    return {
      voices: this.instance.list_voices().map((voice) => ({
        name: voice.name,
        identifier: voice.identifier,
        languages: voice.languages.map((language) => language.name),
      })),
      variants: [...this.variants].sort(),
    };
  }

  private selectVoice(voice: string, variant: string | undefined): void {
    // eSpeak silently ignores an unknown variant, so check it ourselves.
    if (variant !== undefined && !this.variants.has(variant)) throw new Error(`eSpeak NG has no voice variant "${variant}"`);
    const name = variant ? `${voice}+${variant}` : voice;
    if (name === this.currentVoice) return;
    if (this.instance.set_voice(name) !== 0) throw new Error(`eSpeak NG has no voice "${voice}"`);
    this.currentVoice = name;
  }
}

/** One word eSpeak spoke: its range in the unescaped input and where its audio starts in the raw output. */
export interface EspeakWordMark {
  start: number;
  end: number;
  seconds: number;
}

function readWord(heap: Uint8Array, address: number): number {
  return new DataView(heap.buffer, heap.byteOffset).getUint32(address, true);
}

/**
 * The break address if it holds a break: a word inside the copy (so a restore puts the break back too) whose value is
 * 8-byte aligned, inside the memory and above every non-zero byte (the copy's end), as a break must be; otherwise
 * undefined, and restores clear everything.
 */
function checkedBreakAddress(heap: Uint8Array, address: number | undefined, copied: number): number | undefined {
  if (address === undefined || address + 4 > copied) return undefined;
  const value = readWord(heap, address);
  return value % 8 === 0 && value >= copied && value <= heap.length ? address : undefined;
}

/** A copy of `memory` up to its last non-zero byte. */
function usedPrefix(memory: Uint8Array): Uint8Array {
  let end = memory.length;
  while (end > 0 && memory[end - 1] === 0) end--;
  return memory.slice(0, end);
}

/**
 * Offsets of the escaped text mapped back to the text (undefined outside it). Most texts need no escaping: theirs map
 * to themselves, without a table per character.
 */
function originalOffsets(text: string, escaped: string): { start: (offset: number) => number | undefined; end: (offset: number) => number | undefined } {
  if (escaped === text) {
    const inText = (offset: number): number | undefined => (offset >= 0 && offset <= text.length ? offset : undefined);
    return { start: inText, end: inText };
  }
  const { starts, ends } = escapedToOriginalOffsets(text);
  return { start: (offset) => starts[offset], end: (offset) => ends[offset] };
}

/**
 * For each offset of the escaped text (and one past its end), the offset in the text before escaping: inside an
 * entity, a start maps to the escaped character and an exclusive end to just after it.
 */
function escapedToOriginalOffsets(text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const escapedLength = ESCAPED_LENGTHS[text.charAt(index)] ?? 1;
    for (let step = 0; step < escapedLength; step++) {
      starts.push(index);
      ends.push(step === 0 ? index : index + 1);
    }
  }
  starts.push(text.length);
  ends.push(text.length);
  return { starts, ends };
}

/** How long each character escapeForSsml replaces becomes. */
const ESCAPED_LENGTHS: Readonly<Record<string, number>> = { '&': 5, '<': 4, '>': 4 };

/** The build parses SSML, so text must not carry raw markup characters. */
export function escapeForSsml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
