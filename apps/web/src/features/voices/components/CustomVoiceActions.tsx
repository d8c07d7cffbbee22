import { useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { VOICE_NAME_MAX_LENGTH, type Voice } from '@sound-studio/shared';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { useDeleteVoice, useRenameVoice } from '../api/my-voices-api.ts';

function RenameDialog({ voice, open, onClose }: { voice: Voice; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameVoice();
  const [name, setName] = useState(voice.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('voiceLab.nameRequired'));
    rename.mutate(
      { id: voice._id, name: trimmed },
      { onSuccess: onClose, onError: (failure) => setError(isApiError(failure) ? failure.message : t('voiceLab.renameFailed')) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent title={t('voiceLab.renameTitle')}>
        <form onSubmit={submit} className="flex flex-col gap-4" data-testid="rename-voice-form">
          <FormField label={t('voiceLab.name')} error={error}>
            <Input value={name} maxLength={VOICE_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} autoFocus />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('voiceLab.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('voiceLab.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Rename and delete for a voice the user made; deleting frees a slot. */
export function CustomVoiceActions({ voice }: { voice: Voice }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteVoice();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon-sm" aria-label={t('voiceLab.renameVoice', { name: voice.name })} onClick={() => setRenaming(true)} data-testid="rename-voice">
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label={t('voiceLab.deleteVoice', { name: voice.name })} onClick={() => setConfirming(true)} data-testid="delete-voice">
        <Trash2 aria-hidden />
      </Button>
      {renaming && <RenameDialog voice={voice} open onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('voiceLab.deleteTitle', { name: voice.name })}
        description={t('voiceLab.deleteDescription')}
        confirmLabel={t('voiceLab.deleteConfirm')}
        cancelLabel={t('voiceLab.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(voice._id, { onError: () => toast.show(t('voiceLab.deleteFailed'), 'error') });
        }}
        testId="delete-voice-dialog"
      />
    </>
  );
}
