import { setImmediate as nextTurn } from 'node:timers/promises';
import { concatBytes } from '../codec/pcm.ts';
import { Mp3StreamEncoder } from '../codec/mp3.ts';
import { arrangeWithLyrics } from '../music/arrange/arrange.ts';
import { coverArtSvg } from '../music/artwork.ts';
import { validateMusicRequest, type MusicEngine, type MusicRequest, type MusicResult } from '../music/engine.ts';
import { MusicError } from '../music/errors.ts';
import { toMidiFile } from '../music/midi-file.ts';
import { planFromPrompt } from '../music/plan.ts';
import { newSeed } from '../music/random.ts';

/** MPEG-1 rate, so the 192 kbps of the local engine's files is allowed (MPEG-2 rates stop at 160). */
const SAMPLE_RATE = 32_000;
const BITRATE = 192;

/**
 * A music engine for API tests: the local engine's composer (plan, arrangement, lyrics timeline, MIDI, cover art) with
 * a plain tone of the plan's length in place of the SoundFont render and mastering, which take seconds to minutes of
 * CPU per track. The MP3 has the local engine's bitrate and length; encoding yields between seconds and stops when
 * the request's signal aborts, so cancelling a running job behaves as with the real engine. The real render is
 * tested in this package (engine.test.ts, engine.full.test.ts) and end to end.
 */
export class FastMusicEngine implements MusicEngine {
  readonly provider = 'local' as const;
  /** Every request, for tests that check what the server asked for. */
  readonly requests: MusicRequest[] = [];

  async generate(request: MusicRequest): Promise<MusicResult> {
    validateMusicRequest(request);
    this.requests.push(request);
    const seed = request.seed ?? newSeed();
    request.onProgress?.({ stage: 'compose', fraction: 0 });
    const plan = planFromPrompt(request.prompt, { durationSeconds: request.durationSeconds, seed, ...(request.lyrics ? { lyrics: request.lyrics } : {}) });
    const { arrangement, lyricsTimeline } = arrangeWithLyrics(plan);
    const midi = toMidiFile(arrangement);
    const mp3 = await encodeTone(plan.durationSeconds, request);
    request.onProgress?.({ stage: 'encode', fraction: 1 });
    return {
      provider: 'local',
      seed,
      plan,
      mp3,
      durationSeconds: plan.durationSeconds,
      artworkSvg: coverArtSvg(plan, seed),
      midi,
      ...(lyricsTimeline ? { lyricsTimeline } : {}),
    };
  }

  async close(): Promise<void> {}
}

async function encodeTone(seconds: number, request: MusicRequest): Promise<Uint8Array> {
  const encoder = await Mp3StreamEncoder.create({ sampleRate: SAMPLE_RATE, bitrate: BITRATE });
  const second = new Float32Array(SAMPLE_RATE);
  for (let index = 0; index < SAMPLE_RATE; index += 1) second[index] = 0.1 * Math.sin((2 * Math.PI * 220 * index) / SAMPLE_RATE);
  const parts: Uint8Array[] = [];
  for (let elapsed = 0; elapsed < seconds; elapsed += 1) {
    // Between seconds, a deleted track's abort (and every other request) gets its turn.
    await nextTurn();
    if (request.signal?.aborted) throw new MusicError('ABORTED', 'Music generation was aborted');
    parts.push(encoder.encode(second.subarray(0, Math.round(Math.min(1, seconds - elapsed) * SAMPLE_RATE))));
    request.onProgress?.({ stage: 'render', fraction: (elapsed + 1) / seconds });
  }
  parts.push(encoder.finish());
  return concatBytes(parts);
}
