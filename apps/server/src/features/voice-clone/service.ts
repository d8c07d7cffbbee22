import { randomUUID } from 'node:crypto';
import {
  decodeCloneSample,
  findSpeechLanguage,
  validateCloneUploads,
  type ClonedVoice,
  type CloneSample,
  type SpeechEngine,
  type VoiceCloneProvider,
  type VoiceIsolator,
} from '@sound-studio/audio';
import { fieldErrors, voiceCloneFieldsSchema, type CloneMatch, type CustomVoiceReply } from '@sound-studio/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { REQUEST_HOLD, type CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { customVoicePreviewKey, type CustomVoices } from '../custom-voices/custom-voices.ts';
import { mediaErrorToAppError } from '../voice-lab/media-errors.ts';
import type { CloneUpload } from './upload.ts';

type CloneFields = z.output<typeof voiceCloneFieldsSchema>;
const DECODE_RATE = 48_000;

export interface VoiceCloneDependencies {
  db: Database;
  clock: Clock;
  credits: CreditService;
  files: FileStore;
  speech: SpeechEngine;
  isolator: VoiceIsolator;
  provider: VoiceCloneProvider;
  customVoices: CustomVoices;
}

/**
 * Voice clone: checked samples become a voice in My Voices, paid with the plan's clone rate (2000 credits) and taking
 * a slot. Locally it is a match of measurable traits (pitch, range, rate, brightness), and the voice's description
 * says so; with MiniMax configured the clone is made there. Any failure gives the credits back and keeps nothing.
 */
export class VoiceCloneService {
  constructor(private readonly deps: VoiceCloneDependencies) {}

  async clone(userId: string, upload: CloneUpload): Promise<CustomVoiceReply> {
    const fields = parseFields(upload.fields);
    try {
      validateCloneUploads(upload.samples.map((sample) => ({ name: sample.fileName, sizeBytes: sample.bytes.length })));
    } catch (error) {
      throw mediaErrorToAppError(error);
    }
    await this.deps.customVoices.assertSlotFree(userId);
    const samples = await decodeSamples(upload);
    const { rates } = await this.deps.customVoices.repository.allowance(userId);
    const voiceId = randomUUID();
    const hold = await CreditHold.reserve(this.deps.credits, userId, rates.voiceClone.creation, `Voice clone: ${fields.name}`, `clone:${voiceId}`, REQUEST_HOLD);
    const previewKey = customVoicePreviewKey(userId, voiceId);
    try {
      const cloned = await this.#build(voiceId, samples, fields);
      await this.#storePreview(cloned, fields, previewKey);
      return await this.#keep(userId, voiceId, fields, cloned, hold, previewKey);
    } catch (error) {
      await hold.release();
      await this.deps.files.delete(previewKey);
      throw error instanceof AppError ? error : mediaErrorToAppError(error);
    }
  }

  async #build(voiceId: string, samples: CloneSample[], fields: CloneFields): Promise<ClonedVoice> {
    const language = findSpeechLanguage(fields.previewLanguage);
    return this.deps.provider.clone({
      // MiniMax ids start with a letter; the local match ignores it.
      voiceId: `soundstudio-${voiceId}`,
      samples,
      language: language?.code ?? fields.previewLanguage,
      removeNoise: fields.removeNoise,
      optimizeAccent: fields.optimizeAccent,
      previewText: previewTextOf(fields),
    });
  }

  /** A local preview comes back as PCM; otherwise the new voice reads the preview text through the speech engine. */
  async #storePreview(cloned: ClonedVoice, fields: CloneFields, key: string): Promise<void> {
    if (cloned.preview?.kind === 'pcm') {
      const { mp3 } = await this.deps.isolator.encode(cloned.preview.samples, cloned.preview.sampleRate, { formats: ['mp3'] });
      if (!mp3) throw new Error('The encoder returned no file');
      await this.deps.files.put(key, mp3);
      return;
    }
    const request = { text: previewTextOf(fields), voice: cloned.voice, mood: cloned.mood, speed: 1, pitch: 0, volume: 1 };
    await renderSpeechToFile(this.deps.speech, request, this.deps.files, key).catch((error: unknown) => {
      throw speechErrorToAppError(error);
    });
  }

  async #keep(userId: string, voiceId: string, fields: CloneFields, cloned: ClonedVoice, hold: CreditHold, previewKey: string): Promise<CustomVoiceReply> {
    const { customVoices, credits, db } = this.deps;
    const match = matchOf(cloned);
    const row = await db.transaction(async (tx) => {
      await customVoices.assertSlotFree(userId, tx);
      await hold.within(credits.within(tx)).settle();
      return customVoices.repository.insert(
        {
          id: voiceId,
          userId,
          name: fields.name,
          kind: 'cloned',
          engine: { provider: cloned.provider, voice: cloned.voice, mood: cloned.mood },
          language: cloned.voice.language,
          gender: cloned.match?.gender ?? 'neutral',
          age: 'adult',
          description: cloned.note,
          match,
          previewKey,
          createdAt: new Date(this.deps.clock.now()),
        },
        tx,
      );
    });
    return { voice: customVoices.toVoice(row), slots: await customVoices.slots(userId), match };
  }
}

function parseFields(fields: Record<string, string>): CloneFields {
  const parsed = voiceCloneFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid form', { fields: fieldErrors(parsed.error) });
}

/** Every sample decoded by content (10 to 60 s, 20 MB); a bad one is named in the message. */
async function decodeSamples(upload: CloneUpload): Promise<CloneSample[]> {
  const decoded: CloneSample[] = [];
  for (const sample of upload.samples) {
    const media = await decodeCloneSample(sample.bytes, { sampleRate: DECODE_RATE }).catch((error: unknown) => {
      throw mediaErrorToAppError(error, sample.fileName);
    });
    decoded.push({ samples: media.samples, sampleRate: media.sampleRate, name: sample.fileName });
  }
  return decoded;
}

function previewTextOf(fields: CloneFields): string {
  return fields.previewText || findSpeechLanguage(fields.previewLanguage)?.previewText || 'Hello! This is my new voice.';
}

function matchOf(cloned: ClonedVoice): CloneMatch {
  const match = cloned.match;
  return {
    provider: cloned.provider,
    samplePitchHz: match?.target.medianPitchHz ?? cloned.analysis?.medianPitchHz ?? null,
    matchedPitchHz: match?.achieved.medianPitchHz ?? null,
    sampleRate: match?.target.speakingRateSyllablesPerSecond ?? null,
    matchedRate: match?.achieved.speakingRateSyllablesPerSecond ?? null,
  };
}
