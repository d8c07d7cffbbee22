import type { ServerResponse } from 'node:http';
import type { SpeakOptions, SpeechChunk, SpeechRequest } from '@sound-studio/audio';
import type { SpeechTimings } from '@sound-studio/shared';
import type { FastifyReply } from 'fastify';
import type { CreditHold } from '../../../lib/credit-hold.ts';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { recordApiKeyUsage } from '../../../lib/api-keys/usage.ts';
import type { Database } from '../../../db/client.ts';
import type { FileWriter } from '../../../lib/file-store/file-store.ts';
import { mp3Pieces, type Mp3Piece } from '../../../lib/speech/mp3-pieces.ts';
import { TimingsRecorder } from '../../../lib/speech/timings.ts';
import { speechErrorToAppError } from '../../../lib/speech/speech-errors.ts';
import { costOf, engineRequestOf, type PreparedSpeech } from '../prepare.ts';
import { stretchChunks } from './speech-tempo.ts';
import { giveBackHeldStream, GENERATION_ID_HEADER, startHeldStream, writeToClient, type HeldStream, type StreamDependencies } from '../stream.ts';
import { createOutputEncoder, type FormatOptions, type OutputEncoder, type OutputFormat } from './output-formats.ts';

/**
 * The first sentence is cut after a few words (at a clause mark when there is one) so the first audio is rendered and
 * sent within tens of milliseconds instead of after the whole sentence (see the v1-speech bench).
 */
const LEAD_PIECE_MAX_LENGTH = 40;

export interface ApiSpeechCall {
  prepared: PreparedSpeech;
  apiKey: ApiKeyContext;
  format: OutputFormat;
  formatOptions?: FormatOptions;
  /** OpenAI's `stream_format: sse`: base64 audio in `speech.audio.delta` events, then `speech.audio.done` with usage. */
  sse: boolean;
  /** Extra reply headers (ElevenLabs' character-cost). */
  headers?: Record<string, string>;
  /** Engine settings beyond the prepared ones (ElevenLabs' seed, stability, text normalisation). */
  engine?: Pick<SpeechRequest, 'seed' | 'stability' | 'normalizeText'>;
  /** Time-stretch on top of the engine's speed (OpenAI speeds beyond 0.5–2); 1 when absent. */
  tempo?: number;
  /** False: charged, but neither the audio nor the text is kept (ElevenLabs' enable_logging=false). */
  keep?: boolean;
  /** False renders the first sentence whole instead of its first few words first (optimize_streaming_latency=0). */
  lowLatency?: boolean;
}

/** Where the history's MP3 copy goes: the file store, or nowhere when the call is not kept. */
export async function historyWriterOf(deps: ApiSpeechDependencies, call: ApiSpeechCall): Promise<FileWriter> {
  if (call.keep !== false) return deps.service.openWriter(call.prepared);
  return {
    write: async () => undefined,
    commit: async () => ({ size: 0, modifiedAt: new Date(deps.nowMs()) }),
    abort: async () => undefined,
  };
}

/** The engine's chunks for the call, at its tempo. */
export function speechChunksOf(deps: ApiSpeechDependencies, call: ApiSpeechCall, options: SpeakOptions = {}): AsyncIterable<SpeechChunk> {
  const request = { ...engineRequestOf(call.prepared, call.prepared.text), ...call.engine };
  return stretchChunks(deps.speech.speakStream(request, { ...options, audio: audioFor(call) }), call.tempo ?? 1);
}

/**
 * What the engine is asked for: MP3 when the call wants plain MP3 at the speech's own tempo (a provider's goes to the
 * client as it is; the local engine encodes on its render threads); any other format (or a re-rated MP3, a stretched
 * tempo) needs samples, so PCM.
 */
function audioFor(call: ApiSpeechCall): 'mp3' | 'pcm' {
  const plainMp3 = call.format === 'mp3' && !call.formatOptions?.sampleRate && !call.formatOptions?.bitrateKbps;
  return plainMp3 && (call.tempo ?? 1) === 1 ? 'mp3' : 'pcm';
}

