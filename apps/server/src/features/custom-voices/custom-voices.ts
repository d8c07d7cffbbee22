import { findSpeechLanguage, voiceArtworkDataUri } from '@sound-studio/audio';
import { PROCESSING_FAILURE_MESSAGES, type Voice, type VoiceSlots } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { CustomVoiceSource, ResolvedVoice } from '../../lib/voice-directory.ts';
import { CustomVoiceRepository, type CustomVoiceRow } from './repository.ts';

export const NO_SLOTS_MESSAGE = PROCESSING_FAILURE_MESSAGES.noVoiceSlots;
const ACCENT_BY_LOCALE: Readonly<Record<string, Voice['accent']>> = { 'en-us': 'american', 'en-gb': 'british', 'en-au': 'australian' };

/**
 * My Voices: designed and cloned voices, visible and usable only by their owner. Plugged into the VoiceDirectory, so
 * they are listed after the library and resolve in every generation call. Ids are the row's bare uuid, which no
 * catalogue id can be.
 */
export class CustomVoices implements CustomVoiceSource {
  readonly repository: CustomVoiceRepository;

  constructor(
    db: Database,
    private readonly fileDeletions: FileDeletions,
    private readonly mediaLinks: MediaLinks,
  ) {
    this.repository = new CustomVoiceRepository(db);
  }

  async list(userId: string): Promise<Voice[]> {
    return (await this.repository.list(userId)).map((row) => this.toVoice(row));
  }

  async resolve(idOrName: string, userId: string): Promise<ResolvedVoice | null> {
    const id = idOrName.trim();
    if (!isUuid(id)) return null;
    const row = await this.repository.find(userId, id);
    return row ? { voice: this.toVoice(row), engineVoice: row.engine.voice, impliedMood: row.engine.mood } : null;
  }

  async slots(userId: string, db?: Database): Promise<VoiceSlots> {
    const [used, allowance] = await Promise.all([this.repository.countFor(userId, db), this.repository.allowance(userId, db)]);
    return { used, total: allowance.customVoices };
  }

  /**
   * 409 when every slot of the plan is taken (checked before any credit is held, and again when saving). Given the
   * saving transaction, it first locks the owner's row, so the count stays true until the insert commits.
   */
  async assertSlotFree(userId: string, tx?: Database): Promise<VoiceSlots> {
    if (tx) await this.repository.lockOwner(userId, tx);
    const slots = await this.slots(userId, tx);
    if (slots.used >= slots.total) throw new AppError('CONFLICT', NO_SLOTS_MESSAGE, { ...slots });
    return slots;
  }

  async rename(userId: string, id: string, name: string): Promise<Voice> {
    const row = await this.repository.rename(userId, id, name);
    if (!row) throw voiceNotFound();
    return this.toVoice(row);
  }

  /** Deleting frees the slot and removes the stored preview with the row (once the store is back, if it is down). */
  async delete(userId: string, id: string): Promise<VoiceSlots> {
    const deleted = await this.fileDeletions.deleteWithRecords(async (tx) => {
      const row = await new CustomVoiceRepository(tx).delete(userId, id);
      return { result: row, fileKeys: row?.previewKey ? [row.previewKey] : [] };
    });
    if (!deleted) throw voiceNotFound();
    return this.slots(userId);
  }

  /** The row in the library's Voice shape, with a freshly signed preview link. */
  toVoice(row: CustomVoiceRow): Voice {
    const language = findSpeechLanguage(row.language);
    const locale = language?.code ?? row.language;
    const preview = row.previewKey ? this.mediaLinks.urlFor(row.previewKey) : '';
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      gender: row.gender,
      age: row.age,
      language: language?.base ?? row.language.split('-')[0] ?? row.language,
      locale,
      languageName: language?.name ?? row.language,
      accent: ACCENT_BY_LOCALE[locale.toLowerCase()] ?? null,
      artwork: voiceArtworkDataUri(`custom-${row.id}`),
      previewUrl: preview,
      audioFile: preview,
      isGroup: false,
      moods: [],
      groupId: null,
      isDefault: false,
      category: 'custom',
    };
  }
}

export function voiceNotFound(): AppError {
  return new AppError('NOT_FOUND', PROCESSING_FAILURE_MESSAGES.voiceNotFound);
}

export const customVoicePreviewKey = (userId: string, voiceId: string) => `voices/${userId}/${voiceId}.mp3`;
