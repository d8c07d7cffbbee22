import { arrangeWithLyrics } from './arrange/arrange.ts';
import { coverArtSvg } from './artwork.ts';
import { MusicError } from './errors.ts';
import { toMidiFile } from './midi-file.ts';
import { planFromPrompt } from './plan.ts';
import { newSeed } from './random.ts';
import { MusicRenderer, type MusicRendererOptions } from './render/renderer.ts';
import type { LyricsTimeline, MusicPlan } from './types.ts';

export type MusicStage = 'compose' | 'render' | 'master' | 'encode' | 'request' | 'download';

export interface MusicProgress {
  stage: MusicStage;
  /** Overall progress 0–1. */
  fraction: number;
}

export interface MusicRequest {
  prompt: string;
  /** 30, 60, 120, 180 or 240 in the product; any value from 5 to 600 s works. */
  durationSeconds: number;
  /** Advanced mode: lyrics with optional [Verse]/[Chorus] tags. */
  lyrics?: string;
  /** Reproduces a take; omitted, every call gives a new one. */
  seed?: number;
  /** Also return a 16-bit stereo WAV. */
  wav?: boolean;
  onProgress?: (progress: MusicProgress) => void;
  signal?: AbortSignal;
}

export interface MusicResult {
  provider: 'local' | 'minimax';
  seed: number;
  plan: MusicPlan;
  /** 192 kbps stereo MP3 (local); the provider's MP3 for cloud engines. */
  mp3: Uint8Array;
  wav?: Uint8Array;
  durationSeconds: number;
  /** 1024x1024 SVG cover art. */
  artworkSvg: string;
  /** Lyrics timed to the lead line, when lyrics were given. */
  lyricsTimeline?: LyricsTimeline;
  /** The arrangement as a Standard MIDI File (local engine). */
  midi?: Uint8Array;
  loudnessLufs?: number;
  truePeakDbtp?: number;
}

/** Music from a text prompt: one interface for the local composer and cloud providers. */
export interface MusicEngine {
  readonly provider: 'local' | 'minimax';
  generate(request: MusicRequest): Promise<MusicResult>;
  close(): Promise<void>;
}

export const MUSIC_LIMITS = { minSeconds: 5, maxSeconds: 600, maxPromptCharacters: 2000, maxLyricsCharacters: 3500 } as const;

export function validateMusicRequest(request: MusicRequest): void {
  if (typeof request.prompt !== 'string' || request.prompt.trim().length === 0) {
    throw new MusicError('INVALID_REQUEST', 'Please enter a music prompt');
  }
  if (request.prompt.length > MUSIC_LIMITS.maxPromptCharacters) {
    throw new MusicError('INVALID_REQUEST', `The prompt is longer than ${MUSIC_LIMITS.maxPromptCharacters} characters`);
  }
  if (!Number.isFinite(request.durationSeconds) || request.durationSeconds < MUSIC_LIMITS.minSeconds || request.durationSeconds > MUSIC_LIMITS.maxSeconds) {
    throw new MusicError('INVALID_REQUEST', `durationSeconds must be between ${MUSIC_LIMITS.minSeconds} and ${MUSIC_LIMITS.maxSeconds}`);
  }
  if (request.lyrics !== undefined && request.lyrics.length > MUSIC_LIMITS.maxLyricsCharacters) {
    throw new MusicError('INVALID_REQUEST', `Lyrics are longer than ${MUSIC_LIMITS.maxLyricsCharacters} characters`);
  }
  if (request.seed !== undefined && !(Number.isInteger(request.seed) && request.seed >= 0 && request.seed <= 0xffffffff)) {
    throw new MusicError('INVALID_REQUEST', 'seed must be an integer from 0 to 4294967295');
  }
}

/** Where each stage sits in the overall progress bar. */
const STAGE_SPANS: Record<'render' | 'master' | 'encode', readonly [number, number]> = {
  render: [0.03, 0.82], master: [0.82, 0.9], encode: [0.9, 1],
};

export interface LocalMusicEngineOptions extends MusicRendererOptions {
  /** Share one renderer (and its sound banks) between engines. */
  renderer?: MusicRenderer;
}

/**
 * The local engine: compose a plan and arrangement from the prompt (milliseconds, on the caller's thread), then
 * render with spessasynth_core, master and encode in a worker thread.
 */
export class LocalMusicEngine implements MusicEngine {
  readonly provider = 'local' as const;
  private readonly renderer: MusicRenderer;
  private readonly ownsRenderer: boolean;

  constructor(options: LocalMusicEngineOptions = {}) {
    this.ownsRenderer = !options.renderer;
    this.renderer = options.renderer ?? new MusicRenderer(options);
  }

  warmUp(): Promise<void> {
    return this.renderer.warmUp();
  }

  async generate(request: MusicRequest): Promise<MusicResult> {
    validateMusicRequest(request);
    const seed = request.seed ?? newSeed();
    request.onProgress?.({ stage: 'compose', fraction: 0 });
    const plan = planFromPrompt(request.prompt, { durationSeconds: request.durationSeconds, seed, ...(request.lyrics ? { lyrics: request.lyrics } : {}) });
    const { arrangement, lyricsTimeline } = arrangeWithLyrics(plan);
    const midi = toMidiFile(arrangement);
    request.onProgress?.({ stage: 'compose', fraction: STAGE_SPANS.render[0] });
    const produced = await this.renderer.produce(midi, {
      durationSeconds: plan.durationSeconds,
      wav: request.wav ?? false,
      mp3Bitrate: 192,
      ...(request.signal ? { signal: request.signal } : {}),
      onProgress: (stage, fraction) => {
        const [start, end] = STAGE_SPANS[stage];
        request.onProgress?.({ stage, fraction: start + (end - start) * fraction });
      },
    });
    request.onProgress?.({ stage: 'encode', fraction: 1 });
    const result: MusicResult = {
      provider: 'local',
      seed,
      plan,
      mp3: produced.mp3,
      durationSeconds: plan.durationSeconds,
      artworkSvg: coverArtSvg(plan, seed),
      midi,
      loudnessLufs: produced.loudnessLufs,
      truePeakDbtp: produced.truePeakDbtp,
    };
    if (produced.wav) result.wav = produced.wav;
    if (lyricsTimeline) result.lyricsTimeline = lyricsTimeline;
    return result;
  }

  async close(): Promise<void> {
    if (this.ownsRenderer) await this.renderer.close();
  }
}
