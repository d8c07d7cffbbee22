import { randomInt, randomUUID } from 'node:crypto';
import { candidateVoices, designFromDescription, variantCharacter, type SpeechEngine, type VoiceCandidate } from '@sound-studio/audio';
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
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { isUuid } from '../../lib/ids.ts';
import { userMediaKey, type MediaLinks } from '../../lib/media-links.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { customVoicePreviewKey, type CustomVoices } from '../custom-voices/custom-voices.ts';
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
    const { customVoices, files, db } = this.deps;
    const preview = await this.#find(userId, request.previewId);
    await customVoices.assertSlotFree(userId);
    const voiceId = randomUUID();
    const previewKey = customVoicePreviewKey(userId, voiceId);
    await copyStoredFile(files, preview.fileKey, previewKey);
    try {
      const row = await db.transaction(async (tx) => {
        await customVoices.assertSlotFree(userId, tx);
        await new VoiceDesignRepository(tx).deletePreview(preview.id);
        return customVoices.repository.insert(
          {
            id: voiceId,
            userId,
            name: request.name.trim(),
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
      });
      await files.delete(preview.fileKey);
      return { voice: customVoices.toVoice(row), slots: await customVoices.slots(userId), match: null };
    } catch (error) {
      await files.delete(previewKey);
      throw error;
    }
  }

  async #render(userId: string, request: VoiceDesignPreviewRequest, params: ReturnType<typeof designFromDescription>, candidate: VoiceCandidate): Promise<PreviewRow> {
    const id = randomUUID();
    const fileKey = userMediaKey('design', userId, `${id}.mp3`);
    const engine: CustomVoiceEngine = { provider: 'local', voice: candidate.voice, mood: candidate.mood };
    try {
      await renderSpeechToFile(
        this.deps.speech,
        { text: request.previewText, voice: candidate.voice, mood: candidate.mood, speed: 1, pitch: 0, volume: 1 },
        this.deps.files,
        fileKey,
      );
    } catch (error) {
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
    const row = await this.#repository.insertPreview({
      id,
      userId,
      description: request.description.trim(),
      engine,
      params: shownParams,
      fileKey,
      createdAt: new Date(this.deps.clock.now()),
    });
    if (!row) throw new Error('Preview insert returned no row');
    return row;
  }

  async #find(userId: string, previewId: string): Promise<PreviewRow> {
    const row = isUuid(previewId) ? await this.#repository.findPreview(userId, previewId) : undefined;
    if (!row || this.deps.clock.now() - row.createdAt.getTime() > DESIGN_PREVIEW_LIFETIME_MS) {
      throw new AppError('NOT_FOUND', 'Preview not found. Generate the previews again.');
    }
    return row;
  }

  async #removeExpired(userId: string): Promise<void> {
    const cutoff = new Date(this.deps.clock.now() - DESIGN_PREVIEW_LIFETIME_MS);
    const expiredFiles = await this.#repository.deleteCreatedBefore(userId, cutoff);
    await Promise.all(expiredFiles.map((fileKey) => this.deps.files.delete(fileKey)));
  }
}

function ageOf(age: string): 'child' | 'young' | 'adult' | 'senior' {
  return age === 'child' || age === 'young' || age === 'senior' ? age : 'adult';
}
