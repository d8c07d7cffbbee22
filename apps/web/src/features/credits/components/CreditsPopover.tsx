import { Coins, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import type { CreditCycle, CreditSummary, CreditTransaction } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatters, useLocalizedPath } from '../../../lib/i18n.ts';
import { usePlanName } from '../../../lib/plan-name.ts';
import { CreditCycleDetails, useBillingOverview } from '../../billing/index.ts';
import { useCreditSummary } from '../api/use-credit-summary.ts';
import { useCreditUpdates } from '../hooks/use-credit-updates.ts';
import { transactionLabel } from './transaction-label.ts';
import { UsageBar } from '../../../components/ui/usage-bar.tsx';

const LATEST_TRANSACTIONS = 5;

function TransactionRow({ transaction }: { transaction: CreditTransaction }) {
  const { t } = useTranslation();
  const { number, date } = useFormatters();
  const positive = transaction.amount > 0;
  const label = transactionLabel(t, number, transaction);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium" title={label}>
          {label}
        </p>
        <p className="text-xs text-muted-foreground">{date(transaction.createdAt)}</p>
      </div>
      <span className={cn('shrink-0 text-sm font-semibold tabular-nums', positive ? 'text-success' : 'text-foreground')}>
        {positive ? '+' : '−'}
        {number(Math.abs(transaction.amount))}
      </span>
    </li>
  );
}

/** This calendar month from the credits summary: shown until (or if) the billing cycle cannot be read. */
function CalendarMonthUsage({ summary }: { summary: CreditSummary }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const allowance = Math.max(summary.monthlyAllowance, summary.thisMonth.granted, 1);
  const usedShare = Math.min(100, Math.round((summary.thisMonth.used / allowance) * 100));
  return (
    <div className="rounded-xl bg-muted p-3.5">
      <div className="flex items-baseline justify-between text-xs">
        <span className="font-medium">{t('credits.thisMonth')}</span>
        <span className="text-muted-foreground tabular-nums">
          {t('credits.usedOfAllowance', { used: number(summary.thisMonth.used), allowance: number(summary.monthlyAllowance) })}
        </span>
      </div>
      <UsageBar label={t('credits.thisMonth')} share={usedShare} />
      <p className="mt-2 text-xs text-muted-foreground">{t('credits.grantedThisMonth', { granted: number(summary.thisMonth.granted) })}</p>
    </div>
  );
}

function SummaryBody({ summary, cycle }: { summary: CreditSummary; cycle: CreditCycle | undefined }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const planName = usePlanName();
  const latest = summary.transactions.slice(0, LATEST_TRANSACTIONS);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-xs font-medium text-muted-foreground">{t('credits.balance')}</p>
        <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums" data-testid="credits-balance">
          {number(summary.balance)}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">{t('credits.plan', { plan: planName(summary.subscription) })}</p>
      </div>
      {cycle ? <CreditCycleDetails cycle={cycle} /> : <CalendarMonthUsage summary={summary} />}
      <div>
        <p className="text-xs font-medium text-muted-foreground">{t('credits.recentActivity')}</p>
        {latest.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">{t('credits.noActivity')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-border">
            {latest.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <Skeleton className="h-3 w-24" />
      <Skeleton className="h-8 w-32" />
      <Skeleton className="h-20 w-full rounded-xl" />
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-5/6" />
    </div>
  );
}

/** Read only while the popover is open: the billing cycle's usage, renewal and expiring credits. */
function PopoverBody() {
  const { t } = useTranslation();
  const summary = useCreditSummary();
  const billing = useBillingOverview();
  return (
    <>
      {summary.isPending && <SummarySkeleton />}
      {summary.isError && <Alert tone="error">{t('credits.loadFailed')}</Alert>}
      {summary.data && <SummaryBody summary={summary.data} cycle={billing.data?.credits} />}
    </>
  );
}

/** The header's balance button and the popover with the cycle's usage, renewal, expiring credits and latest activity. */
export function CreditsPopover() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const localized = useLocalizedPath();
  const summary = useCreditSummary();
  useCreditUpdates();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="pill" data-testid="credits-button">
          <Coins className="!text-primary" aria-hidden />
          <span className="tabular-nums">{summary.data ? number(summary.data.balance) : '—'}</span>
          <span className="sr-only"> {t('credits.buttonLabel')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={t('credits.title')}>
        <PopoverBody />
        <Button asChild variant="subtle" className="mt-5 w-full">
          <Link to={localized('/pricing')}>
            <Sparkles aria-hidden />
            {t('credits.getMore')}
          </Link>
        </Button>
      </PopoverContent>
    </Popover>
  );
}
