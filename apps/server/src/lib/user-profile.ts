import type { User } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { findUserProfile } from './account-repository.ts';
import { AppError } from './errors.ts';

export async function loadUserProfile(db: Database, userId: string): Promise<User> {
  const profile = await findUserProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED', 'Account not found');
  return profile;
}
