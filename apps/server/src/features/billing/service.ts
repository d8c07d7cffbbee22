import type { BillingOverview, CheckoutQuote, CheckoutReply, CheckoutRequest } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { BillingContext, type BillingServiceDeps } from './billing-context.ts';
import * as cancellation from './cancellation.ts';
import { checkoutQuote } from './checkout-quote.ts';
import * as operator from './operator.ts';
import { overview } from './overview.ts';
import * as pendingChanges from './pending-changes.ts';
import * as planChanges from './plan-changes.ts';
import type { BillingEvent } from './providers/provider.ts';
import * as providerEvents from './provider-events.ts';
import { refund } from './refund.ts';
import * as renewal from './renewal.ts';
import * as scheduledChanges from './scheduled-changes.ts';

export type { BillingServiceDeps } from './billing-context.ts';
export { changeKind, type CheckoutUrls } from './plan-changes.ts';

/**
 * The billing feature's one entry point for routes, the admin routes and the renewal job. Each rule lives in its own
 * file: renewal.ts (the credit cycle), plan-changes.ts (the pricing page's checkout; checkout-quote.ts prices it first), pending-changes.ts (upgrades
 * waiting for payment), scheduled-changes.ts (downgrades and cancels at the period end), cancellation.ts, refund.ts,
 * provider-events.ts (payment webhooks), late-payments.ts (a payment for a change no longer waiting) and operator.ts
 * (manual approvals).
 */
export class BillingService {
  readonly #ctx: BillingContext;

  constructor(deps: BillingServiceDeps) {
    this.#ctx = new BillingContext(deps);
  }

  get providerName() {
    return this.#ctx.provider.name;
  }

  runDueRenewals(): Promise<number> {
    return renewal.runDueRenewals(this.#ctx);
  }

  catchUp(userId: string): Promise<void> {
    return renewal.catchUp(this.#ctx, userId);
  }

  overview(userId: string): Promise<BillingOverview> {
    return overview(this.#ctx, userId);
  }

  checkout(userId: string, request: CheckoutRequest, urls: planChanges.CheckoutUrls): Promise<CheckoutReply> {
    return planChanges.checkout(this.#ctx, userId, request, urls);
  }

  checkoutQuote(userId: string, request: CheckoutRequest): Promise<CheckoutQuote> {
    return checkoutQuote(this.#ctx, userId, request);
  }

  cancelPendingChange(userId: string): Promise<BillingOverview> {
    return pendingChanges.cancelPendingChange(this.#ctx, userId);
  }

  cancelScheduledChange(userId: string): Promise<BillingOverview> {
    return scheduledChanges.cancelScheduledChange(this.#ctx, userId);
  }

  cancel(userId: string): Promise<BillingOverview> {
    return cancellation.cancel(this.#ctx, userId);
  }

  resume(userId: string): Promise<BillingOverview> {
    return cancellation.resume(this.#ctx, userId);
  }

  refund(userId: string): Promise<BillingOverview> {
    return refund(this.#ctx, userId);
  }

  async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
    const subscription = await this.#ctx.ensureSubscription(userId);
    const portal = await this.#ctx.provider.openPortal({ userId, customerId: subscription.providerCustomerId, returnUrl });
    if (!portal) throw new AppError('NOT_FOUND', 'Billing is handled by the operator: there is no payment portal');
    return portal;
  }

  adminOverview() {
    return operator.adminOverview(this.#ctx);
  }

  /** The operator confirms a pending change was paid (manual billing): it takes effect now. */
  approve(pendingChangeId: string) {
    return operator.resolveAsOperator(this.#ctx, pendingChangeId, 'approved');
  }

  reject(pendingChangeId: string) {
    return operator.resolveAsOperator(this.#ctx, pendingChangeId, 'rejected');
  }

  /** Verifies and parses a webhook delivery (WebhookSignatureError when the signature does not match). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent | null {
    return this.#ctx.provider.parseWebhook(rawBody, signature);
  }

  handleEvent(event: BillingEvent): Promise<{ duplicate: boolean }> {
    return providerEvents.handleEvent(this.#ctx, event);
  }
}
