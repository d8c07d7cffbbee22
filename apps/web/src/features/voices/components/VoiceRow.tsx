import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice, VoiceMood } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useVoicePreview } from '../hooks/use-voice-preview.ts';
import { defaultMood } from '../voice-rules.ts';
import { VoiceAvatar } from './VoiceAvatar.tsx';
import { CopyVoiceIdButton, FavoriteButton } from './VoiceRowActions.tsx';

export interface VoiceRowProps {
  voice: Voice;
  selected: boolean;
  languageName: (code: string) => string;
  /** The row's main action ("Use", "Selected"), given the mood picked in the row. */
  renderAction: (voice: Voice, mood: VoiceMood | null) => ReactNode;
}

/** One voice: preview on the artwork, who it is, its moods (first preselected), favourite, copy id and the action. */
export function VoiceRow({ voice, selected, languageName, renderAction }: VoiceRowProps) {
  const { t } = useTranslation();
  const preview = useVoicePreview();
  const [mood, setMood] = useState<VoiceMood | null>(() => defaultMood(voice));
  const meta = [
    languageName(voice.language),
    voice.accent ? t(`voices.accents.${voice.accent}`) : null,
    t(`voices.genders.${voice.gender}`),
    t(`voices.ages.${voice.age}`),
    voice.neural?.licence ? t('voices.licence', { licence: voice.neural.licence }) : null,
  ].filter(Boolean);
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-3 transition [contain-intrinsic-size:auto_84px] [content-visibility:auto] sm:flex-row sm:items-center sm:p-3.5',
        selected ? 'border-primary/50 bg-accent/40' : 'border-border bg-surface hover:border-primary/30',
      )}
      data-testid="voice-row"
      data-voice-id={voice._id}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {/* Upstream voices have no preview (each would be a paid call to the provider): the artwork alone. */}
        <VoiceAvatar
          voice={voice}
          playing={preview.isPlaying(voice, mood)}
          loading={preview.isLoading(voice, mood)}
          {...(voice.previewUrl ? { onToggle: () => preview.toggle(voice, mood) } : {})}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <p className="truncate text-sm font-semibold" data-testid="voice-name">
              {voice.name}
            </p>
            {selected && <Badge tone="brand">{t('voices.selected')}</Badge>}
            {voice.category === 'custom' && <Badge tone="accent">{t('voices.custom')}</Badge>}
            {voice.neural && (
              <Badge tone="accent" title={t('voices.neuralHint', { family: voice.neural.family === 'kokoro' ? 'Kokoro' : 'Piper' })} data-testid="neural-badge">
                {t('voices.neural')}
              </Badge>
            )}
            {voice.upstream && (
              <Badge tone="accent" title={t('voices.upstreamHint', { provider: voice.upstream.label })} data-testid="provider-badge">
                {voice.upstream.label}
              </Badge>
            )}
          </div>
          <p className="truncate text-xs text-muted-foreground">{meta.join(' · ')}</p>
          {voice.isGroup && voice.moods.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label={t('voices.moodsOf', { name: voice.name })}>
              {voice.moods.map((option) => (
                <button
                  key={option._id}
                  type="button"
                  aria-pressed={mood?._id === option._id}
                  onClick={() => {
                    setMood(option);
                    preview.toggle(voice, option);
                  }}
                  className={cn(
                    'h-6 rounded-full border px-2.5 text-[11px] font-medium transition focus-visible:outline-2 focus-visible:outline-ring',
                    mood?._id === option._id ? 'border-primary-solid bg-primary-solid text-primary-foreground' : 'border-border text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t(`voices.moods.${option.mood}`)}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-end gap-1">
        <FavoriteButton voice={voice} />
        <CopyVoiceIdButton voiceId={voice._id} />
        {renderAction(voice, mood)}
      </div>
    </li>
  );
}
