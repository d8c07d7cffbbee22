import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@sound-studio/shared';
import { changeLanguage } from '../../../lib/i18n.ts';
import { localizePath, storeLanguage } from '../../../lib/language.ts';

/** Stores the choice and moves to the same page in the other language (adding or removing /tr). */
export function useSwitchLanguage(): (language: Language) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (language: Language) => {
      storeLanguage(language);
      void changeLanguage(language);
      const target = localizePath(location.pathname, language);
      if (target !== location.pathname) {
        void navigate({ pathname: target, search: location.search, hash: location.hash }, { state: location.state, replace: true });
      }
    },
    [location, navigate],
  );
}
