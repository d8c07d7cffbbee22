import { useState, type FormEvent } from 'react';
import { Fingerprint } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  CLONE_PREVIEW_LANGUAGES,
  DEFAULT_CREDIT_RATES,
  PREVIEW_TEXT_MAX_LENGTH,
  VOICE_NAME_MAX_LENGTH,
  type ClonePreviewLanguage,
  type VoiceCloneJob,
} from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldMessage, FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { serverMessageOf } from '../../../lib/server-message.ts';
import { useFormatters, useTranslateMessage } from '../../../lib/i18n.ts';
import { useCreditsRedirect } from '../../credits/index.ts';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { NoSlotsNotice } from '../../voices/index.ts';
import { voiceCloneApi } from '../api/voice-clone-api.ts';
import { SampleCollector } from './SampleCollector.tsx';
import type { CloneSample } from './SampleList.tsx';

type Errors = Partial<Record<'samples' | 'name' | 'consent', string>>;
type Failure = { kind: 'noSlots' } | { kind: 'message'; text: string };

const OPTIONS = ['removeNoise', 'optimizeAccent'] as const;
const OPTION_LABELS = { removeNoise: 'voiceClone.noiseRemoval', optimizeAccent: 'voiceClone.accentOptimisation' } as const;

/** Samples, options, preview, consent and name; Create sends them as one multipart request, which starts a job. */
export function CloneForm({ onCreated }: { onCreated: (job: VoiceCloneJob) => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const redirectForCredits = useCreditsRedirect();
  const [samples, setSamples] = useState<CloneSample[]>([]);
  const [options, setOptions] = useState({ removeNoise: true, optimizeAccent: false });
  const [previewLanguage, setPreviewLanguage] = useState<ClonePreviewLanguage>('en');
  const [previewText, setPreviewText] = useState(() => t('voiceDesign.previewDefault'));
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      samples: samples.length === 0 ? t('voiceClone.samplesRequired') : undefined,
      name: name.trim() ? undefined : t('voiceLab.nameRequired'),
      consent: consent ? undefined : t('voiceClone.consentRequired'),
    };
    setErrors(next);
    setFailure(null);
    if (next.samples || next.name || next.consent) return;
    setPending(true);
    try {
      const job = await voiceCloneApi.create({
        name: name.trim(),
        ...options,
        previewLanguage,
        previewText: previewText.trim(),
        consent: true,
        samples: samples.map((sample) => sample.file),
      });
      // The credits are held while the job runs.
      void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
      onCreated(job);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setFailure({ kind: 'noSlots' });
      else if (!redirectForCredits(error)) setFailure({ kind: 'message', text: translate(serverMessageOf(error) ?? t('voiceClone.createFailed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6" data-testid="clone-form">
      <SampleCollector samples={samples} onChange={setSamples} />
      {errors.samples && <FieldMessage>{errors.samples}</FieldMessage>}
      <Card className="grid gap-6 p-5 sm:p-7 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold">{t('voiceClone.options')}</p>
          {OPTIONS.map((option) => (
            <div key={option} className="flex items-start gap-2.5">
              <Checkbox id={`clone-${option}`} checked={options[option]} onCheckedChange={(checked) => setOptions((current) => ({ ...current, [option]: checked === true }))} />
              <Label htmlFor={`clone-${option}`} className="font-normal">
                {t(OPTION_LABELS[option])}
              </Label>
            </div>
          ))}
          <FormField label={t('voiceClone.name')} error={errors.name}>
            <Input value={name} maxLength={VOICE_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} placeholder={t('voiceClone.namePlaceholder')} />
          </FormField>
        </div>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="clone-language">{t('voiceClone.previewLanguage')}</Label>
            <Select value={previewLanguage} onValueChange={(value) => setPreviewLanguage(value as ClonePreviewLanguage)}>
              <SelectTrigger id="clone-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CLONE_PREVIEW_LANGUAGES.map((language) => (
                  <SelectItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <FormField label={t('voiceClone.previewText')}>
            <Textarea value={previewText} maxLength={PREVIEW_TEXT_MAX_LENGTH} onChange={(event) => setPreviewText(event.target.value)} className="min-h-20" />
          </FormField>
        </div>
      </Card>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-2.5">
          <Checkbox id="clone-consent" checked={consent} onCheckedChange={(checked) => setConsent(checked === true)} aria-invalid={errors.consent ? true : undefined} />
          <Label htmlFor="clone-consent" className="font-normal leading-snug">
            {t('voiceClone.consent')}
          </Label>
        </div>
        {errors.consent && <FieldMessage>{errors.consent}</FieldMessage>}
      </div>
      <p className="text-xs text-muted-foreground">{t('voiceClone.localNote')}</p>
      <NoSlotsNotice always={failure?.kind === 'noSlots'} />
      {failure?.kind === 'message' && <Alert tone="error">{failure.text}</Alert>}
      {pending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" />
          {t('voiceClone.creating')}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" data-testid="clone-cost">
          {t('voiceClone.cost', { credits: number(DEFAULT_CREDIT_RATES.voiceClone.creation) })}
        </p>
        <Button type="submit" loading={pending} data-testid="clone-create">
          {!pending && <Fingerprint aria-hidden />}
          {t('voiceClone.create')}
        </Button>
      </div>
    </form>
  );
}
