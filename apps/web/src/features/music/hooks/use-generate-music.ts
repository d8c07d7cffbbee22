import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator.ts';
import { CLIENT_ERROR_CODES, MUSIC_MESSAGES, type MusicGenerateRequest, type MusicTrack } from '@sound-studio/shared';
import { isApiError } from '../../../lib/api/index.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useCreditsRedirect } from '../../credits/index.ts';
import { musicApi } from '../api/music-api.ts';
import { prependTrack, refreshBalance } from '../api/track-cache.ts';

const CLIENT_CODES: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/** Section 8's music texts: the rejected prompt and other server messages as they are (translated when known), else the generic failure. */
export function useGenerationErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || CLIENT_CODES.has(error.code) || error.status === 0) return t('music.errors.generationFailed');
      if (error.message === MUSIC_MESSAGES.promptRejected) return t('music.errors.promptRejected');
      if (error.message === MUSIC_MESSAGES.generationFailed) return t('music.errors.generationFailed');
      return translate(error.message);
    },
    [t, translate],
  );
}

/**
 * Section 4's Create button: idle, creating, and back to idle on error with the message in the prompt panel. A new track
 * goes to the top of the list; no credits sends the user to the server's redirect or the pricing page.
 */
export function useGenerateMusic(onCreated?: (track: MusicTrack) => void) {
  const queryClient = useQueryClient();
  const redirectForCredits = useCreditsRedirect();
  const errorText = useGenerationErrorText();
  const [isCreating, setIsCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = useCallback(
    async (request: MusicGenerateRequest) => {
      setError(null);
      setIsCreating(true);
      try {
        const track = await musicApi.generate(request);
        prependTrack(queryClient, track);
        // The server holds the credits while the track renders.
        refreshBalance(queryClient);
        onCreated?.(track);
      } catch (failure) {
        if (!redirectForCredits(failure)) setError(errorText(failure));
      } finally {
        setIsCreating(false);
      }
    },
    [errorText, redirectForCredits, onCreated, queryClient],
  );

  return { create, isCreating, error, setError };
}
