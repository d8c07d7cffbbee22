import { DEFAULT_LANGUAGE } from '@sound-studio/shared';
import { useEffect, useRef } from 'react';
import { usePreferences, useUpdatePreferences } from '../../features/preferences/index.ts';
import { useLanguage } from '../../lib/i18n.ts';

/**
 * Saves the interface language in the user's preferences when it differs from the saved one, so what the server
 * writes to the user (the password reset email) is in the language they use. None saved means the default (English)
 * to the server, so a new account in English writes nothing on its first page. One attempt per language: a failed save
 * rolls the cache back and must not start a loop.
 */
export function useSavedLanguage(): void {
  const language = useLanguage();
  const { preferences, isSuccess } = usePreferences();
  const { mutate } = useUpdatePreferences();
  const attempted = useRef<string | null>(null);
  const saved = preferences.ui.language ?? DEFAULT_LANGUAGE;
  useEffect(() => {
    if (!isSuccess || saved === language || attempted.current === language) return;
    attempted.current = language;
    mutate({ preferences: { ui: { language } } });
  }, [isSuccess, saved, language, mutate]);
}
