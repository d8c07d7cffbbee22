import { Info } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { CloneMatch } from '@sound-studio/shared';

function hertz(value: number | null): string {
  return value === null ? '–' : String(Math.round(value));
}

function rate(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

/** Says plainly what the clone is: a local approximation of measurable traits, or the cloud provider's clone. */
export function CloneMatchNote({ match }: { match: CloneMatch }) {
  const { t } = useTranslation();
  const local = match.provider === 'local';
  return (
    <div className="flex gap-3 rounded-xl border border-warning/30 bg-warning-soft/50 px-4 py-3 text-sm" data-testid="clone-match" data-provider={match.provider}>
      <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t(local ? 'voiceClone.match.localTitle' : 'voiceClone.match.minimaxTitle')}</p>
        <p className="text-muted-foreground">{t(local ? 'voiceClone.match.local' : 'voiceClone.match.minimax')}</p>
        {local && (
          <ul className="mt-1 flex flex-col gap-0.5 text-xs tabular-nums text-muted-foreground">
            <li>{t('voiceClone.match.pitch', { sample: hertz(match.samplePitchHz), matched: hertz(match.matchedPitchHz) })}</li>
            <li>{t('voiceClone.match.rate', { sample: rate(match.sampleRate), matched: rate(match.matchedRate) })}</li>
          </ul>
        )}
      </div>
    </div>
  );
}
