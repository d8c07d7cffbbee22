import type { Database } from '../../db/client.ts';
import { ApiKeyAccessRepository } from './repository.ts';

export interface ApiKeyUsageEntry {
  keyId: string;
  userId: string;
  generationId: string | null;
  characters: number;
  credits: number;
  at: Date;
}

/** Records one billed call made with a key (it feeds the key's "this month" usage on the API page). */
export async function recordApiKeyUsage(db: Database, entry: ApiKeyUsageEntry): Promise<void> {
  await new ApiKeyAccessRepository(db).insertUsage({
    keyId: entry.keyId,
    userId: entry.userId,
    generationId: entry.generationId,
    characters: entry.characters,
    credits: entry.credits,
    createdAt: entry.at,
  });
}
