import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE, PASSWORD_RESET_LINK_LIFETIME_SECONDS, type Language } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { PreferencesStore } from '../preferences-store.ts';
import { ResetTokenRepository } from './reset-token-repository.ts';

export interface ResetLink {
  url: string;
  expiresAt: Date;
}

/** The web app's page that reads the token and asks for the new password (Turkish pages live under /tr). */
const RESET_PAGE_PATHS: Record<Language, string> = { en: 'reset-password', tr: 'tr/reset-password' };

/** Tokens are stored only as SHA-256 hashes: whoever reads the database cannot use a pending link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface ResetLinkRequest {
  userId: string;
  /** The app's public address, e.g. https://studio.example.com (PUBLIC_URL). */
  baseUrl: string;
  language: Language;
}

/** Creates a single-use link for the account that expires in 30 minutes. */
export async function issueResetLink(db: Database, clock: Clock, request: ResetLinkRequest): Promise<ResetLink> {
  const { userId, baseUrl, language } = request;
  const token = randomBytes(32).toString('base64url');
  const now = new Date(clock.now());
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LINK_LIFETIME_SECONDS * 1000);
  await new ResetTokenRepository(db).insert(userId, hashResetToken(token), now, expiresAt);
  const url = new URL(RESET_PAGE_PATHS[language], withTrailingSlash(baseUrl));
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt };
}

// A relative path resolves below the base only when the base ends with a slash (https://host/studio/).
function withTrailingSlash(baseUrl: string): string {
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}

/** The language the user last chose in the app (saved in preferences), else English. */
export async function accountLanguage(db: Database, clock: Clock, userId: string): Promise<Language> {
  const preferences = await new PreferencesStore(db, clock).get(userId);
  return preferences.ui.language ?? DEFAULT_LANGUAGE;
}
