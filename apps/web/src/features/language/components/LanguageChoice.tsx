import { useTranslation } from '../../../lib/translator.ts';
import { LANGUAGES } from '@sound-studio/shared';
import { cn } from '../../../lib/cn.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useSwitchLanguage } from '../hooks/use-switch-language.ts';

/** The language as radio cards, for the settings page. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const language = useLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <div role="radiogroup" aria-label={t('language.title')} className="grid grid-cols-2 gap-2.5">
      {LANGUAGES.map((option) => {
        const selected = option === language;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            lang={option}
            onClick={() => switchLanguage(option)}
            className={cn(
              'flex items-center gap-3 rounded-xl border px-4 py-3.5 text-left text-sm font-medium transition',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected ? 'border-primary bg-accent text-accent-foreground' : 'border-border hover:bg-muted',
            )}
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-muted text-xs font-bold uppercase">{option}</span>
            {LANGUAGE_NAMES[option]}
          </button>
        );
      })}
    </div>
  );
}
