import { randomInt, randomUUID } from 'node:crypto';
import { candidateVoices, designFromDescription, variantCharacter, type SpeechEngine, type VoiceCandidate } from '@sound-studio/audio';
import { PROCESSING_FAILURE_MESSAGES } from '@sound-studio/shared';
import type {
  CustomVoiceReply,
  SaveDesignedVoiceRequest,
  VoiceDesignParams,
  VoiceDesignPreviewRequest,
  VoiceDesignPreviewsReply,
} from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { CustomVoiceEngine } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { isUuid } from '../../lib/ids.ts';
import { userMediaKey, type MediaLinks } from '../../lib/media-links.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { customVoicePreviewKey, type CustomVoices } from '../custom-voices/custom-voices.ts';
import type { CustomVoiceRow } from '../custom-voices/repository.ts';
import { copyStoredFile } from '../voice-lab/stored-files.ts';
import { VoiceDesignRepository, type PreviewRow } from './repository.ts';

const CANDIDATE_COUNT = 3;
/** Unsaved candidates (rows and MP3s) are removed after this long. */
export const DESIGN_PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface VoiceDesignDependencies {
  db: Database;
  clock: Clock;
  speech: SpeechEngine;
  files: FileStore;
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  customVoices: CustomVoices;
}

/**
 * Voice design: a description becomes voice parameters and three candidate voices, each heard speaking the preview
 * text; the creator keeps one under a name. Previews are free: no credits are charged for them.
 */
export class VoiceDesignService {
  readonly #repository: VoiceDesignRepository;

  constructor(private readonly deps: VoiceDesignDependencies) {
    this.#repository = new VoiceDesignRepository(deps.db);
  }

  async previews(userId: string, request: VoiceDesignPreviewRequest): Promise<VoiceDesignPreviewsReply> {
    await this.#removeExpired(userId);
    const params = designFromDescription(request.description, request.language ? { language: request.language } : {});
    const candidates = candidateVoices(params, CANDIDATE_COUNT, randomInt(1, 2 ** 31 - 1));
    const rows = await Promise.all(candidates.map((candidate) => this.#render(userId, request, params, candidate)));
    return {
      previews: rows.map((row) => ({ previewId: row.id, audioUrl: this.deps.mediaLinks.urlFor(row.fileKey), params: row.params })),
    };
  }

  /** Keeps one candidate in My Voices (a slot is needed); the candidate itself is used up. */
  async save(userId: string, request: SaveDesignedVoiceRequest): Promise<CustomVoiceReply> {
    const { customVoices, files, fileDeletions } = this.deps;
    const preview = await this.#find(userId, request.previewId);
    await customVoices.assertSlotFree(userId);
    const voiceId = randomUUID();
    const previewKey = customVoicePreviewKey(userId, voiceId);
    // The copy is reserved before it is written and taken by the voice row, in the transaction that also deletes the
    // candidate's row and schedules its file (FileDeletions).
    await fileDeletions.reserve([previewKey]);
    let row: CustomVoiceRow;
    try {
      await copyStoredFile(files, preview.fileKey, previewKey);
      row = await fileDeletions.deleteWithRecords(async (tx) => ({
        result: await this.#keepDesigned(tx, { userId, voiceId, preview, name: request.name, previewKey }),
        fileKeys: [preview.fileKey],
      }));
    } catch (error) {
      await fileDeletions.discard([previewKey]);
      throw error;
    }
    return { voice: customVoices.toVoice(row), slots: await customVoices.slots(userId), match: null };
  }

  /** In the saving transaction: the slot is checked again, the candidate used up and the voice inserted. */
  async #keepDesigned(
    tx: Database,
    kept: { userId: string; voiceId: string; preview: PreviewRow; name: string; previewKey: string },
  ): Promise<CustomVoiceRow> {
    const { customVoices, fileDeletions } = this.deps;
    const { userId, preview, previewKey } = kept;
    await customVoices.assertSlotFree(userId, tx);
    await new VoiceDesignRepository(tx).deletePreview(preview.id);
    await fileDeletions.confirm(tx, [previewKey]);
    return customVoices.repository.insert(
      {
        id: kept.voiceId,
        userId,
        name: kept.name.trim(),
        kind: 'designed',
        engine: preview.engine,
        language: preview.engine.voice.language,
        gender: preview.params.gender === 'male' || preview.params.gender === 'female' ? preview.params.gender : 'neutral',
        age: ageOf(preview.params.age),
        description: preview.description,
        previewKey,
        createdAt: new Date(this.deps.clock.now()),
      },
      tx,
    );
  }

  async #render(userId: string, request: VoiceDesignPreviewRequest, params: ReturnType<typeof designFromDescription>, candidate: VoiceCandidate): Promise<PreviewRow> {
    const id = randomUUID();
    const fileKey = userMediaKey('design', userId, `${id}.mp3`);
    const engine: CustomVoiceEngine = { provider: 'local', voice: candidate.voice, mood: candidate.mood };
    await this.deps.fileDeletions.reserve([fileKey]);
    try {
      await renderSpeechToFile(
        this.deps.speech,
        { text: request.previewText, voice: candidate.voice, mood: candidate.mood, speed: 1, pitch: 0, volume: 1 },
        this.deps.files,
        fileKey,
      );
    } catch (error) {
      await this.deps.fileDeletions.discard([fileKey]);
      throw speechErrorToAppError(error);
    }
    const shownParams: VoiceDesignParams = {
      gender: params.gender,
      age: params.age,
      pitch: candidate.voice.pitchOffset ?? params.pitch,
      rate: candidate.voice.rateFactor ?? params.rate,
      language: candidate.voice.language,
      accent: params.accent,
      variant: candidate.voice.variant ?? params.timbre.variant,
      timbre: variantCharacter(candidate.voice.variant ?? params.timbre.variant),
      keywords: params.keywords,
    };
    const insert = { id, userId, description: request.description.trim(), engine, params: shownParams, fileKey, createdAt: new Date(this.deps.clock.now()) };
    try {
      return await this.deps.db.transaction(async (tx) => {
        const row = await new VoiceDesignRepository(tx).insertPreview(insert);
        if (!row) throw new Error('Preview insert returned no row');
        await this.deps.fileDeletions.confirm(tx, [fileKey]);
        return row;
      });
    } catch (error) {
      await this.deps.fileDeletions.discard([fileKey]);
      throw error;
    }
  }

  async #find(userId: string, previewId: string): Promise<PreviewRow> {
    const row = isUuid(previewId) ? await this.#repository.findPreview(userId, previewId) : undefined;
    if (!row || this.deps.clock.now() - row.createdAt.getTime() > DESIGN_PREVIEW_LIFETIME_MS) {
      throw new AppError('NOT_FOUND', PROCESSING_FAILURE_MESSAGES.designPreviewNotFound);
    }
    return row;
  }

  async #removeExpired(userId: string): Promise<void> {
    const cutoff = new Date(this.deps.clock.now() - DESIGN_PREVIEW_LIFETIME_MS);
    await this.deps.fileDeletions.deleteWithRecords(async (tx) => ({
      result: null,
      fileKeys: await new VoiceDesignRepository(tx).deleteCreatedBefore(userId, cutoff),
    }));
  }
}

function ageOf(age: string): 'child' | 'young' | 'adult' | 'senior' {
  return age === 'child' || age === 'young' || age === 'senior' ? age : 'adult';
}
