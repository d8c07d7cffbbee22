import { useTranslation } from '../../../lib/translator.ts';
import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';

export type MusicDuration = (typeof MUSIC_DURATIONS)[number];

export function DurationSelect({ id, value, onChange, className }: { id: string; value: number; onChange: (seconds: MusicDuration) => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next) as MusicDuration)}>
      <SelectTrigger id={id} className={cn(className)} aria-label={t('music.duration')} data-testid="music-duration">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {MUSIC_DURATIONS.map((seconds) => (
          <SelectItem key={seconds} value={String(seconds)}>
            {t(`music.durations.${seconds}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