/**
 * Charges the hold and, unless the call is not kept, saves the history row with its timings (in one transaction);
 * returns the id kept (null when not kept), characters and credits charged, and records the key's usage.
 */
export async function settleApiSpeech(
  deps: ApiSpeechDependencies,
  call: ApiSpeechCall,
  hold: CreditHold,
  outcome: { durationSeconds: number; timings: SpeechTimings },
): Promise<{ id: string | null; characters: number; credits: number }> {
  if (call.keep === false) {
    const credits = await hold.settle();
    await recordUsage(deps, call, null, call.prepared.characters, credits);
    return { id: null, characters: call.prepared.characters, credits };
  }
  const row = await deps.service.keep(call.prepared, hold, {
    durationSeconds: outcome.durationSeconds,
    source: 'api',
    apiKey: { id: call.apiKey.keyId, name: call.apiKey.keyName },
    timings: outcome.timings,
  });
  await recordUsage(deps, call, row.id, row.characters, row.credits);
  return { id: row.id, characters: row.characters, credits: row.credits };
}

export interface ApiSpeechDependencies extends StreamDependencies {
  db: Database;
  nowMs: () => number;
}

export interface SpeechUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  characters: number;
  credits: number;
}

interface Progress {
  characters: number;
  durationSeconds: number;
}

/**
 * A developer API speech call after validation: audio goes out chunk by chunk in the asked format while an MP3 copy
 * goes to the store for the history. Like the editor's stream, errors before the first byte are ordinary (JSON)
 * errors; at the end the generation is kept under the key's name and charged; a client that leaves pays only for
 * what it was sent; an engine failure charges nothing and cuts the response off.
 */
export async function streamApiSpeech(deps: ApiSpeechDependencies, call: ApiSpeechCall, reply: FastifyReply): Promise<void> {
  const { prepared } = call;
  const disconnect = new AbortController();
  const raw = reply.raw;
  const onClose = () => {
    if (!raw.writableEnded) disconnect.abort();
  };
  raw.on('close', onClose);
  const encoder = createOutputEncoder(call.format, call.formatOptions);
  const recorder = new TimingsRecorder(prepared.text);
  const progress: Progress = { characters: 0, durationSeconds: 0 };
  let started: StartedStream;
  try {
    started = await startStream(deps, call, { encoder, recorder, progress, stop: disconnect });
  } catch (error) {
    raw.off('close', onClose);
    throw error;
  }
  const { hold, writer, pieces, first, firstBytes } = started;

  reply.hijack();
  raw.writeHead(200, {
    'content-type': call.sse ? 'text/event-stream' : encoder.contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    [GENERATION_ID_HEADER]: prepared.generationId,
    ...call.headers,
  });
  const send = (bytes: Uint8Array) => writeToClient(raw, call.sse ? sseDelta(bytes) : bytes, disconnect.signal);
  let failure: unknown = null;
  try {
    await send(firstBytes);
    if (!first.done) {
      for (let item = await pieces.next(); !item.done && !disconnect.signal.aborted; item = await pieces.next()) {
        await send(await consume(item.value, writer, encoder, progress));
      }
    }
    if (!disconnect.signal.aborted) await send(await encoder.finish());
  } catch (error) {
    if (!disconnect.signal.aborted) failure = error;
  } finally {
    await pieces.return(undefined).catch(() => undefined);
    raw.off('close', onClose);
  }

  if (disconnect.signal.aborted) {
    encoder.abort();
    await writer.abort();
    const charged = await hold.settle(costOf(progress.characters, prepared.creditsPerCharacter));
    await recordUsage(deps, call, null, progress.characters, charged);
    return;
  }
  try {
    if (failure) throw failure;
    await writer.commit();
    const kept = await settleApiSpeech(deps, call, hold, { durationSeconds: progress.durationSeconds, timings: recorder.timings('mp3') });
    if (call.sse) raw.write(sseDone(usageOf(kept.characters, kept.credits)));
    raw.end();
  } catch (error) {
    deps.log.error({ err: error, generationId: prepared.generationId }, 'developer API speech failed');
    encoder.abort();
    await writer.abort();
    await deps.service.discardFiles(prepared);
    await hold.release();
    destroy(raw, error);
  }
}

