import { Check, Copy, ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.ts';

/** The new key, shown this one time with a copy button: the server keeps only its hash. */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-success/40 bg-success-soft p-4" data-testid="new-key" role="status">
      <p className="flex items-start gap-2 text-sm font-medium">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        {t('api.newKeyOnce')}
      </p>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-lg bg-surface px-3 py-2 font-mono text-xs" data-testid="new-key-value">
          {apiKey}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy(apiKey)} data-testid="copy-key">
          {copied === apiKey ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied === apiKey ? t('api.copied') : t('api.copy')}
        </Button>
      </div>
      <Button variant="ghost" size="sm" className="self-start" onClick={onDone}>
        {t('api.newKeyDone')}
      </Button>
    </div>
  );
}
