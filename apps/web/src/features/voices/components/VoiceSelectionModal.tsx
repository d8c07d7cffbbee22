import type { RefObject } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice, VoiceMood } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { PreferenceErrorAlert, useSelectVoice } from '../../preferences/index.ts';
import { VoiceBrowser } from './VoiceBrowser.tsx';

const MODAL_TABS = ['library', 'myVoices', 'collected'] as const;

/**
 * Section 2's voice selection modal: Library, My Voices and Collected tabs, filters, previews, copy id and Use. Use
 * selects the voice (saved to preferences), and closing unmounts the browser, which resets the filters.
 */
export function VoiceSelectionModal({
  open,
  onOpenChange,
  onSelect,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told which voice and mood were chosen (the mood is for grouped voices). */
  onSelect?: (voice: Voice, mood: VoiceMood | null) => void;
  /** The control that opened the modal without being its Radix trigger: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const { mutate: selectVoice } = useSelectVoice();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('voices.modalTitle')}
        description={t('voices.modalDescription')}
        size="xl"
        className="h-[min(88dvh,760px)]"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
        data-testid="voice-modal"
      >
        <div className="flex flex-col gap-4">
          <PreferenceErrorAlert />
          <VoiceBrowser
            tabs={MODAL_TABS}
            renderAction={(voice, mood) => (
              <Button
                size="sm"
                onClick={() => {
                  selectVoice(voice);
                  onSelect?.(voice, mood);
                  onOpenChange(false);
                }}
                aria-label={t('voices.useVoice', { name: voice.name })}
                data-testid="use-voice"
              >
                {t('voices.use')}
              </Button>
            )}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
