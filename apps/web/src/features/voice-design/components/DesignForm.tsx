import { useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { PREVIEW_TEXT_MAX_LENGTH, VOICE_DESCRIPTION_MAX_LENGTH, type VoiceDesignPreview } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { serverMessageOf } from '../../../lib/server-message.ts';
import { useCreditsRedirect } from '../../credits/index.ts';
import { voiceDesignApi } from '../api/voice-design-api.ts';
import { DESIGN_LANGUAGES, DESIGN_PRESET_IDS, type DesignLanguage } from '../design-presets.ts';

interface DesignFormProps {
  onGenerating: (generating: boolean) => void;
  onPreviews: (previews: readonly VoiceDesignPreview[]) => void;
}

/** Description (typed or from a preset chip), preview text and language; Generate asks for three candidates. */
export function DesignForm({ onGenerating, onPreviews }: DesignFormProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const redirectForCredits = useCreditsRedirect();
  const [description, setDescription] = useState('');
  const [previewText, setPreviewText] = useState(() => t('voiceDesign.previewDefault'));
  const [language, setLanguage] = useState<DesignLanguage>('auto');
  const [errors, setErrors] = useState<{ description?: string; previewText?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      description: description.trim() ? undefined : t('voiceDesign.descriptionRequired'),
      previewText: previewText.trim() ? undefined : t('voiceDesign.previewTextRequired'),
    };
    setErrors(next);
    setFailure(null);
    if (next.description || next.previewText) return;
    setPending(true);
    onGenerating(true);
    try {
      const reply = await voiceDesignApi.previews({ description: description.trim(), previewText: previewText.trim(), ...(language === 'auto' ? {} : { language }) });
      onPreviews(reply.previews);
    } catch (error) {
      if (!redirectForCredits(error)) setFailure(translate(serverMessageOf(error) ?? t('voiceDesign.generateFailed')));
    } finally {
      setPending(false);
      onGenerating(false);
    }
  };

  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-7">
      <form className="flex flex-col gap-6" onSubmit={(event) => void submit(event)} noValidate data-testid="design-form">
        <div className="flex flex-col gap-2">
          <FormField label={t('voiceDesign.prompt')} error={errors.description}>
            <Textarea
              value={description}
              maxLength={VOICE_DESCRIPTION_MAX_LENGTH}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={t('voiceDesign.promptPlaceholder')}
            />
          </FormField>
          <div className="flex flex-wrap gap-2 pt-1" role="group" aria-label={t('voiceDesign.presetsLabel')}>
            {DESIGN_PRESET_IDS.map((preset) => (
              <Button
                key={preset}
                type="button"
                variant="secondary"
                size="chip"
                title={t(`voiceDesign.presets.${preset}.text`)}
                onClick={() => setDescription(t(`voiceDesign.presets.${preset}.text`))}
              >
                {t(`voiceDesign.presets.${preset}.label`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="grid gap-6 md:grid-cols-[1fr_220px]">
          <FormField label={t('voiceDesign.previewText')} error={errors.previewText}>
            <Textarea value={previewText} maxLength={PREVIEW_TEXT_MAX_LENGTH} onChange={(event) => setPreviewText(event.target.value)} className="min-h-20" />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="design-language">{t('voiceDesign.language')}</Label>
            <Select value={language} onValueChange={(value) => setLanguage(value as DesignLanguage)}>
              <SelectTrigger id="design-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DESIGN_LANGUAGES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {option === 'auto' ? t('voiceDesign.languageAuto') : t(`languages.${option}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">{t('voiceDesign.generateHint')}</p>
          <Button type="submit" loading={pending} data-testid="design-generate">
            {!pending && <Sparkles aria-hidden />}
            {t('voiceDesign.generate')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
