import { Languages } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useSwitchLanguage } from '../hooks/use-switch-language.ts';

/**
 * One button that switches to the other language, for the public pages: with two languages a menu adds nothing,
 * and keeping the menu machinery off /login keeps that page light.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const language = useLanguage();
  const switchLanguage = useSwitchLanguage();
  const other = language === 'tr' ? 'en' : 'tr';
  return (
    <Button variant="ghost" size="header" onClick={() => switchLanguage(other)} lang={other} aria-label={t('language.switchTo', { language: LANGUAGE_NAMES[other] })} data-testid="language-toggle">
      <Languages aria-hidden />
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
