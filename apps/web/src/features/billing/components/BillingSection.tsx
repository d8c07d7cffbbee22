import { useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBillingOverview } from '../api/billing-api.ts';
import { useCheckoutReturn } from '../hooks/use-checkout-return.ts';
import { useUserPlanSync } from '../hooks/use-user-plan-sync.ts';
import { InvoiceList } from './InvoiceList.tsx';
import { PendingChangeNotice } from './PendingChangeNotice.tsx';
import { ScheduledChangeNotice } from './ScheduledChangeNotice.tsx';
import { SubscriptionActions } from './SubscriptionActions.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';

function BillingSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}

/** Settings > Billing: the subscription, changes waiting for payment or for the cycle's end, actions, invoices. */
export function BillingSection() {
  const { t } = useTranslation();
  const overview = useBillingOverview();
  const section = useRef<HTMLDivElement>(null);
  const checkoutOutcome = useCheckoutReturn(section, overview.isSuccess);
  useUserPlanSync(overview.data);
  if (overview.isPending) return <BillingSkeleton />;
  if (overview.isError) {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('billing.errors.loadFailed')}
          <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
            <RefreshCw aria-hidden />
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  const billing = overview.data;
  const scheduled = billing.subscription.scheduledChange;
  return (
    <div ref={section} className="flex scroll-mt-6 flex-col gap-5" data-testid="billing-section">
      {checkoutOutcome && (
        <Alert tone={checkoutOutcome === 'success' ? 'success' : 'info'}>{t(`billing.checkoutReturn.${checkoutOutcome}`)}</Alert>
      )}
      <SubscriptionSummary billing={billing} />
      {scheduled && <ScheduledChangeNotice subscription={billing.subscription} change={scheduled} />}
      {billing.pendingChange && <PendingChangeNotice pending={billing.pendingChange} />}
      <SubscriptionActions billing={billing} />
      <div className="h-px bg-border" />
      <InvoiceList invoices={billing.invoices} />
    </div>
  );
}
