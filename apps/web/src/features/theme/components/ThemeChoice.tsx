import { useTranslation } from '../../../lib/translator.ts';
import { THEMES } from '@sound-studio/shared';
import { cn } from '../../../lib/cn.ts';
import { THEME_ICONS, useTheme } from '../theme-context.ts';

/** The theme as three large radio cards, for the settings page. */
export function ThemeChoice() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label={t('theme.title')} className="grid grid-cols-3 gap-2.5">
      {THEMES.map((option) => {
        const Icon = THEME_ICONS[option];
        const selected = option === theme;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => setTheme(option)}
            className={cn(
              'flex flex-col items-center gap-2 rounded-xl border px-3 py-4 text-sm font-medium transition',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected ? 'border-primary bg-accent text-accent-foreground' : 'border-border hover:bg-muted',
            )}
          >
            <Icon className="size-5" aria-hidden />
            {t(`theme.${option}`)}
          </button>
        );
      })}
    </div>
  );
}
