import type { CreditActivity } from '@sound-studio/shared';
import type { CreditService, HoldOwner } from './credit-service.ts';

/**
 * Credits held for one piece of work, settled when it succeeds and released when it fails. Free work (a zero rate)
 * holds nothing, so callers need no special case.
 */
export class CreditHold {
  private constructor(
    private readonly credits: CreditService,
    readonly reservationId: string | null,
    readonly amount: number,
  ) {}

  /**
   * `owner` says who settles it: the request (REQUEST_HOLD) or a job (jobHold(id)); a hold nobody settles any more is
   * released by the sweep (lib/credit-hold-sweeper.ts).
   */
  static async reserve(
    credits: CreditService,
    userId: string,
    amount: number,
    description: string,
    reference: string,
    owner: HoldOwner,
    activity: CreditActivity | null = null,
  ): Promise<CreditHold> {
    const reservationId = amount > 0 ? await credits.reserve(userId, amount, description, reference, owner, activity) : null;
    return new CreditHold(credits, reservationId, amount);
  }

  /** A hold made earlier (a job carries its reservation id across restarts). */
  static existing(credits: CreditService, reservationId: string | null, amount: number): CreditHold {
    return new CreditHold(credits, reservationId, amount);
  }

  /** The same hold inside a transaction, so the charge commits together with the work's result. */
  within(transactionCredits: CreditService): CreditHold {
    return new CreditHold(transactionCredits, this.reservationId, this.amount);
  }

  /**
   * The hold grown to `amount` when the work proved bigger than estimated (402 INSUFFICIENT_CREDITS when the balance
   * cannot cover the difference); the same hold when it already covers it. A hold no longer held stays as it is.
   */
  async extendTo(amount: number): Promise<CreditHold> {
    // Free work (nothing held) was priced at a zero rate, which stays zero whatever the length.
    if (!this.reservationId || amount <= this.amount) return this;
    const extended = await this.credits.extend(this.reservationId, amount);
    return new CreditHold(this.credits, this.reservationId, extended.amount);
  }

  /** Charges `amount` (default: all that is held); the rest goes back. Charging nothing releases the hold. */
  async settle(amount: number = this.amount): Promise<number> {
    if (!this.reservationId) return 0;
    if (amount <= 0) {
      await this.credits.release(this.reservationId);
      return 0;
    }
    const outcome = await this.credits.settle(this.reservationId, Math.min(amount, this.amount));
    return outcome.chargedAmount ?? 0;
  }

  async release(): Promise<void> {
    if (this.reservationId) await this.credits.release(this.reservationId);
  }
}
