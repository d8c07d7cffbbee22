import { CalendarClock } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Subscription } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useBillingAction } from '../api/billing-api.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';
import { isPaymentProviderUnavailable } from '../hooks/provider-unavailable.ts';

type ScheduledChange = NonNullable<Subscription['scheduledChange']>;

/**
 * A change waiting for the end of the period. A downgrade can be withdrawn here; a cancellation is undone by
 * resuming (the actions below); a move after a failed payment is settled by paying.
 */
export function ScheduledChangeNotice({ subscription, change }: { subscription: Subscription; change: ScheduledChange }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { date } = useFormatters();
  const keepPlan = useBillingAction('cancelScheduledChange');
  const values = {
    plan: planLabel(change.plan),
    current: planLabel(subscription.plan),
    interval: t(`billing.intervalAdjective.${change.interval}`),
    date: date(change.effectiveAt),
  };
  return (
    <div data-testid="scheduled-change" className="flex flex-col gap-3 rounded-xl border border-border bg-surface px-4 py-3.5 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 text-sm">
          <p>{t(`billing.scheduled.${change.reason}`, values)}</p>
          {keepPlan.isError && (
            <p role="alert" className="mt-1 text-xs font-medium text-destructive">
              {t(isPaymentProviderUnavailable(keepPlan.error) ? 'billing.errors.providerUnavailable' : 'billing.errors.actionFailed')}
            </p>
          )}
        </div>
      </div>
      {change.reason === 'downgrade' && (
        <Button variant="outline" size="sm" className="self-start sm:self-center" loading={keepPlan.isPending} onClick={() => keepPlan.mutate()}>
          {t('billing.scheduled.keepPlan', { plan: values.current })}
        </Button>
      )}
    </div>
  );
}
