import { useState } from 'react';
import { LifeBuoy, RefreshCw } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { isCurrentPlan, type CheckoutRequest } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { appConfig } from '../../../lib/config.ts';
import { serverMessageOf } from '../../../lib/server-message.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { isPaymentProviderUnavailable, PendingChangeNotice, PlanChangeDialog, useBillingOverview, useCheckout, useUserPlanSync } from '../../billing/index.ts';
import { usePlans } from '../api/use-plans.ts';
import { BillingToggle } from './BillingToggle.tsx';
import { PlanCard } from './PlanCard.tsx';
import type { BillingPeriod } from './plan-pricing.ts';
import { PricingFaq } from './PricingFaq.tsx';

function PlanGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">{children}</div>;
}

function PlansSkeleton() {
  return (
    <PlanGrid>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-[460px] rounded-2xl" />
      ))}
    </PlanGrid>
  );
}

export function PricingPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const plans = usePlans();
  const [period, setPeriod] = useState<BillingPeriod>('yearly');
  const billing = useBillingOverview();
  useUserPlanSync(billing.data);
  const checkout = useCheckout();
  // "Choose plan" opens a summary of the change (the server's quote); only its confirm button files the change.
  const [choice, setChoice] = useState<CheckoutRequest | null>(null);
  const pending = billing.data?.pendingChange ?? null;
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <div className="flex flex-col items-center gap-5 text-center">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('pricing.title')}</h1>
          <p className="mx-auto mt-3 max-w-xl text-[15px] text-muted-foreground">{t('pricing.subtitle')}</p>
        </div>
        <BillingToggle value={period} onChange={setPeriod} />
      </div>
      {checkout.error && (
        <Alert tone="error" className="mx-auto w-full max-w-3xl">
          {isPaymentProviderUnavailable(checkout.error)
            ? t('billing.errors.providerUnavailable')
            : (serverMessageOf(checkout.error) ?? t('billing.errors.checkoutFailed'))}
        </Alert>
      )}
      {pending && <PendingChangeNotice pending={pending} className="mx-auto w-full max-w-3xl" />}
      {plans.isPending && <PlansSkeleton />}
      {plans.isError && (
        <Alert tone="error" className="mx-auto w-full max-w-xl">
          <div className="flex items-center justify-between gap-3">
            {t('pricing.loadFailed')}
            <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
              <RefreshCw aria-hidden />
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      )}
      {plans.data && (
        <PlanGrid>
          {plans.data.map((plan) => (
            <PlanCard
              key={plan._id}
              plan={plan}
              period={period}
              current={isCurrentPlan(user.subscription, plan)}
              requested={pending?.plan === plan.name}
              busy={checkout.choosing === plan.name}
              locked={checkout.choosing !== null}
              onChoose={() => setChoice({ plan: plan.name, interval: period })}
            />
          ))}
        </PlanGrid>
      )}
      <PlanChangeDialog
        choice={choice}
        onCancel={() => setChoice(null)}
        onConfirm={(confirmed) => {
          setChoice(null);
          checkout.choose(confirmed.plan, confirmed.interval);
        }}
      />
      <PricingFaq />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-6 py-8 text-center shadow-card">
        <LifeBuoy className="size-6 text-primary" aria-hidden />
        <h2 className="text-lg font-semibold tracking-tight">{t('pricing.supportTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('pricing.supportText')}</p>
        <Button asChild variant="outline" className="mt-1">
          <a href={`mailto:${appConfig.supportEmail}`}>{t('pricing.contactSupport')}</a>
        </Button>
      </div>
    </div>
  );
}
