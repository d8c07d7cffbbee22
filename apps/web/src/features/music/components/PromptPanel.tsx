import { useState, type FormEvent } from 'react';
import { Shuffle, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import {
  DEFAULT_MUSIC_DURATION,
  MUSIC_LYRICS_MAX_LENGTH,
  MUSIC_PROMPT_MAX_LENGTH,
  musicGenerateRequestSchema,
  type MusicGenerateRequest,
  type MusicTrack,
} from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldMessage } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { cn } from '../../../lib/cn.ts';
import { useFormatters, useTranslateMessage } from '../../../lib/i18n.ts';
import { useGenerateMusic } from '../hooks/use-generate-music.ts';
import { pickRandomPrompt, SAMPLE_PROMPTS } from '../music-rules.ts';
import { CostLine } from './CostLine.tsx';
import { DurationSelect } from './DurationSelect.tsx';

type Mode = 'simple' | 'advanced';

interface PromptPanelProps {
  modelId: string;
  initialPrompt?: string;
  /** 'compact' is home's version: no modes, one row of controls. */
  variant?: 'full' | 'compact';
  onCreated?: (track: MusicTrack) => void;
}

function useSamplePrompts(): string[] {
  const { t } = useTranslation();
  return SAMPLE_PROMPTS.map((sample) => t(`music.samples.${sample}`));
}

function PromptCounter({ length, id }: { length: number; id: string }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <span id={id} className="text-xs text-muted-foreground tabular-nums" data-testid="music-counter" aria-live="off">
      {t('music.characters', { count: length, formatted: number(length), max: number(MUSIC_PROMPT_MAX_LENGTH) })}
    </span>
  );
}

function RandomPromptButton({ onPick, current, compact }: { onPick: (prompt: string) => void; current: string; compact: boolean }) {
  const { t } = useTranslation();
  const samples = useSamplePrompts();
  return (
    <Button
      variant={compact ? 'secondary' : 'ghost'}
      size={compact ? 'chip' : 'sm'}
      onClick={() => onPick(pickRandomPrompt(samples, current))}
      data-testid="music-random-prompt"
    >
      <Shuffle aria-hidden />
      {t('music.randomPrompt')}
    </Button>
  );
}

function LyricsField({ lyrics, onChange }: { lyrics: string; onChange: (lyrics: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="music-lyrics">{t('music.lyrics')}</Label>
      <Textarea
        id="music-lyrics"
        value={lyrics}
        maxLength={MUSIC_LYRICS_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('music.lyricsPlaceholder')}
        aria-describedby="music-lyrics-hint"
        className="min-h-40 font-mono text-[13px]"
      />
      <p id="music-lyrics-hint" className="text-xs leading-relaxed text-muted-foreground">
        {t('music.lyricsHint')}
      </p>
    </div>
  );
}

/**
 * The prompt panel: Simple or Advanced (with lyrics), the prompt with its live counter and a random sample, duration,
 * cost and balance, and Create (idle, 'Creating...', disabled without a token, back to idle on error).
 */
export function PromptPanel({ modelId, initialPrompt = '', variant = 'full', onCreated }: PromptPanelProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const compact = variant === 'compact';
  const [mode, setMode] = useState<Mode>('simple');
  const [prompt, setPrompt] = useState(initialPrompt.slice(0, MUSIC_PROMPT_MAX_LENGTH));
  const [lyrics, setLyrics] = useState('');
  const [duration, setDuration] = useState<number>(DEFAULT_MUSIC_DURATION);
  const [promptError, setPromptError] = useState<string | null>(null);
  const { create, isCreating, error } = useGenerateMusic(onCreated);
  const signedIn = Boolean(getAccessToken());
  const fieldId = compact ? 'home-music-prompt' : 'music-prompt';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = musicGenerateRequestSchema.shape.prompt.safeParse(prompt);
    if (!checked.success) {
      setPromptError(translate(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setPromptError(null);
    const request: MusicGenerateRequest = { prompt: checked.data, modelId: modelId as MusicGenerateRequest['modelId'], duration };
    if (mode === 'advanced' && lyrics.trim()) request.lyrics = lyrics.trim();
    void create(request);
  };

  const promptField = (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={fieldId} className={cn(compact && 'sr-only')}>
          {t('music.prompt')}
        </Label>
        {!compact && <RandomPromptButton current={prompt} onPick={setPrompt} compact={false} />}
      </div>
      <Textarea
        id={fieldId}
        value={prompt}
        maxLength={MUSIC_PROMPT_MAX_LENGTH}
        onChange={(event) => {
          setPrompt(event.target.value.slice(0, MUSIC_PROMPT_MAX_LENGTH));
          setPromptError(null);
        }}
        placeholder={t('music.promptPlaceholder')}
        aria-invalid={promptError ? true : undefined}
        aria-describedby={`${fieldId}-counter${promptError ? ` ${fieldId}-error` : ''}`}
        bare={compact}
        className="min-h-28"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PromptCounter length={prompt.length} id={`${fieldId}-counter`} />
        {compact && <RandomPromptButton current={prompt} onPick={setPrompt} compact />}
      </div>
      {promptError && <FieldMessage id={`${fieldId}-error`}>{promptError}</FieldMessage>}
    </div>
  );

  const createButton = (
    <Button type="submit" className={cn('w-full', compact && 'sm:w-auto')} disabled={isCreating || !signedIn} aria-busy={isCreating || undefined} data-testid="music-create">
      <Sparkles aria-hidden />
      {isCreating ? t('music.creating') : t('music.create')}
    </Button>
  );

  return (
    <Card className={cn('p-5 sm:p-6', compact && 'transition has-[textarea:focus-visible]:border-primary/60 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring/25')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="music-prompt-panel">
        {compact ? (
          promptField
        ) : (
          <Tabs value={mode} onValueChange={(next) => setMode(next as Mode)} className="flex flex-col gap-4">
            <TabsList className="self-start" aria-label={t('music.modeLabel')}>
              <TabsTrigger value="simple">{t('music.simple')}</TabsTrigger>
              <TabsTrigger value="advanced">{t('music.advanced')}</TabsTrigger>
            </TabsList>
            {promptField}
            <TabsContent value="simple">
              <p className="text-xs leading-relaxed text-muted-foreground">{t('music.simpleHint')}</p>
            </TabsContent>
            <TabsContent value="advanced">
              <LyricsField lyrics={lyrics} onChange={setLyrics} />
            </TabsContent>
          </Tabs>
        )}
        <div className={cn('flex flex-col gap-3', compact && 'border-t border-border pt-5 sm:flex-row sm:items-center')}>
          <div className={cn('flex flex-col gap-1.5', compact && 'sm:flex-row sm:items-center sm:gap-3')}>
            <Label htmlFor={`${fieldId}-duration`} className={cn(compact && 'sr-only')}>
              {t('music.duration')}
            </Label>
            <DurationSelect id={`${fieldId}-duration`} value={duration} onChange={setDuration} className={cn(compact && 'sm:w-36')} />
          </div>
          <CostLine duration={duration} />
          <div className={cn(compact && 'sm:ml-auto')}>{createButton}</div>
        </div>
        {error && (
          <Alert tone="error" className="-mt-1">
            <span data-testid="music-error">{error}</span>
          </Alert>
        )}
      </form>
    </Card>
  );
}
