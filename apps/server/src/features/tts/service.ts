import type { FastifyBaseLogger } from 'fastify';
import type { SpeechEngine } from '@sound-studio/audio';
import {
  renderCaptions,
  type CaptionFormat,
  type SpeechTimings,
  type TtsGeneration,
  type TtsHistoryReply,
  type TtsReply,
  type ttsHistoryQuerySchema,
} from '@sound-studio/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { REQUEST_HOLD, type CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore, FileWriter } from '../../lib/file-store/file-store.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { PreferencesStore } from '../../lib/preferences-store.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { loadTimings, saveTimings, timingsKeyOf, TimingsRecorder } from '../../lib/speech/timings.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import type { VoiceDirectory } from '../../lib/voice-directory.ts';
import { creditsPerCharacterOf, engineRequestOf, prepareSpeech, resolveVoiceOrFail, type PreparedSpeech, type TtsInput } from './prepare.ts';
import { rangeStart, TtsRepository, type GenerationRow } from './repository.ts';

export interface TtsServiceDependencies {
  db: Database;
  clock: Clock;
  credits: CreditService;
  files: FileStore;
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  speech: SpeechEngine;
  voices: VoiceDirectory;
  log: FastifyBaseLogger;
}

export type GenerationSource = GenerationRow['source'];

/** The service over what an app or a worker process provides (it may hold more than the service needs). */
export function ttsServiceFor(source: TtsServiceDependencies): TtsService {
  const { db, clock, credits, files, fileDeletions, mediaLinks, speech, voices, log } = source;
  return new TtsService({ db, clock, credits, files, fileDeletions, mediaLinks, speech, voices, log });
}

/** Text-to-speech: generation paid through the credit ledger, and the history of kept generations. */
export class TtsService {
  readonly repository: TtsRepository;
  readonly #preferences: PreferencesStore;

  constructor(private readonly deps: TtsServiceDependencies) {
    this.repository = new TtsRepository(deps.db);
    this.#preferences = new PreferencesStore(deps.db, deps.clock);
  }

  async prepare(userId: string, input: TtsInput): Promise<PreparedSpeech> {
    const voice = await resolveVoiceOrFail(this.deps.voices, input.voiceId, userId);
    const creditsPerCharacter = await creditsPerCharacterOf(this.repository, userId, voice.voice);
    return prepareSpeech(userId, input, { voices: this.deps.voices, creditsPerCharacter, voice });
  }

  /** Holds the generation's credits (402 INSUFFICIENT_CREDITS when the balance is short). */
  holdCredits(prepared: PreparedSpeech): Promise<CreditHold> {
    const description = `Text to speech (${prepared.characters} characters)`;
    return CreditHold.reserve(this.deps.credits, prepared.userId, prepared.cost, description, `tts:${prepared.generationId}`, REQUEST_HOLD, {
      kind: 'speech',
      characters: prepared.characters,
    });
  }

  /** POST /voices/generate-tts: hold credits, render and store the MP3, then keep it and charge in one transaction. */
  async generate(userId: string, input: TtsInput): Promise<TtsReply> {
    const prepared = await this.prepare(userId, input);
    const hold = await this.holdCredits(prepared);
    let row: GenerationRow;
    try {
      await this.reserveFile(prepared);
      const recorder = new TimingsRecorder(prepared.text);
      const rendered = await renderSpeechToFile(
        this.deps.speech,
        engineRequestOf(prepared, prepared.text),
        this.deps.files,
        prepared.fileKey,
        { timings: recorder },
      );
      row = await this.keep(prepared, hold, { durationSeconds: rendered.durationSeconds, source: 'editor', timings: recorder.timings('mp3') });
    } catch (error) {
      await hold.release();
      await this.discardFiles(prepared);
      throw speechErrorToAppError(error);
    }
    const generation = this.toGeneration(row);
    return { audioUrl: generation.audioUrl, generation, credits: await this.deps.credits.balance(userId) };
  }

  /** Before the audio is written: until `keep` confirms it, the file is due for deletion (see FileDeletions). */
  reserveFile(prepared: PreparedSpeech): Promise<void> {
    return this.deps.fileDeletions.reserve([prepared.fileKey]);
  }

  /**
   * A reserved writer for the generation's audio (streams and long documents): aborting it, or opening it failing,
   * also discards the reservation.
   */
  async openWriter(prepared: PreparedSpeech): Promise<FileWriter> {
    await this.reserveFile(prepared);
    let writer: FileWriter;
    try {
      writer = await this.deps.files.openWriter(prepared.fileKey);
    } catch (error) {
      await this.discardFiles(prepared);
      throw error;
    }
    let committed = false;
    return {
      write: (bytes) => writer.write(bytes),
      commit: async () => {
        const info = await writer.commit();
        committed = true;
        return info;
      },
      abort: async () => {
        await writer.abort();
        if (!committed) await this.discardFiles(prepared);
      },
    };
  }

  /** The generation will not be kept: its audio (and timings) go now, or as soon as the store can take it. Never throws. */
  discardFiles(prepared: PreparedSpeech): Promise<void> {
    return this.deps.fileDeletions.discard(generationFileKeys(prepared.fileKey));
  }

