import { Check, Pause, Play } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { VoiceDesignPreview } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePlayer } from '../../player/index.ts';
import type { CandidateDifference } from '../candidate-differences.ts';

/** One of the three candidates: play it, see what the description was understood as, choose it. */
export function DesignCandidateCard({
  preview,
  index,
  difference,
  chosen,
  onChoose,
}: {
  preview: VoiceDesignPreview;
  index: number;
  /** What sets this candidate apart from the other two (they share gender, age and language). */
  difference: CandidateDifference | undefined;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const player = usePlayer();
  const name = `design:${preview.previewId}`;
  const playing = player.current?.name === name && player.isPlaying;
  const label = t('voiceDesign.candidate', { number: index + 1 });
  const { gender, age, pitch, rate, accent, language } = preview.params;
  const chips = [
    t(`voices.genders.${gender}`, { defaultValue: gender }),
    t(`voices.ages.${age}`, { defaultValue: age }),
    accent ? t(`voices.accents.${accent}`, { defaultValue: accent }) : t(`languages.${language.split('-')[0] ?? language}`, { defaultValue: language }),
    t('voiceDesign.pitchChip', { value: `${pitch > 0 ? '+' : ''}${pitch.toFixed(1)}` }),
    t('voiceDesign.rateChip', { value: rate.toFixed(2) }),
  ];
  return (
    <li
      className={cn('flex flex-col gap-3 rounded-2xl border p-4 transition', chosen ? 'border-primary bg-accent/40 ring-2 ring-primary/30' : 'border-border bg-surface')}
      data-testid="design-candidate"
    >
      <div className="flex items-center gap-3">
        <Button
          variant={playing ? 'primary' : 'subtle'}
          size="icon-round"
          aria-label={playing ? t('voiceDesign.pauseCandidate', { name: label }) : t('voiceDesign.playCandidate', { name: label })}
          onClick={() => player.toggleItem({ name, audioUrl: preview.audioUrl, displayName: label })}
          data-testid="play-candidate"
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <p className="flex-1 text-sm font-semibold">{label}</p>
        <Button variant={chosen ? 'primary' : 'outline'} size="sm" aria-pressed={chosen} onClick={onChoose} data-testid="choose-candidate">
          {chosen && <Check aria-hidden />}
          {chosen ? t('voiceDesign.chosen') : t('voiceDesign.choose')}
        </Button>
      </div>
      {difference && (
        <p className="text-sm font-medium" data-testid="candidate-difference">
          {t('voiceDesign.difference', {
            pitch: t(`voiceDesign.differences.pitch.${difference.pitch}`),
            pace: t(`voiceDesign.differences.pace.${difference.pace}`),
            timbre: difference.character
              ? t('voiceDesign.differences.timbreCharacter', { number: difference.timbre, character: t(`voiceDesign.differences.characters.${difference.character}`) })
              : t('voiceDesign.differences.timbre', { number: difference.timbre }),
          })}
        </p>
      )}
      <div className="flex flex-wrap gap-1.5" aria-label={t('voiceDesign.understood')}>
        {chips.map((chip) => (
          <Badge key={chip} tone="neutral">
            {chip}
          </Badge>
        ))}
      </div>
      {preview.params.keywords.length > 0 && (
        <p className="text-xs text-muted-foreground">{t('voiceDesign.keywords', { keywords: preview.params.keywords.join(', ') })}</p>
      )}
    </li>
  );
}
