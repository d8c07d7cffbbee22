import type { CreditSummary } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { CreditsRepository } from './repository.ts';

const RECENT_TRANSACTIONS = 10;

export class CreditsSummaryService {
  readonly #repository: CreditsRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    this.#repository = new CreditsRepository(db);
  }

  /** Balance, plan allowance, this UTC month's usage and the latest ledger rows of one user. */
  async summary(userId: string): Promise<CreditSummary> {
    const account = await this.#repository.findAccount(userId);
    if (!account) throw new AppError('UNAUTHORIZED', 'Account not found');
    const { from, to } = utcMonthAround(this.clock.now());
    const [thisMonth, transactions] = await Promise.all([
      this.#repository.monthTotals(userId, from, to),
      this.#repository.recentTransactions(userId, RECENT_TRANSACTIONS),
    ]);
    return { ...account, thisMonth, transactions };
  }
}

function utcMonthAround(nowMs: number): { from: Date; to: Date } {
  const now = new Date(nowMs);
  return {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}
