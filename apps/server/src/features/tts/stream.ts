import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { SpeechEngine } from '@sound-studio/audio';
import type { CreditHold } from '../../lib/credit-hold.ts';
import type { FileStore, FileWriter } from '../../lib/file-store/file-store.ts';
import { mp3Pieces, type Mp3Piece } from '../../lib/speech/mp3-pieces.ts';
import { TimingsRecorder } from '../../lib/speech/timings.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { costOf, engineRequestOf, type PreparedSpeech } from './prepare.ts';
import type { TtsService } from './service.ts';

export const GENERATION_ID_HEADER = 'x-generation-id';

export interface StreamDependencies {
  service: TtsService;
  speech: SpeechEngine;
  files: FileStore;
  log: FastifyBaseLogger;
}

type StreamOutcome = { kind: 'completed' } | { kind: 'disconnected' } | { kind: 'failed'; error: unknown };

/**
 * POST /voices/generate-tts/stream after validation: MP3 goes out (and to the store) sentence by sentence. Errors
 * before the first byte are ordinary JSON errors. At the end the generation is kept and charged; a client that leaves
 * early pays only for the sentences it was sent and keeps no history entry; an engine failure midway charges nothing
 * and cuts the response off (the client sees an incomplete chunked body).
 */
export async function streamSpeech(deps: StreamDependencies, prepared: PreparedSpeech, reply: FastifyReply): Promise<void> {
  const disconnect = new AbortController();
  const raw = reply.raw;
  const onClose = () => {
    if (!raw.writableEnded) disconnect.abort();
  };
  raw.on('close', onClose);
  const recorder = new TimingsRecorder(prepared.text);
  let started: HeldStream;
  try {
    started = await startStream(deps, prepared, recorder, disconnect);
  } catch (error) {
    raw.off('close', onClose);
    throw error;
  }
  const { hold, writer, pieces, first } = started;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'audio/mpeg',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    [GENERATION_ID_HEADER]: prepared.generationId,
  });
  const progress = { characters: 0, durationSeconds: 0 };
  const outcome = await sendPieces(raw, first, pieces, writer, progress, disconnect.signal);
  raw.off('close', onClose);
  await finish(deps, { prepared, hold, writer, raw, progress, outcome, recorder });
}

/** A stream whose credits are held, whose history file is open and whose first audible piece is ready. */
export interface HeldStream {
  hold: CreditHold;
  writer: FileWriter;
  pieces: AsyncGenerator<Mp3Piece>;
  first: IteratorResult<Mp3Piece>;
}

/** The studio's start: its engine's pieces as MP3, held and stored by startHeldStream. */
function startStream(deps: StreamDependencies, prepared: PreparedSpeech, recorder: TimingsRecorder, stop: AbortController): Promise<HeldStream> {
  const startPieces = () => mp3Pieces(recorder.observe(deps.speech.speakStream(engineRequestOf(prepared, prepared.text), { signal: stop.signal, audio: 'mp3' })));
  return startHeldStream(deps.service, prepared, startPieces, stop, () => deps.service.openWriter(prepared));
}

/**
 * Starts the engine's pieces (a request it refuses is the error, before anything is held), then pulls the first piece
 * while the credits are held and the history file is opened, so the first audio does not wait for the ledger. Nothing
 * reaches the client before the hold has succeeded: the caller only writes once this returns. A refused hold stops the
 * engine at once (through `stop`) and is the error the client gets; any failure here gives back what was taken and is
 * an ordinary (JSON) error.
 */
export async function startHeldStream(
  service: TtsService, prepared: PreparedSpeech, startPieces: () => AsyncGenerator<Mp3Piece>, stop: AbortController, openWriter: () => Promise<FileWriter>,
): Promise<HeldStream> {
  let pieces: AsyncGenerator<Mp3Piece>;
  try {
    pieces = startPieces();
  } catch (error) {
    throw speechErrorToAppError(error);
  }
  const holding = service.holdCredits(prepared);
  holding.catch(() => stop.abort());
  const [hold, writer, first] = await Promise.allSettled([holding, openWriter(), firstAudiblePiece(pieces)]);
  if (hold.status === 'fulfilled' && writer.status === 'fulfilled' && first.status === 'fulfilled') {
    return { hold: hold.value, writer: writer.value, pieces, first: first.value };
  }
  const failure: unknown = [hold, writer, first].find((outcome) => outcome.status === 'rejected')?.reason;
  await Promise.all([
    hold.status === 'fulfilled' ? hold.value.release() : undefined,
    writer.status === 'fulfilled' ? writer.value.abort() : undefined,
    pieces.return(undefined).catch(() => undefined),
  ]);
  throw speechErrorToAppError(failure);
}

/** Gives back what startHeldStream took, for a stream that fails before its first byte is sent. */
export async function giveBackHeldStream({ hold, writer, pieces }: HeldStream): Promise<void> {
  await Promise.all([hold.release(), writer.abort(), pieces.return(undefined).catch(() => undefined)]);
}

/** Keeps pulling until there are bytes to send, so a failure of the first sentence can still be a JSON error. */
export async function firstAudiblePiece(pieces: AsyncGenerator<Mp3Piece>): Promise<IteratorResult<Mp3Piece>> {
  for (;;) {
    const item = await pieces.next();
    if (item.done || item.value.bytes.length > 0 || item.value.completes) return item;
  }
}

async function sendPieces(
  raw: ServerResponse,
  first: IteratorResult<Mp3Piece>,
  pieces: AsyncGenerator<Mp3Piece>,
  writer: FileWriter,
  progress: { characters: number; durationSeconds: number },
  signal: AbortSignal,
): Promise<StreamOutcome> {
  try {
    for (let item = first; !item.done; item = await pieces.next()) {
      if (signal.aborted) break;
      await writer.write(item.value.bytes);
      await writeToClient(raw, item.value.bytes, signal);
      const chunk = item.value.completes;
      if (chunk && !signal.aborted) {
        if (chunk.kind === 'sentence') progress.characters += chunk.text.length;
        progress.durationSeconds += chunk.durationSeconds;
      }
    }
  } catch (error) {
    if (!signal.aborted) return { kind: 'failed', error };
  } finally {
    await pieces.return(undefined).catch(() => undefined);
  }
  return signal.aborted ? { kind: 'disconnected' } : { kind: 'completed' };
}

interface Finish {
  prepared: PreparedSpeech;
  hold: CreditHold;
  writer: FileWriter;
  raw: ServerResponse;
  progress: { characters: number; durationSeconds: number };
  outcome: StreamOutcome;
  recorder: TimingsRecorder;
}

async function finish(deps: StreamDependencies, { prepared, hold, writer, raw, progress, outcome, recorder }: Finish): Promise<void> {
  if (outcome.kind === 'disconnected') {
    await writer.abort();
    await hold.settle(costOf(progress.characters, prepared.creditsPerCharacter));
    return;
  }
  try {
    if (outcome.kind === 'failed') throw outcome.error;
    await writer.commit();
    await deps.service.keep(prepared, hold, {
      durationSeconds: progress.durationSeconds,
      source: 'editor',
      timings: recorder.timings('mp3'),
    });
    raw.end();
  } catch (error) {
    deps.log.error({ err: error, generationId: prepared.generationId }, 'speech stream failed');
    await writer.abort();
    await deps.service.discardFiles(prepared);
    await hold.release();
    raw.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Waits for the socket to drain when it is full, unless the client has gone. */
export function writeToClient(raw: ServerResponse, bytes: Uint8Array, signal: AbortSignal): Promise<void> {
  if (bytes.length === 0 || signal.aborted || raw.write(bytes)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    raw.once('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