interface StartedStream extends HeldStream {
  /** The client's bytes for the first piece (stored already). */
  firstBytes: Uint8Array;
}

interface StreamState {
  encoder: OutputEncoder;
  recorder: TimingsRecorder;
  progress: Progress;
  /** Aborted when the client leaves, or here when the hold is refused: the engine stops either way. */
  stop: AbortController;
}

/**
 * Starts the engine on the lead piece while the credits are held and the history file is opened (startHeldStream),
 * so the first audio does not wait for the ledger (see the v1-speech bench). A refused hold stops the engine at once
 * and answers 402 as before; any failure here gives back what was taken and is an ordinary (JSON) error.
 */
async function startStream(deps: ApiSpeechDependencies, call: ApiSpeechCall, state: StreamState): Promise<StartedStream> {
  const { prepared } = call;
  const { encoder, recorder, progress, stop } = state;
  let held: HeldStream;
  try {
    const options = { signal: stop.signal, ...(call.lowLatency === false ? {} : { leadPieceMaxLength: LEAD_PIECE_MAX_LENGTH }) };
    const startPieces = () => mp3Pieces(recorder.observe(speechChunksOf(deps, call, options)));
    held = await startHeldStream(deps.service, prepared, startPieces, stop, () => historyWriterOf(deps, call));
  } catch (error) {
    encoder.abort();
    throw error;
  }
  try {
    const firstBytes = held.first.done ? new Uint8Array(0) : await consume(held.first.value, held.writer, encoder, progress);
    return { ...held, firstBytes };
  } catch (error) {
    encoder.abort();
    await giveBackHeldStream(held);
    throw speechErrorToAppError(error);
  }
}

/** Stores the MP3 piece, notes what was spoken, and returns the client's bytes for it. */
async function consume(piece: Mp3Piece, writer: FileWriter, encoder: OutputEncoder, progress: Progress): Promise<Uint8Array> {
  await writer.write(piece.bytes);
  const bytes = await encoder.encode(piece);
  const chunk = piece.completes;
  if (chunk) {
    if (chunk.kind === 'sentence') progress.characters += chunk.text.length;
    progress.durationSeconds += chunk.durationSeconds;
  }
  return bytes;
}

export async function recordUsage(
  deps: ApiSpeechDependencies,
  call: ApiSpeechCall,
  generationId: string | null,
  characters: number,
  credits: number,
): Promise<void> {
  try {
    await recordApiKeyUsage(deps.db, {
      keyId: call.apiKey.keyId,
      userId: call.apiKey.userId,
      generationId,
      characters,
      credits,
      at: new Date(deps.nowMs()),
    });
  } catch (error) {
    // The audio is made and paid for (the ledger has it); a missed usage row must not turn that into an error.
    deps.log.warn({ err: error, keyId: call.apiKey.keyId }, 'could not record API key usage');
  }
}

/** OpenAI reports tokens; for speech we count characters in and bill credits. */
export function usageOf(characters: number, credits: number): SpeechUsage {
  return { input_tokens: characters, output_tokens: 0, total_tokens: characters, characters, credits };
}

function sseDelta(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 0) return bytes;
  const event = { type: 'speech.audio.delta', audio: Buffer.from(bytes).toString('base64') };
  return Buffer.from(`data: ${JSON.stringify(event)}\n\n`);
}

function sseDone(usage: SpeechUsage): string {
  return `data: ${JSON.stringify({ type: 'speech.audio.done', usage })}\n\n`;
}

function destroy(raw: ServerResponse, error: unknown): void {
  raw.destroy(error instanceof Error ? error : new Error(String(error)));
}
