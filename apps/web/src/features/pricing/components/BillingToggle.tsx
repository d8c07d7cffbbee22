import { useTranslation } from '../../../lib/translator.ts';
import { YEARLY_DISCOUNT_PERCENT } from '@sound-studio/shared';
import { cn } from '../../../lib/cn.ts';
import type { BillingPeriod } from './plan-pricing.ts';

const PERIODS: BillingPeriod[] = ['monthly', 'yearly'];

/** Monthly or yearly, as a two-option radio group; yearly carries the "save 20%" note. */
export function BillingToggle({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('pricing.billingPeriod')} className="inline-flex items-center gap-1 rounded-full border border-border bg-surface p-1 shadow-card">
      {PERIODS.map((period) => {
        const selected = value === period;
        return (
          <button
            key={period}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(period)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium transition',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected ? 'bg-foreground text-background' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`pricing.${period}`)}
            {period === 'yearly' && (
              <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', selected ? 'bg-brand text-white' : 'bg-accent text-accent-foreground')}>
                {t('pricing.save', { percent: YEARLY_DISCOUNT_PERCENT })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
