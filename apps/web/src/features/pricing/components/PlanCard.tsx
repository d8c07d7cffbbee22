import { Check, Minus } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { formatCreditsShort, type Plan } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatters, useLanguage } from '../../../lib/i18n.ts';
import { usePlanName } from '../../../lib/plan-name.ts';
import { PLAN_FEATURE_KEYS, pricePerMonth, type BillingPeriod } from './plan-pricing.ts';

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  current: boolean;
  /** A change to this plan waits for payment (manual billing: the operator's confirmation). */
  requested: boolean;
  /** This plan's checkout is on its way; `locked` while any card's is. */
  busy: boolean;
  locked: boolean;
  onChoose: (plan: Plan) => void;
}

function FeatureList({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <ul className="flex flex-col gap-2.5 text-[13px]">
      <li className="flex items-start gap-2.5 font-medium">
        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {t('pricing.creditsPerMonth', { credits: formatCreditsShort(plan.credits.monthly) })}
      </li>
      {plan.limits.customVoices > 0 && (
        <li className="flex items-start gap-2.5">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t('pricing.customVoices', { count: plan.limits.customVoices, formatted: number(plan.limits.customVoices) })}
        </li>
      )}
      {PLAN_FEATURE_KEYS.map((feature) => {
        const included = plan.features[feature];
        return (
          <li key={feature} className={cn('flex items-start gap-2.5', !included && 'text-muted-foreground')}>
            {included ? <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden /> : <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />}
            <span>
              {t(`pricing.features.${feature}`)}
              {!included && <span className="sr-only"> ({t('pricing.notIncluded')})</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function PlanCard({ plan, period, current, requested, busy, locked, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const planName = usePlanName();
  const { currency } = useFormatters();
  const popular = plan.display.popular;
  const monthly = pricePerMonth(plan, period);
  const description = language === 'en' ? plan.description : t(`pricing.taglines.${plan.name}`);
  return (
    <article
      aria-labelledby={`plan-${plan._id}`}
      data-testid={`plan-${plan.name}`}
      data-current={current || undefined}
      className={cn(
        // From two columns up, the card's eight parts sit on rows shared with its neighbours (subgrid), so a price that
        // wraps in one card moves every card's button down alike and the buttons line up.
        'relative flex flex-col rounded-2xl border bg-surface p-5 shadow-card sm:row-span-8 sm:grid sm:grid-rows-subgrid sm:gap-y-0',
        popular ? 'border-primary/60 ring-1 ring-primary/30' : 'border-border',
        current && 'bg-accent/40',
      )}
    >
      <div className="flex min-h-6 items-center">
        {current ? (
          <Badge tone="success">{t('pricing.currentPlan')}</Badge>
        ) : requested ? (
          <Badge tone="warning">{t('billing.pending.badge')}</Badge>
        ) : popular ? (
          <Badge tone="brand">{language === 'en' && plan.display.badge ? plan.display.badge : t('pricing.mostPopular')}</Badge>
        ) : null}
      </div>
      <h2 id={`plan-${plan._id}`} className="mt-3 text-base font-semibold">
        {planName(plan.displayName)}
      </h2>
      <p className="mt-1 min-h-15 text-[13px] leading-relaxed text-muted-foreground">{description}</p>
      <div className="mt-5 flex flex-wrap items-baseline gap-x-1">
        <span className="text-[32px] leading-none font-semibold tracking-tight tabular-nums xl:text-[28px] 2xl:text-[32px]" data-testid="plan-price">
          {currency(monthly)}
        </span>
        <span className="text-sm whitespace-nowrap text-muted-foreground">{t('pricing.perMonth')}</span>
      </div>
      <p className="mt-2 min-h-4 text-xs text-muted-foreground">
        {period === 'yearly' && plan.pricing.yearly.amount > 0 ? t('pricing.billedYearly', { amount: currency(plan.pricing.yearly.amount) }) : ''}
      </p>
      <Button
        variant={popular && !current ? 'primary' : 'outline'}
        className="mt-5 w-full"
        disabled={current || requested || locked}
        loading={busy}
        onClick={() => onChoose(plan)}
      >
        {current ? t('pricing.currentPlan') : requested ? t('billing.pending.requested') : t('pricing.choosePlan')}
        {/* The visible words lead the name (WCAG 2.5.3); the plan follows for screen readers. */}
        <span className="sr-only"> ({planName(plan.displayName)})</span>
      </Button>
      <div className="my-5 h-px bg-border" />
      <FeatureList plan={plan} />
    </article>
  );
}
