import { eq } from 'drizzle-orm';
import type { User } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { plans, users } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** Columns of the public user object; `subscription` is the plan's display label ("Free Plan"). */
export const userProfileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  credits: users.credits,
  subscription: plans.displayName,
};

export async function findUserProfile(db: Database, userId: string): Promise<User | undefined> {
  const [profile] = await db
    .select(userProfileColumns)
    .from(users)
    .innerJoin(plans, eq(plans.name, users.planName))
    .where(eq(users.id, userId));
  return profile;
}

export async function loadUserProfile(db: Database, userId: string): Promise<User> {
  const profile = await findUserProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED', 'Account not found');
  return profile;
}
