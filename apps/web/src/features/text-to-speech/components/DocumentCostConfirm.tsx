import { Coins, FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { TEXT_MAX_LENGTH, type DocumentReply } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useFormatters } from '../../../lib/i18n.ts';

export type DocumentEstimate = Extract<DocumentReply, { kind: 'estimate' }>;

interface DocumentCostConfirmProps {
  estimate: DocumentEstimate;
  starting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What a long document will cost (the server's price for the chosen voice) and what happens to it, before it starts. */
export function DocumentCostConfirm({ estimate, starting, onConfirm, onCancel }: DocumentCostConfirmProps) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const credits = number(estimate.credits);
  return (
    <div className="flex flex-col gap-4" data-testid="document-estimate">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <FileText className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-col gap-1.5 text-sm">
          <h3 className="font-semibold">{t('tts.document.confirm.title')}</h3>
          <p>{t('tts.document.confirm.length', { name: estimate.fileName, characters: number(estimate.characters), limit: number(TEXT_MAX_LENGTH) })}</p>
          <p>{t('tts.document.confirm.parts', { count: estimate.parts, formatted: number(estimate.parts), voice: estimate.voiceName })}</p>
          <p className="text-muted-foreground">{t('tts.document.confirm.where')}</p>
        </div>
      </div>
      <div className="flex items-start gap-3 rounded-xl bg-muted px-4 py-3">
        <Coins className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <p>
            <span className="text-muted-foreground">{t('tts.document.confirm.cost')}: </span>
            <span className="font-semibold tabular-nums" data-testid="document-cost">
              {t('tts.document.confirm.credits', { credits })}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">{t('tts.document.confirm.rate', { rate: number(estimate.creditsPerCharacter) })}</p>
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="document-balance">
            {t('tts.document.confirm.balance', { balance: number(estimate.balance) })}
          </p>
        </div>
      </div>
      {estimate.balance < estimate.credits && <Alert tone="warning">{t('tts.document.confirm.short')}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={starting} data-testid="document-cancel">
          {t('tts.document.confirm.back')}
        </Button>
        <Button onClick={onConfirm} loading={starting} data-testid="document-confirm">
          {t('tts.document.confirm.start', { credits })}
        </Button>
      </div>
    </div>
  );
}
