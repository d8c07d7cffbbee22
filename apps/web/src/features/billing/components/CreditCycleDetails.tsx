import { Hourglass } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { CreditCycle } from '@sound-studio/shared';
import { useFormatters } from '../../../lib/i18n.ts';
import { UsageBar } from '../../../components/ui/usage-bar.tsx';

/** Usage in the billing cycle, the next renewal with its credits, and which rolled-over credits lapse when. */
export function CreditCycleDetails({ cycle }: { cycle: CreditCycle }) {
  const { t } = useTranslation();
  const { number, date } = useFormatters();
  const allowance = Math.max(cycle.nextRenewalCredits, cycle.usedThisCycle, 1);
  const usedShare = Math.min(100, Math.round((cycle.usedThisCycle / allowance) * 100));
  return (
    <div className="flex flex-col gap-4" data-testid="credit-cycle">
      <div className="rounded-xl bg-muted p-3.5">
        <div className="flex items-baseline justify-between gap-2 text-xs">
          <span className="font-medium">{t('billing.cycle.title')}</span>
          <span className="text-right text-muted-foreground tabular-nums" data-testid="cycle-used">
            {t('billing.cycle.used', { used: number(cycle.usedThisCycle), allowance: number(cycle.nextRenewalCredits) })}
          </span>
        </div>
        <UsageBar label={t('billing.cycle.title')} share={usedShare} />
        <p className="mt-2 text-xs text-muted-foreground" data-testid="cycle-renewal">
          {t('billing.cycle.renews', { date: date(cycle.nextRenewalAt), credits: number(cycle.nextRenewalCredits) })}
        </p>
      </div>
      <div>
        <p className="text-xs font-medium text-muted-foreground">{t('billing.cycle.expiringTitle')}</p>
        {cycle.expiring.length === 0 ? (
          <p className="pt-1.5 text-xs text-muted-foreground">{t('billing.cycle.noneExpiring')}</p>
        ) : (
          <ul className="mt-1.5 flex flex-col gap-1.5">
            {cycle.expiring.map((lot) => (
              <li key={`${lot.expiresAt}-${lot.amount}`} data-testid="expiring-credits" className="flex items-center gap-2 text-xs">
                <Hourglass className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span>{t('billing.cycle.expires', { amount: number(lot.amount), date: date(lot.expiresAt) })}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
