import { ChevronDown } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice, VoiceMood } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSelectedVoice } from '../hooks/use-selected-voice.ts';
import { VoiceAvatar } from './VoiceAvatar.tsx';
import { VoiceSelectionModal } from './VoiceSelectionModal.tsx';

/** A compact button showing the selected voice; it opens the selection modal. */
export function VoicePickerButton({ className, onSelect }: { className?: string; onSelect?: (voice: Voice, mood: VoiceMood | null) => void }) {
  const { t } = useTranslation();
  const { voice, isLoading } = useSelectedVoice();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        variant="outline"
        className={cn('justify-between gap-2 pl-1.5', className)}
        ref={buttonRef}
        onClick={() => setOpen(true)}
        data-testid="voice-picker"
      >
        <span className="flex min-w-0 items-center gap-2">
          {voice ? <VoiceAvatar voice={voice} size="sm" /> : <Skeleton className="size-7" />}
          <span className="truncate">{isLoading ? t('common.loading') : voice?.name}</span>
        </span>
        {/* After the visible name, so the accessible name starts with what is seen (WCAG 2.5.3). */}
        <span className="sr-only">{t('voices.pickerHint')}</span>
        <ChevronDown aria-hidden />
      </Button>
      <VoiceSelectionModal open={open} onOpenChange={setOpen} onSelect={onSelect} returnFocusTo={buttonRef} />
    </>
  );
}
