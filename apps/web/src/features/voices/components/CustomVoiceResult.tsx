import type { ReactNode } from 'react';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import type { Voice } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { useVoicePreview } from '../hooks/use-voice-preview.ts';
import { VoiceAvatar } from './VoiceAvatar.tsx';

/** A voice just saved to My Voices: hear it, and take it to text to speech. */
export function CustomVoiceResult({ voice, children }: { voice: Voice; children?: ReactNode }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const preview = useVoicePreview();
  return (
    <Card className="flex flex-col gap-4 border-success/30 p-5 sm:p-6" data-testid="custom-voice-result">
      <div className="flex flex-wrap items-center gap-4">
        <VoiceAvatar voice={voice} playing={preview.isPlaying(voice)} loading={preview.isLoading(voice)} onToggle={() => preview.toggle(voice)} />
        <div className="min-w-0 flex-1 basis-40">
          <p className="flex items-center gap-1.5 text-xs font-medium text-success">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {t('voiceLab.savedToMyVoices')}
          </p>
          <p className="truncate text-base font-semibold" data-testid="custom-voice-name">
            {voice.name}
          </p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to={`${localized('/text-to-speech')}?voiceId=${encodeURIComponent(voice._id)}`} data-testid="use-in-tts">
            {t('voiceLab.useInTts')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      {children}
    </Card>
  );
}
