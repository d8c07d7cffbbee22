import { Coins } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { useFormatters } from '../../../lib/i18n.ts';
import { useMusicCost } from '../api/use-music-queries.ts';

/** 'Cost: 400 credits · Balance: 9,600' for the chosen duration; a failed calculation shows nothing (section 8). */
export function CostLine({ duration }: { duration: number }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { data } = useMusicCost(duration);
  if (!data) return <span className="h-4" aria-hidden />;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums" data-testid="music-cost" aria-live="polite">
      <Coins className="size-3.5 shrink-0 text-primary" aria-hidden />
      <span>
        {t('music.cost', { cost: number(data.cost) })} · {t('music.balance', { balance: number(data.balance) })}
      </span>
    </p>
  );
}
