import { createHash } from 'node:crypto';
import { COMMERCIAL_LICENSE_TERMS, firstWords, type LicensedWorkKind, type WorkLicense } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { featureNotInPlanError, planHasFeature } from './plan-features.ts';
import { loadUserProfile } from './user-profile.ts';

export interface LicensedWork {
  kind: LicensedWorkKind;
  id: string;
  title: string;
  createdAt: Date;
}

/** Pause markers (`<#0.5#>`) are directions to the engine, not words of the work. */
const PAUSE_MARKER = /<#\s*[\d.]+\s*#>/g;

/** The title of a spoken work: the first words of what it says. */
export function spokenWorkTitle(text: string): string {
  return firstWords(text.replace(PAUSE_MARKER, ' '));
}

/**
 * Stable for one work and its holder, so every copy of the certificate names the same licence; derived rather than
 * stored because the work's own row already is the record (its owner and creation time never change).
 */
export function licenseIdOf(kind: LicensedWorkKind, workId: string, holderId: string): string {
  const digest = createHash('sha256').update(`${kind}:${workId}:${holderId}`).digest('hex').slice(0, 16).toUpperCase();
  return `SSL-${digest.match(/.{4}/g)?.join('-') ?? digest}`;
}

/**
 * The certificate for a work the caller owns (the caller checked ownership). The plan is read again here, not only
 * in the route's guard, so the certificate names the plan it was issued under and a downgrade in between is refused.
 */
export async function issueWorkLicense(deps: { db: Database; clock: Clock }, userId: string, work: LicensedWork): Promise<WorkLicense> {
  const { allowed, plan } = await planHasFeature(deps.db, userId, 'commercialLicense');
  if (!allowed) throw featureNotInPlanError('commercialLicense', plan);
  const holder = await loadUserProfile(deps.db, userId);
  return {
    licenseId: licenseIdOf(work.kind, work.id, userId),
    issuer: 'Sound Studio',
    holder: { name: holder.name, email: holder.email },
    work: { kind: work.kind, id: work.id, title: work.title, createdAt: work.createdAt.toISOString() },
    planAtIssue: plan,
    terms: [...COMMERCIAL_LICENSE_TERMS],
    issuedAt: new Date(deps.clock.now()).toISOString(),
  };
}
