import { concatInt16 } from '../../codec/pcm.ts';
import { ESPEAK_VARIANTS_PATH, loadEspeakModule, type EspeakWorkerInstance } from './espeak-module.ts';

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

/** One warm eSpeak NG instance. It is synchronous and single-threaded: use one per worker thread. */
export class EspeakSynthesizer {
  private readonly variants: Set<string>;
  /** set_voice reloads voice data, so it is only called when the voice changes. */
  private currentVoice = '';

  private constructor(
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
    return new EspeakSynthesizer(instance, variants, instance.get_samplerate());
  }

  synthesize(text: string, settings: EspeakSettings): Int16Array {
    this.selectVoice(settings.voice, settings.variant);
    this.instance.set_rate(settings.rate);
    this.instance.set_pitch(settings.pitch);
    this.instance.set_range(settings.pitchRange);
    const chunks: Int16Array[] = [];
    this.instance.synthesize(escapeForSsml(text), (samples) => {
      if (samples && samples.length > 0) chunks.push(samples);
      return false;
    });
    return concatInt16(chunks);
  }

  /**
   * V8 compiles the WASM lazily and tiers it up on repeated calls; the first few sentences are several times slower
   * than steady state, so a new instance renders a few warm-up sentences before serving requests.
   */
  warmUp(rounds = 4): void {
    for (let round = 0; round < rounds; round++) {
      this.synthesize('Warming up the speech engine, one sentence at a time.', { voice: 'en-us', rate: 175 + round * 20, pitch: 50, pitchRange: 50 });
    }
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

/** The build parses SSML, so text must not carry raw markup characters. */
export function escapeForSsml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
