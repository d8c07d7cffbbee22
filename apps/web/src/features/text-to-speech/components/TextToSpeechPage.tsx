import { useState } from 'react';
import { Copy, FileUp, History, Sparkles, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VOICE_NAME, TEXT_MAX_LENGTH } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Slider } from '../../../components/ui/slider.tsx';
import { ComingSoonNote } from '../../../components/ui/studio.tsx';
import { useFormatters } from '../../../lib/i18n.ts';

const SPEECH_LANGUAGES = ['tr', 'en', 'es', 'fr', 'de', 'it'] as const;
const SLIDERS = [
  { key: 'speed', min: 0.5, max: 2, step: 0.1, initial: 1 },
  { key: 'pitch', min: -1, max: 1, step: 0.1, initial: 0 },
  { key: 'volume', min: 0, max: 1, step: 0.1, initial: 1 },
] as const;

function wordCount(text: string): number {
  return text.trim() ? text.trim().split(/\s+/).length : 0;
}

function SettingsPanel() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const [values, setValues] = useState<Record<string, number>>(() => Object.fromEntries(SLIDERS.map((slider) => [slider.key, slider.initial])));
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-6">
      <div className="flex items-center gap-3 rounded-xl border border-border p-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand text-white">
          <UserRound className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{DEFAULT_VOICE_NAME}</p>
          <p className="text-xs text-muted-foreground">{t('tts.voice')}</p>
        </div>
        <Button variant="ghost" size="icon-sm" disabled aria-label={t('tts.copyVoiceId')}>
          <Copy aria-hidden />
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="tts-language">{t('tts.language')}</Label>
        <Select defaultValue="en">
          <SelectTrigger id="tts-language">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SPEECH_LANGUAGES.map((language) => (
              <SelectItem key={language} value={language}>
                {t(`languages.${language}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{t('tts.emotion')}</span>
        <span className="flex items-center gap-2">
          {t('tts.auto')}
          <Badge tone="accent">{t('tts.limitedFree')}</Badge>
        </span>
      </div>
      {SLIDERS.map((slider) => (
        <div key={slider.key} className="flex flex-col gap-2.5">
          <div className="flex justify-between text-sm">
            <span className="font-medium">{t(`tts.${slider.key}`)}</span>
            <span className="text-muted-foreground tabular-nums">{number(values[slider.key] ?? slider.initial)}</span>
          </div>
          <Slider
            min={slider.min}
            max={slider.max}
            step={slider.step}
            value={[values[slider.key] ?? slider.initial]}
            onValueChange={([value]) => setValues((current) => ({ ...current, [slider.key]: value ?? slider.initial }))}
            aria-label={t(`tts.${slider.key}`)}
          />
        </div>
      ))}
    </Card>
  );
}

export function TextToSpeechPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('nav.textToSpeech')}
        description={t('tts.description')}
        actions={
          <>
            <Button variant="outline" disabled>
              <History aria-hidden />
              {t('tts.history')}
            </Button>
            <Button variant="outline" disabled>
              <FileUp aria-hidden />
              {t('tts.upload')}
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card className="transition has-[textarea:focus-visible]:border-primary/60 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring/25 flex flex-col p-5 sm:p-6">
          <label htmlFor="tts-text" className="sr-only">
            {t('tts.textLabel')}
          </label>
          <Textarea
            id="tts-text"
            value={text}
            maxLength={TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('tts.placeholder')}
            bare className="min-h-72 flex-1"
          />
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-border pt-4">
            <span className="text-xs text-muted-foreground tabular-nums">
              {number(text.length)} / {number(TEXT_MAX_LENGTH)} · {t('tts.words', { count: wordCount(text) })}
            </span>
            <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setText('')} disabled={!text}>
              {t('tts.clear')}
            </Button>
            <Button disabled>
              <Sparkles aria-hidden />
              {t('tts.create')}
            </Button>
          </div>
          <ComingSoonNote className="mt-4">{t('tts.soon')}</ComingSoonNote>
        </Card>
        <SettingsPanel />
      </div>
    </div>
  );
}
