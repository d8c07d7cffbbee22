import { RefreshCw } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { SPEECH_MODELS, TTS_LANGUAGES, VOICE_SETTING_LIMITS, type Mood, type SpeechModel, type TtsLanguage, type Voice, type VoiceMood, type VoiceSettings } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Slider } from '../../../components/ui/slider.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { PreferenceErrorAlert } from '../../preferences/index.ts';
import { CopyVoiceIdButton, useLanguageNames, useVoicePreview, VoiceAvatar, VoiceSelectionModal } from '../../voices/index.ts';

const SLIDER_KEYS = ['speed', 'pitch', 'volume'] as const;

/** What a screen reader announces for each slider: "1.2×", "+0.3, higher", "80%". */
function useSettingValueText() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (key: (typeof SLIDER_KEYS)[number], value: number): string => {
    if (key === 'speed') return t('tts.valueText.speed', { value: number(value) });
    if (key === 'volume') return t('tts.valueText.volume', { value: number(Math.round(value * 100)) });
    if (value > 0) return t('tts.valueText.pitchHigher', { value: number(value) });
    if (value < 0) return t('tts.valueText.pitchLower', { value: number(-value) });
    return t('tts.valueText.pitchDefault', { value: number(0) });
  };
}

function VoiceCard({ voice, onChange, mood, changeRef }: { voice: Voice | null; onChange: () => void; mood: VoiceMood | null; changeRef: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation();
  const languageName = useLanguageNames();
  const preview = useVoicePreview();
  if (!voice) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-border p-3" data-testid="voice-card-skeleton">
        <Skeleton className="size-11 rounded-xl" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3.5 w-28" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border p-3" data-testid="voice-card">
      <VoiceAvatar voice={voice} playing={preview.isPlaying(voice, mood)} loading={preview.isLoading(voice, mood)} onToggle={() => preview.toggle(voice, mood)} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold" data-testid="selected-voice-name">
          {voice.name}
        </p>
        <p className="truncate text-xs text-muted-foreground">{languageName(voice.language)}</p>
      </div>
      <CopyVoiceIdButton voiceId={voice._id} />
      <Button ref={changeRef} variant="ghost" size="icon-sm" onClick={onChange} aria-label={t('tts.changeVoice')} data-testid="change-voice">
        <RefreshCw aria-hidden />
      </Button>
    </div>
  );
}

export interface SpeechSettingsPanelProps {
  voice: Voice | null;
  mood: Mood | null;
  onMoodChange: (mood: Mood) => void;
  onVoiceChosen: (voice: Voice, mood: VoiceMood | null) => void;
  language: TtsLanguage | null;
  onLanguageChange: (language: TtsLanguage) => void;
  settings: VoiceSettings;
  onSettingChange: (key: keyof VoiceSettings, value: number) => void;
  model: SpeechModel;
  onModelChange: (model: SpeechModel) => void;
}

/** Section 2's settings side panel; every control here is sent with the request and shapes the audio. */
export function SpeechSettingsPanel(props: SpeechSettingsPanelProps) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const valueText = useSettingValueText();
  const [modalOpen, setModalOpen] = useState(false);
  const changeVoiceRef = useRef<HTMLButtonElement>(null);
  const { voice } = props;
  const moodOption = voice?.moods.find((option) => option.mood === props.mood) ?? null;
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-6" data-testid="speech-settings">
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">{t('tts.voice')}</span>
        <VoiceCard voice={voice} mood={moodOption} onChange={() => setModalOpen(true)} changeRef={changeVoiceRef} />
        <VoiceSelectionModal open={modalOpen} onOpenChange={setModalOpen} onSelect={props.onVoiceChosen} returnFocusTo={changeVoiceRef} />
      </div>
      <PreferenceErrorAlert />
      {voice?.neural && (
        <p className="text-xs text-muted-foreground" data-testid="neural-mood-notice">
          {t('tts.neuralMoods')}
        </p>
      )}
      {voice?.upstream && !voice.upstream.takes.includes('pitch') && (
        <p className="text-xs text-muted-foreground" data-testid="upstream-settings-notice">
          {t('tts.upstreamSettings', { provider: voice.upstream.label })}
        </p>
      )}
      {voice?.isGroup && voice.moods.length > 0 && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="tts-mood">{t('tts.mood')}</Label>
          <Select value={props.mood ?? ''} onValueChange={(value) => props.onMoodChange(value as Mood)}>
            <SelectTrigger id="tts-mood">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {voice.moods.map((option) => (
                <SelectItem key={option._id} value={option.mood}>
                  {t(`voices.moods.${option.mood}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="tts-language">{t('tts.language')}</Label>
        <Select value={props.language ?? ''} onValueChange={(value) => props.onLanguageChange(value as TtsLanguage)}>
          <SelectTrigger id="tts-language">
            <SelectValue placeholder={t('tts.languageAuto')} />
          </SelectTrigger>
          <SelectContent>
            {TTS_LANGUAGES.map((language) => (
              <SelectItem key={language} value={language}>
                {t(`languages.${language}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium">{t('tts.emotion')}</span>
        <span className="flex items-center gap-2">
          {t('tts.auto')}
          <Badge tone="accent">{t('tts.limitedFree')}</Badge>
        </span>
      </div>
      {SLIDER_KEYS.map((key) => {
        const limits = VOICE_SETTING_LIMITS[key];
        const value = props.settings[key];
        return (
          <div key={key} className="flex flex-col gap-2.5">
            <div className="flex justify-between text-sm">
              <span className="font-medium" id={`tts-${key}-label`}>
                {t(`tts.${key}`)}
              </span>
              <span className="text-muted-foreground tabular-nums" data-testid={`tts-${key}-value`}>
                {number(value)}
              </span>
            </div>
            <Slider
              min={limits.min}
              max={limits.max}
              step={limits.step}
              value={[value]}
              onValueChange={([next]) => props.onSettingChange(key, Math.round((next ?? limits.default) * 10) / 10)}
              aria-label={t(`tts.${key}`)}
              valueText={(shown) => valueText(key, shown)}
              data-testid={`tts-${key}-slider`}
            />
          </div>
        );
      })}
      <div className="flex flex-col gap-2">
        <Label htmlFor="tts-model">{t('home.model')}</Label>
        <Select value={props.model} onValueChange={(value) => props.onModelChange(value as SpeechModel)}>
          <SelectTrigger id="tts-model">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SPEECH_MODELS.map((option) => (
              <SelectItem key={option} value={option}>
                {option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </Card>
  );
}
