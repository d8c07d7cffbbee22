import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { CREDIT_ROLLOVER_CYCLES, type CheckoutQuote, type CheckoutRequest } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useCheckoutQuote } from '../api/billing-api.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';

/** Which of the texts fits the quote: an upgrade reads differently by who takes the payment, or when nothing is due. */
type Outcome = 'upgradeManual' | 'upgradeStripe' | 'upgradeFree' | 'downgrade' | 'cancel' | 'same';

function outcomeOf(quote: CheckoutQuote): Outcome {
  if (quote.change !== 'upgrade') return quote.change;
  if (quote.amountDueCents === 0) return 'upgradeFree';
  return quote.provider === 'stripe' ? 'upgradeStripe' : 'upgradeManual';
}

function SummaryRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-muted-foreground sm:w-32">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function QuoteSummary({ quote }: { quote: CheckoutQuote }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { currency, number, date } = useFormatters();
  const outcome = outcomeOf(quote);
  const price = currency(quote.renewalPriceCents / 100);
  const values = {
    plan: planLabel(quote.plan),
    current: planLabel(quote.currentPlan),
    date: date(quote.effectiveAt),
    amount: currency(quote.amountDueCents / 100),
  };
  const creditsNow =
    quote.change === 'upgrade'
      ? t('billing.confirmChange.creditsNowUpgrade', { credits: number(quote.creditsNow) })
      : quote.change === 'same'
        ? t('billing.confirmChange.creditsNowSame')
        : t('billing.confirmChange.creditsNowKept', { date: values.date });
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-border rounded-xl border border-border px-4 text-sm">
        <SummaryRow label={t('billing.confirmChange.planRow')} testId="plan-change-plan">
          {t('billing.confirmChange.planValue', { plan: values.plan, interval: t(`billing.intervalAdjective.${quote.change === 'cancel' ? 'monthly' : quote.interval}`) })}
        </SummaryRow>
        <SummaryRow label={t('billing.confirmChange.priceRow')} testId="plan-change-price">
          {t(quote.interval === 'yearly' && quote.change !== 'cancel' ? 'billing.confirmChange.pricePerYear' : 'billing.confirmChange.pricePerMonth', { price })}
        </SummaryRow>
        <SummaryRow label={t('billing.confirmChange.dueRow')} testId="plan-change-due">
          {quote.amountDueCents > 0 ? t('billing.confirmChange.dueProrated', { amount: values.amount }) : t('billing.confirmChange.nothingDue')}
        </SummaryRow>
        <SummaryRow label={t('billing.confirmChange.creditsNowRow')} testId="plan-change-credits-now">
          {creditsNow}
        </SummaryRow>
        <SummaryRow label={t('billing.confirmChange.renewalRow')} testId="plan-change-renewal">
          {t('billing.confirmChange.renewal', { date: date(quote.renewalAt), credits: number(quote.renewalCredits), cycles: CREDIT_ROLLOVER_CYCLES })}
        </SummaryRow>
      </dl>
      <p className="text-sm" data-testid="plan-change-next">
        {t(`billing.confirmChange.next.${outcome}`, values)}
      </p>
    </div>
  );
}

interface PlanChangeDialogProps {
  /** The plan and interval chosen on the pricing page; null when no question is open. */
  choice: CheckoutRequest | null;
  onConfirm: (choice: CheckoutRequest) => void;
  onCancel: () => void;
}

/**
 * Asks before a plan change, with the server's own quote: plan and interval, price, what is due now, the credits it
 * brings now and at each renewal, and what happens next (a request for the operator, the provider's checkout, or a
 * change at the period end). "Not now" changes nothing.
 */
export function PlanChangeDialog({ choice, onConfirm, onCancel }: PlanChangeDialogProps) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const quote = useCheckoutQuote(choice);
  const data = quote.data;
  const values = { plan: planLabel(data?.plan ?? choice?.plan ?? 'free') };
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={data ? t(`billing.confirmChange.title.${data.change}`, values) : t('billing.confirmChange.loading')}
        description={t('billing.confirmChange.description')}
        data-testid="plan-change-dialog"
      >
        <div className="flex flex-col gap-5">
          {data && <QuoteSummary quote={data} />}
          {quote.isPending && <Skeleton className="h-56 rounded-xl" />}
          {quote.isError && <Alert tone="error">{t('billing.confirmChange.loadFailed')}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} data-testid="plan-change-cancel">
              {t('billing.confirmChange.back')}
            </Button>
            <Button disabled={!data || !choice} onClick={() => choice && onConfirm(choice)} data-testid="plan-change-confirm">
              {data ? t(`billing.confirmChange.confirm.${outcomeOf(data)}`) : t('billing.confirmChange.loading')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
