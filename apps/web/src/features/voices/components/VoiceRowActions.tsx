import { Check, Copy, Heart } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.ts';
import { usePreferences, useToggleFavorite } from '../../preferences/index.ts';

/** Copies a voice id and shows a check for 2 s. */
export function CopyVoiceIdButton({ voiceId }: { voiceId: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard();
  const done = copied === voiceId;
  return (
    <Button variant="ghost" size="icon-sm" onClick={() => void copy(voiceId)} aria-label={done ? t('voices.idCopied') : t('voices.copyId')} data-testid="copy-voice-id">
      {done ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}

/** The heart: adds the voice to or removes it from the collected (favourite) voices. */
export function FavoriteButton({ voice }: { voice: Voice }) {
  const { t } = useTranslation();
  const { preferences } = usePreferences();
  const { mutate } = useToggleFavorite();
  const favorite = preferences.voice.favoriteVoices.includes(voice._id);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      onClick={() => mutate({ voiceId: voice._id, action: favorite ? 'remove' : 'add' })}
      aria-label={favorite ? t('voices.removeFavorite', { name: voice.name }) : t('voices.addFavorite', { name: voice.name })}
      aria-pressed={favorite}
      data-testid="favorite-voice"
    >
      <Heart className={cn(favorite && 'fill-current text-primary')} aria-hidden />
    </Button>
  );
}
