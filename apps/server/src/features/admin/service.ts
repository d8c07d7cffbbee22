import { CREDIT_LIMITS, REALTIME_EVENTS, ttsRatePerCharacter, type Plan } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { yearlyPriceCents } from '../../db/plan-seeds.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { accountLanguage, issueResetLink } from '../../lib/password-reset/reset-links.ts';
import { listPlans, planFromRow } from '../../lib/plan-catalog.ts';
import { findPlanRow, type PlanRow } from '../../lib/plan-repository.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { AdminRepository } from './repository.ts';
import type { AdminGrantRequest, AdminPlanPatch, AdminResetLinkReply, AdminUser } from './schemas.ts';

export interface AdminServiceDeps {
  db: Database;
  clock: Clock;
  credits: CreditService;
  realtime: RealtimeHub;
}

/** Operator actions: look at accounts, grant credits, edit plans. */
export class AdminService {
  readonly #repository: AdminRepository;

  constructor(private readonly deps: AdminServiceDeps) {
    this.#repository = new AdminRepository(deps.db);
  }

  listUsers(limit: number): Promise<AdminUser[]> {
    return this.#repository.listUsers(limit);
  }

  listPlans(): Promise<Plan[]> {
    return listPlans(this.deps.db);
  }

  async grantCredits(request: Required<Pick<AdminGrantRequest, 'email' | 'amount'>> & { reason?: string }) {
    const user = await this.#repository.findUserByEmail(request.email);
    if (!user) throw new AppError('NOT_FOUND', `No account uses ${request.email}`);
    if (user.credits + request.amount > CREDIT_LIMITS.maxBalance) {
      throw validationError('amount', `A balance cannot exceed ${CREDIT_LIMITS.maxBalance} credits`);
    }
    const balance = await this.deps.credits.grant(
      user.id,
      request.amount,
      'admin_grant',
      request.reason ?? 'Granted by the operator',
    );
    return { user: { ...user, credits: balance }, granted: request.amount };
  }

  /** A single-use, 30-minute password reset link for the account, in its language, starting with `baseUrl`. */
  async resetLink(email: string, baseUrl: string): Promise<AdminResetLinkReply> {
    const user = await this.#repository.findUserByEmail(email);
    if (!user) throw new AppError('NOT_FOUND', `No account uses ${email}`);
    const language = await accountLanguage(this.deps.db, this.deps.clock, user.id);
    const link = await issueResetLink(this.deps.db, this.deps.clock, { userId: user.id, baseUrl, language });
    return { email: user.email, url: link.url, expiresAt: link.expiresAt.toISOString() };
  }

  /** Applies the patch and tells every signed-in client (plan_updated) so pricing pages refresh. */
  async editPlan(name: string, patch: AdminPlanPatch): Promise<Plan> {
    const current = await findPlanRow(this.deps.db, name);
    if (!current) throw new AppError('NOT_FOUND', `No plan named ${name}`);
    await this.#repository.updatePlan(name, { ...planUpdate(current, patch), updatedAt: new Date(this.deps.clock.now()) });
    const updated = await findPlanRow(this.deps.db, name);
    if (!updated) throw new AppError('NOT_FOUND', `No plan named ${name}`);
    const plan = planFromRow(updated);
    this.deps.realtime.emitToAllUsers(REALTIME_EVENTS.planUpdated, plan);
    return plan;
  }
}

function planUpdate(current: PlanRow, patch: AdminPlanPatch) {
  const monthlyPriceCents = patch.monthlyPrice === undefined ? current.monthlyPriceCents : toCents(patch.monthlyPrice);
  const yearlyDiscountPercent = patch.yearlyDiscount ?? current.yearlyDiscountPercent;
  const pricesMoved = patch.monthlyPrice !== undefined || patch.yearlyDiscount !== undefined;
  const yearlyPrice =
    patch.yearlyPrice !== undefined
      ? toCents(patch.yearlyPrice)
      : pricesMoved
        ? yearlyPriceCents(monthlyPriceCents, yearlyDiscountPercent)
        : current.yearlyPriceCents;
  const rates = patch.rates ?? {};
  return {
    displayName: patch.displayName,
    description: patch.description,
    status: patch.status,
    displayOrder: patch.order,
    popular: patch.popular,
    badge: patch.badge,
    monthlyPriceCents,
    yearlyPriceCents: yearlyPrice,
    yearlyDiscountPercent,
    monthlyCredits: patch.monthlyCredits,
    customVoices: patch.customVoices,
    features: { ...current.features, ...patch.features },
    creditRates: {
      tts: {
        perCharacter: rates.ttsPerCharacter ?? current.creditRates.tts.perCharacter,
        neuralPerCharacter: rates.ttsNeuralPerCharacter ?? ttsRatePerCharacter(current.creditRates, true),
      },
      music: { per30Seconds: rates.musicPer30Seconds ?? current.creditRates.music.per30Seconds },
      voiceClone: { creation: rates.voiceCloneCreation ?? current.creditRates.voiceClone.creation },
      voiceIsolator: { perMinute: rates.voiceIsolatorPerMinute ?? current.creditRates.voiceIsolator.perMinute },
    },
  };
}

function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
