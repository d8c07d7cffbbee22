import { useState } from 'react';
import { CreditCard, RotateCcw, Sparkles, Undo2, XCircle } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import { PRICING_PATH, type BillingOverview } from '@sound-studio/shared';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFormatters, useLocalizedPath } from '../../../lib/i18n.ts';
import { useBillingAction, usePortalRequest } from '../api/billing-api.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';
import { isPaymentProviderUnavailable } from '../hooks/provider-unavailable.ts';

type Confirming = 'cancel' | 'refund' | null;

/** Whether the 14-day money-back window is still open now. */
function isRefundable(refundableUntil: string | null, now = Date.now()): boolean {
  return refundableUntil !== null && Date.parse(refundableUntil) > now;
}

/**
 * Change plan, cancel or resume, refund while the money-back window is open, and (Stripe only) the provider's portal
 * for payment details. Cancelling and refunding ask first.
 */
export function SubscriptionActions({ billing }: { billing: BillingOverview }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { date } = useFormatters();
  const localized = useLocalizedPath();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const cancel = useBillingAction('cancelSubscription');
  const resume = useBillingAction('resumeSubscription');
  const refund = useBillingAction('requestRefund');
  const portal = usePortalRequest();
  const { subscription } = billing;
  const paid = subscription.plan !== 'free';
  const failed = [cancel, resume, refund, portal].find((action) => action.isError);
  const values = { plan: planLabel(subscription.plan), date: date(subscription.currentPeriodEnd) };
  const refundableUntil = isRefundable(subscription.refundableUntil) ? subscription.refundableUntil : null;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={localized(PRICING_PATH)}>
            <Sparkles aria-hidden />
            {t('billing.actions.changePlan')}
          </Link>
        </Button>
        {paid && subscription.cancelAtPeriodEnd && (
          <Button variant="outline" size="sm" loading={resume.isPending} onClick={() => resume.mutate()}>
            <Undo2 aria-hidden />
            {t('billing.actions.resume')}
          </Button>
        )}
        {paid && !subscription.cancelAtPeriodEnd && (
          <Button variant="outline" size="sm" loading={cancel.isPending} onClick={() => setConfirming('cancel')}>
            <XCircle aria-hidden />
            {t('billing.actions.cancel')}
          </Button>
        )}
        {refundableUntil && (
          <Button variant="outline" size="sm" loading={refund.isPending} onClick={() => setConfirming('refund')}>
            <RotateCcw aria-hidden />
            {t('billing.actions.refund')}
          </Button>
        )}
        {billing.provider === 'stripe' && (
          <Button
            variant="outline"
            size="sm"
            loading={portal.isPending}
            onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
          >
            <CreditCard aria-hidden />
            {t('billing.actions.portal')}
          </Button>
        )}
      </div>
      {refundableUntil && <p className="text-xs text-muted-foreground">{t('billing.actions.refundableUntil', { date: date(refundableUntil) })}</p>}
      {failed && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {t(isPaymentProviderUnavailable(failed.error) ? 'billing.errors.providerUnavailable' : 'billing.errors.actionFailed')}
        </p>
      )}
      <ConfirmDialog
        open={confirming === 'cancel'}
        testId="cancel-subscription-dialog"
        title={t('billing.confirmCancel.title')}
        description={t('billing.confirmCancel.description', values)}
        confirmLabel={t('billing.confirmCancel.confirm')}
        cancelLabel={t('billing.confirmCancel.keep')}
        onConfirm={() => {
          setConfirming(null);
          cancel.mutate();
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'refund'}
        testId="refund-dialog"
        title={t('billing.confirmRefund.title')}
        description={t('billing.confirmRefund.description')}
        confirmLabel={t('billing.confirmRefund.confirm')}
        cancelLabel={t('billing.notNow')}
        onConfirm={() => {
          setConfirming(null);
          refund.mutate(undefined, { onSuccess: () => toast.show(t('billing.confirmRefund.done'), 'success') });
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
