import { Clock } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { PendingChange } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatters } from '../../../lib/i18n.ts';
import { useBillingAction } from '../api/billing-api.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';

/** A plan change waiting for payment (the operator's confirmation under manual billing), with a way to withdraw it. */
export function PendingChangeNotice({ pending, className }: { pending: PendingChange; className?: string }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { currency, number, date } = useFormatters();
  const cancel = useBillingAction('cancelPendingChange');
  const toast = useToast();
  const withdraw = () => cancel.mutate(undefined, { onSuccess: () => toast.show(t('billing.pending.withdrawn', { plan: planLabel(pending.plan) }), 'success') });
  return (
    <section
      aria-labelledby="pending-change-title"
      data-testid="pending-change"
      className={cn('flex flex-col gap-4 rounded-2xl border border-warning/30 bg-warning-soft p-4 sm:flex-row sm:items-center sm:p-5', className)}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface text-warning shadow-card">
          <Clock className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id="pending-change-title" className="text-sm font-semibold">
            {t('billing.pending.title')}
          </h3>
          <p className="mt-0.5 text-sm" data-testid="pending-change-summary">
            {t('billing.pending.summary', {
              plan: planLabel(pending.plan),
              interval: t(`billing.intervalAdjective.${pending.interval}`),
              amount: currency(pending.amountDueCents / 100),
            })}
          </p>
          <p className="mt-1 text-xs leading-relaxed text-muted-foreground">
            {t('billing.pending.explanation', { date: date(pending.createdAt), credits: number(pending.creditsOnPayment) })}
          </p>
          {cancel.isError && (
            <p role="alert" className="mt-1 text-xs font-medium text-destructive">
              {t('billing.errors.actionFailed')}
            </p>
          )}
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" loading={cancel.isPending} onClick={withdraw} data-testid="pending-change-cancel">
        {t('billing.pending.cancel')}
      </Button>
    </section>
  );
}
