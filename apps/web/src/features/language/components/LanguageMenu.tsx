import { Languages } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { LANGUAGES } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { isLanguage } from '../../../lib/language.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useSwitchLanguage } from '../hooks/use-switch-language.ts';


export function LanguageMenu({ compact = true }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size={compact ? 'icon' : 'md'} aria-label={t('language.menuLabel', { language: LANGUAGE_NAMES[language] })} data-testid="language-menu">
          <Languages aria-hidden />
          {!compact && LANGUAGE_NAMES[language]}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('language.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => isLanguage(value) && switchLanguage(value)}>
          {LANGUAGES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              <span className="w-6 text-xs font-semibold text-muted-foreground uppercase">{option}</span>
              {LANGUAGE_NAMES[option]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