  /**
   * Saves the history row and charges the hold together (either both happen or neither), then records the voice as
   * recently used. `text` and `charge` default to the whole request.
   */
  async keep(
    prepared: PreparedSpeech,
    hold: CreditHold,
    outcome: {
      durationSeconds: number;
      source: GenerationSource;
      text?: string;
      charge?: number;
      /** The developer API key that made it (source 'api'). */
      apiKey?: { id: string; name: string };
      /** Word timings, stored beside the audio for captions. */
      timings?: SpeechTimings;
    },
  ): Promise<GenerationRow> {
    const text = outcome.text ?? prepared.text;
    const row = await this.deps.db.transaction(async (tx) => {
      const charged = await hold.within(this.deps.credits.within(tx)).settle(outcome.charge ?? hold.amount);
      await this.deps.fileDeletions.confirm(tx, [prepared.fileKey]);
      return this.repository.insert(
        {
          id: prepared.generationId,
          userId: prepared.userId,
          text,
          voiceId: prepared.voice.voice._id,
          voiceName: prepared.voice.voice.name,
          mood: prepared.mood,
          ...prepared.settings,
          source: outcome.source,
          characters: text.length,
          credits: charged,
          durationSeconds: outcome.durationSeconds,
          fileKey: prepared.fileKey,
          apiKeyId: outcome.apiKey?.id ?? null,
          apiKeyName: outcome.apiKey?.name ?? null,
          createdAt: new Date(this.deps.clock.now()),
        },
        tx,
      );
    });
    if (outcome.timings) await this.#saveTimings(prepared.fileKey, outcome.timings);
    await this.#recordRecentVoice(prepared);
    return row;
  }

  /** SRT or WebVTT captions of one of the caller's generations; someone else's id is "not found". */
  async captions(userId: string, id: string, format: CaptionFormat): Promise<string> {
    return renderCaptions(await this.timings(userId, id), format);
  }

  /** The word timings stored with one of the caller's generations. */
  async timings(userId: string, id: string): Promise<SpeechTimings> {
    const row = isUuid(id) ? await this.repository.find(userId, id) : null;
    if (!row) throw new AppError('NOT_FOUND', 'Generation not found');
    const timings = await loadTimings(this.deps.files, row.fileKey);
    if (!timings) throw new AppError('NOT_FOUND', 'This generation has no word timings');
    return timings;
  }

  async #saveTimings(fileKey: string, timings: SpeechTimings): Promise<void> {
    try {
      await saveTimings(this.deps.files, fileKey, timings);
    } catch (error) {
      // The audio is made and paid for; missing captions must not turn that into an error.
      this.deps.log.warn({ err: error, fileKey }, 'could not store word timings');
    }
  }

  async history(userId: string, query: z.output<typeof ttsHistoryQuerySchema>): Promise<TtsHistoryReply> {
    const { rows, total } = await this.repository.list({
      userId,
      page: query.page,
      limit: query.limit,
      ...(query.q ? { search: query.q } : {}),
      ...(query.range !== 'all' ? { since: rangeStart(query.range, this.deps.clock.now()) } : {}),
    });
    return { items: rows.map((row) => this.toGeneration(row)), page: query.page, limit: query.limit, total };
  }

  /**
   * Deletes one of the caller's generations with its files; someone else's id is "not found". The files go with the
   * record (FileDeletions): a store that cannot be reached now gets them deleted by the sweeper once it is back.
   */
  async deleteOne(userId: string, id: string): Promise<number> {
    const deleted = await this.deps.fileDeletions.deleteWithRecords(async (tx) => {
      const row = await new TtsRepository(tx).delete(userId, id);
      return { result: row, fileKeys: row ? generationFileKeys(row.fileKey) : [] };
    });
    if (!deleted) throw new AppError('NOT_FOUND', 'Generation not found');
    return 1;
  }

  /** Deletes all of the caller's generations with their files, as deleteOne does. */
  async deleteAll(userId: string): Promise<number> {
    return this.deps.fileDeletions.deleteWithRecords(async (tx) => {
      const fileKeys = await new TtsRepository(tx).deleteAll(userId);
      return { result: fileKeys.length, fileKeys: fileKeys.flatMap(generationFileKeys) };
    });
  }

  /** The history item, with a freshly signed audio link. */
  toGeneration(row: GenerationRow): TtsGeneration {
    return {
      id: row.id,
      text: row.text,
      voiceId: row.voiceId,
      voiceName: row.voiceName,
      mood: row.mood,
      settings: { speed: row.speed, pitch: row.pitch, volume: row.volume, language: row.language, model: row.model },
      source: row.source,
      apiKeyId: row.apiKeyId,
      apiKeyName: row.apiKeyName,
      characters: row.characters,
      credits: row.credits,
      durationSeconds: row.durationSeconds,
      audioUrl: this.deps.mediaLinks.urlFor(row.fileKey),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async #recordRecentVoice(prepared: PreparedSpeech): Promise<void> {
    const { _id, name } = prepared.voice.voice;
    try {
      await this.#preferences.recordRecentVoice(prepared.userId, { _id, name });
    } catch (error) {
      // The audio is made and paid for; a missed "recent voice" must not turn that into an error.
      this.deps.log.warn({ err: error, userId: prepared.userId }, 'could not record the recent voice');
    }
  }
}

/** What a generation keeps in the store: its audio and, beside it, its word timings. */
function generationFileKeys(fileKey: string): string[] {
  return [fileKey, timingsKeyOf(fileKey)];
}
