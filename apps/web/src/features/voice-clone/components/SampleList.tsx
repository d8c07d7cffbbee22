import { FileAudio, Pause, Play, X } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { usePlayer } from '../../player/index.ts';

export interface CloneSample {
  id: string;
  file: File;
  durationSeconds: number;
  /** An object URL for listening before upload. */
  url: string;
}

/** The samples so far ('n / 10'), each with its length, play and remove. */
export function SampleList({ samples, onRemove }: { samples: readonly CloneSample[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation();
  const player = usePlayer();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold" data-testid="sample-count">
        {t('voiceClone.samples', { count: samples.length, max: UPLOAD_LIMITS.cloneSamplesMax })}
      </p>
      {samples.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-5 text-sm text-muted-foreground">{t('voiceClone.samplesEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="sample-list">
          {samples.map((sample) => {
            const name = `sample:${sample.id}`;
            const playing = player.current?.name === name && player.isPlaying;
            return (
              <li key={sample.id} className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2" data-testid="sample-item">
                <FileAudio className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate text-sm">{sample.file.name}</span>
                <span className="text-xs tabular-nums text-muted-foreground">{formatDuration(sample.durationSeconds)}</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={playing ? t('voiceClone.pauseSample', { name: sample.file.name }) : t('voiceClone.playSample', { name: sample.file.name })}
                  onClick={() => player.toggleItem({ name, audioUrl: sample.url, displayName: sample.file.name })}
                >
                  {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
                </Button>
                <Button variant="ghost" size="icon-sm" aria-label={t('voiceClone.removeSample', { name: sample.file.name })} onClick={() => onRemove(sample.id)}>
                  <X aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
