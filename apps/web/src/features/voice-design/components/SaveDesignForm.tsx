import { useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { useQueryClient } from '@tanstack/react-query';
import { VOICE_NAME_MAX_LENGTH, type CustomVoiceReply } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { serverMessageOf } from '../../../lib/server-message.ts';
import { useCreditsRedirect } from '../../credits/index.ts';
import { NoSlotsNotice, refreshCustomVoices } from '../../voices/index.ts';
import { voiceDesignApi } from '../api/voice-design-api.ts';

type Failure = { kind: 'noSlots' } | { kind: 'message'; text: string };

/** Names the chosen candidate and keeps it in My Voices; a full set of slots says how to free one. */
export function SaveDesignForm({ previewId, onSaved }: { previewId: string; onSaved: (reply: CustomVoiceReply) => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const redirectForCredits = useCreditsRedirect();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setNameError(t('voiceLab.nameRequired'));
    setNameError(undefined);
    setPending(true);
    try {
      const reply = await voiceDesignApi.save({ previewId, name: name.trim() });
      await refreshCustomVoices(queryClient, reply);
      onSaved(reply);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setFailure({ kind: 'noSlots' });
      else if (!redirectForCredits(error)) setFailure({ kind: 'message', text: translate(serverMessageOf(error) ?? t('voiceDesign.saveFailed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-5" data-testid="save-design-form">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <FormField label={t('voiceDesign.nameLabel')} error={nameError}>
            <Input value={name} maxLength={VOICE_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} placeholder={t('voiceDesign.namePlaceholder')} />
          </FormField>
        </div>
        <Button type="submit" loading={pending} data-testid="design-save">
          {!pending && <Save aria-hidden />}
          {t('voiceDesign.save')}
        </Button>
      </div>
      <NoSlotsNotice always={failure?.kind === 'noSlots'} />
      {failure?.kind === 'message' && <Alert tone="error">{failure.text}</Alert>}
    </form>
  );
}
