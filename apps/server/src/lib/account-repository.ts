import { and, eq } from 'drizzle-orm';
import type { User } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { plans, sessions, users } from '../db/schema.ts';
import type { PlanRow } from './plan-repository.ts';

// The reads request guards make about the caller's account: profile, plan features and session.

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

/** The user's plan name and that plan's feature switches. */
export async function findUserPlanFeatures(db: Database, userId: string): Promise<{ plan: string; features: PlanRow['features'] } | undefined> {
  const [row] = await db
    .select({ plan: users.planName, features: plans.features })
    .from(users)
    .innerJoin(plans, eq(plans.name, users.planName))
    .where(eq(users.id, userId));
  return row;
}

/** The session's revocation time (null: open), or undefined when the user has no such session. */
export async function findSessionRevokedAt(db: Database, userId: string, sessionId: string): Promise<Date | null | undefined> {
  const [session] = await db
    .select({ revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return session?.revokedAt;
}
