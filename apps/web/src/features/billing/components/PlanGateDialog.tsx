import { Lock, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import { PRICING_PATH } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { usePlanLabel } from '../hooks/plan-label.ts';
import { usePlanGate } from '../hooks/use-plan-gate.ts';

/** The server's upgrade link when it is one of our pages, else the pricing page. */
function upgradePath(upgradeUrl: string): string {
  return upgradeUrl.startsWith('/') && !upgradeUrl.startsWith('//') ? upgradeUrl : PRICING_PATH;
}

/**
 * Answers any call refused with FEATURE_NOT_IN_PLAN, wherever it was made: names the feature the plan lacks and
 * links to the pricing page. Mounted once in the signed-in shell.
 */
export function PlanGateDialog() {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const localized = useLocalizedPath();
  const { gate, dismiss } = usePlanGate();
  return (
    <Dialog open={gate !== null} onOpenChange={(open) => !open && dismiss()}>
      {gate && (
        <DialogContent title={t('billing.gate.title')} data-testid="plan-gate-dialog">
          <div className="flex flex-col gap-5">
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Lock className="size-4" aria-hidden />
              </span>
              <p className="text-sm leading-relaxed">
                {t('billing.gate.description', { feature: t(`pricing.features.${gate.feature}`), plan: planLabel(gate.plan) })}
              </p>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">{t('billing.notNow')}</Button>
              </DialogClose>
              <Button asChild>
                <Link to={localized(upgradePath(gate.upgradeUrl))} onClick={dismiss}>
                  <Sparkles aria-hidden />
                  {t('billing.gate.upgrade')}
                </Link>
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
