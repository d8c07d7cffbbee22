import type { CreditReason } from '@sound-studio/shared';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { findAccountFigures, sumLedgerSince } from './account-repository.ts';

export interface SubscriptionFigures {
  tier: string;
  /** Credits spent this UTC month (charges and holds net of releases and refunds). */
  used: number;
  /** The plan's monthly credits. */
  limit: number;
  balance: number;
  /** Unix seconds when the next month starts. */
  resetsAt: number;
  voiceLimit: number;
  canCloneVoices: boolean;
  firstName: string;
  /** Unix seconds when the account was made. */
  createdAt: number;
}

const SPENDING_REASONS: readonly CreditReason[] = ['hold', 'charge', 'release', 'refund'];

/** ElevenLabs' GET /v1/user/subscription figures, read from the credit ledger and the plan. */
export async function subscriptionFigures(db: Database, userId: string, nowMs: number): Promise<SubscriptionFigures> {
  const now = new Date(nowMs);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [account, spent] = await Promise.all([
    findAccountFigures(db, userId),
    sumLedgerSince(db, userId, monthStart, SPENDING_REASONS),
  ]);
  if (!account) throw new AppError('UNAUTHORIZED', 'Account not found');
  return {
    tier: account.tier,
    used: Math.max(0, -(spent ?? 0)),
    limit: account.limit,
    balance: account.balance,
    resetsAt: Math.floor(nextMonth.getTime() / 1000),
    voiceLimit: account.voiceLimit,
    canCloneVoices: account.canCloneVoices,
    firstName: account.firstName,
    createdAt: Math.floor(account.createdAt.getTime() / 1000),
  };
}

const MONTHLY = 'monthly_period';

/** Every field ElevenLabs' SDK requires of a subscription (its `SubscriptionResponse`), plus our balance. */
export const elevenLabsSubscriptionSchema = z.object({
  tier: z.string(),
  character_count: z.number().int(),
  character_limit: z.number().int(),
  credits_remaining: z.number().int(),
  max_credit_limit_extension: z.number().int(),
  can_extend_character_limit: z.boolean(),
  allowed_to_extend_character_limit: z.boolean(),
  next_character_count_reset_unix: z.number().int(),
  voice_slots_used: z.number().int(),
  professional_voice_slots_used: z.number().int(),
  professional_voice_slots_used_in_workspace: z.number().int(),
  voice_limit: z.number().int(),
  voice_add_edit_counter: z.number().int(),
  professional_voice_limit: z.number().int(),
  can_extend_voice_limit: z.boolean(),
  can_use_instant_voice_cloning: z.boolean(),
  can_use_professional_voice_cloning: z.boolean(),
  currency: z.literal('usd'),
  current_overage: z.object({ amount: z.string(), currency: z.literal('usd') }),
  status: z.enum(['active', 'free']),
  billing_period: z.literal(MONTHLY),
  character_refresh_period: z.literal(MONTHLY),
  open_invoices: z.array(z.never()),
  has_open_invoices: z.boolean(),
});
export type ElevenLabsSubscription = z.infer<typeof elevenLabsSubscriptionSchema>;

/**
 * The subscription as ElevenLabs shows it: characters are our credits; there is no overage, extension, invoice or
 * professional cloning here, so those are zero or false rather than missing.
 */
export function elevenLabsSubscriptionOf(figures: SubscriptionFigures, customVoices: number): ElevenLabsSubscription {
  return {
    tier: figures.tier,
    character_count: figures.used,
    character_limit: figures.limit,
    credits_remaining: figures.balance,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: false,
    next_character_count_reset_unix: figures.resetsAt,
    voice_slots_used: customVoices,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: figures.voiceLimit,
    voice_add_edit_counter: 0,
    professional_voice_limit: 0,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: figures.canCloneVoices,
    can_use_professional_voice_cloning: false,
    currency: 'usd',
    current_overage: { amount: '0', currency: 'usd' },
    status: figures.tier === 'free' ? 'free' : 'active',
    billing_period: MONTHLY,
    character_refresh_period: MONTHLY,
    open_invoices: [],
    has_open_invoices: false,
  };
}

export const elevenLabsUserSchema = z.object({
  user_id: z.string(),
  workspace_id: z.string(),
  subscription: elevenLabsSubscriptionSchema.omit({ open_invoices: true, has_open_invoices: true }),
  is_new_user: z.boolean(),
  can_use_delayed_payment_methods: z.boolean(),
  is_onboarding_completed: z.boolean(),
  is_onboarding_checklist_completed: z.boolean(),
  first_name: z.string(),
  is_api_key_hashed: z.boolean(),
  xi_api_key_preview: z.string(),
  created_at: z.number().int(),
  seat_type: z.literal('workspace_admin'),
});

/** ElevenLabs' GET /v1/user: each account is its own workspace; keys are stored hashed, so only the prefix shows. */
export function elevenLabsUserOf(userId: string, figures: SubscriptionFigures, customVoices: number, keyPrefix: string): z.infer<typeof elevenLabsUserSchema> {
  const { open_invoices: _invoices, has_open_invoices: _hasInvoices, ...subscription } = elevenLabsSubscriptionOf(figures, customVoices);
  return {
    user_id: userId,
    workspace_id: userId,
    subscription,
    is_new_user: false,
    can_use_delayed_payment_methods: false,
    is_onboarding_completed: true,
    is_onboarding_checklist_completed: true,
    first_name: figures.firstName,
    is_api_key_hashed: true,
    xi_api_key_preview: keyPrefix,
    created_at: figures.createdAt,
    seat_type: 'workspace_admin',
  };
}
