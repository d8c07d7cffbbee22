import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { BillingOverview } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';

const STATUS_TONES = { active: 'success', past_due: 'warning', canceled: 'neutral' } as const;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-muted px-3.5 py-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Plan, billing cycle, status and the next renewal (or the end of a cancelled plan), at a glance. */
export function SubscriptionSummary({ billing }: { billing: BillingOverview }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { date, number } = useFormatters();
  const { subscription, credits } = billing;
  return (
    <dl className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
      <Fact label={t('billing.facts.plan')} testId="billing-plan">
        {planLabel(subscription.plan)}
      </Fact>
      <Fact label={t('billing.facts.interval')} testId="billing-interval">
        {t(`billing.interval.${subscription.interval}`)}
      </Fact>
      <Fact label={t('billing.facts.status')}>
        <Badge tone={STATUS_TONES[subscription.status]} data-testid="billing-status">
          {t(`billing.status.${subscription.status}`)}
        </Badge>
      </Fact>
      <Fact label={subscription.cancelAtPeriodEnd ? t('billing.facts.endsOn') : t('billing.facts.nextRenewal')} testId="billing-renewal">
        {date(subscription.currentPeriodEnd)}
        {!subscription.cancelAtPeriodEnd && (
          <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
            {t('billing.facts.renewalCredits', { credits: number(credits.nextRenewalCredits) })}
          </span>
        )}
      </Fact>
    </dl>
  );
}
