import { nameSchema, type OAuthProviderName } from '@sound-studio/shared';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuthService } from '../service.ts';
import { OAuthFlowError, type ProviderProfile } from './providers.ts';
import { OAuthIdentityRepository } from './repository.ts';

/** A provider account whose verified email belongs to an existing account: linked only once its password confirms. */
export interface PendingLink {
  provider: OAuthProviderName;
  subject: string;
  email: string;
  userId: string;
}

export type SignInOutcome = { kind: 'signed-in'; userId: string; newAccount: boolean } | { kind: 'link'; pending: PendingLink };

const FALLBACK_NAME = 'Sound Studio creator';

/**
 * Social sign-in's account rules:
 * - a provider account already linked signs in as its user;
 * - otherwise a verified email nobody uses creates the account (the welcome credits as at registration) and links it;
 * - a verified email of an existing account links to it only after that account's password confirms (PendingLink);
 * - an unverified email never links and never creates an account (it could be someone else's address).
 */
export class OAuthSignInService {
  readonly #identities: OAuthIdentityRepository;

  constructor(
    private readonly deps: { db: Database; clock: Clock; auth: AuthService },
  ) {
    this.#identities = new OAuthIdentityRepository(deps.db);
  }

  async resolve(profile: ProviderProfile): Promise<SignInOutcome> {
    const linked = await this.#identities.findUserIdBySubject(profile.provider, profile.subject);
    if (linked) {
      await this.#identities.recordEmail(profile.provider, profile.subject, profile.email);
      return { kind: 'signed-in', userId: linked, newAccount: false };
    }
    if (!profile.email) throw new OAuthFlowError('no_email', `${profile.provider} gave no email address`);
    if (!profile.emailVerified) throw new OAuthFlowError('email_unverified', `${profile.provider} has not verified ${profile.email}`);
    const email = profile.email;
    const existing = await this.#identities.findUserIdByEmail(email);
    if (existing) return { kind: 'link', pending: { provider: profile.provider, subject: profile.subject, email, userId: existing } };
    try {
      const userId = await this.deps.auth.createSocialAccount({ name: accountName(profile), email }, (tx, newUserId) =>
        new OAuthIdentityRepository(tx).insert({ provider: profile.provider, subject: profile.subject, userId: newUserId, email }, this.#now()),
      );
      return { kind: 'signed-in', userId, newAccount: true };
    } catch (error) {
      // Someone registered that email (or signed in with this account) at the same moment: decide again.
      if (isUniqueViolation(error)) return this.resolve(profile);
      throw error;
    }
  }

  /** Links the provider account once the existing account's password confirmed it; returns the user to sign in. */
  async confirmLink(pending: PendingLink, password: string): Promise<string> {
    await this.deps.auth.confirmPassword(pending.userId, pending.email, password);
    try {
      await this.#identities.insert({ provider: pending.provider, subject: pending.subject, userId: pending.userId, email: pending.email }, this.#now());
    } catch (error) {
      // A double submit already linked it; anything else (another account holds this provider login) is refused.
      if (!isUniqueViolation(error) || (await this.#identities.findUserIdBySubject(pending.provider, pending.subject)) !== pending.userId) {
        throw error;
      }
    }
    return pending.userId;
  }

  #now(): Date {
    return new Date(this.deps.clock.now());
  }
}

/** The provider's display name when our name rules accept it, else the email's local part, else a neutral name. */
function accountName(profile: ProviderProfile): string {
  for (const candidate of [profile.name, profile.email?.split('@')[0]]) {
    const parsed = nameSchema.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  return FALLBACK_NAME;
}
