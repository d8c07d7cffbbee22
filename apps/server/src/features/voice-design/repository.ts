import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { voiceDesignPreviews } from '../../db/schema.ts';

export type PreviewRow = typeof voiceDesignPreviews.$inferSelect;
export type NewPreview = typeof voiceDesignPreviews.$inferInsert;

/** SQL of unsaved voice design candidates; reads are scoped to one owner. */
export class VoiceDesignRepository {
  constructor(private readonly db: Database) {}

  async insertPreview(preview: NewPreview): Promise<PreviewRow | undefined> {
    const [row] = await this.db.insert(voiceDesignPreviews).values(preview).returning();
    return row;
  }

  async findPreview(userId: string, previewId: string): Promise<PreviewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(voiceDesignPreviews)
      .where(and(eq(voiceDesignPreviews.id, previewId), eq(voiceDesignPreviews.userId, userId)));
    return row;
  }

  async deletePreview(previewId: string): Promise<void> {
    await this.db.delete(voiceDesignPreviews).where(eq(voiceDesignPreviews.id, previewId));
  }

  /** Deletes the user's previews created before `cutoff`; returns their files' keys. */
  async deleteCreatedBefore(userId: string, cutoff: Date): Promise<string[]> {
    const deleted = await this.db
      .delete(voiceDesignPreviews)
      .where(and(eq(voiceDesignPreviews.userId, userId), lt(voiceDesignPreviews.createdAt, cutoff)))
      .returning({ fileKey: voiceDesignPreviews.fileKey });
    return deleted.map((row) => row.fileKey);
  }
}
