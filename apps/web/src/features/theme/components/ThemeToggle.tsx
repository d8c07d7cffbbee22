import { useTranslation } from '../../../lib/translator.ts';
import { THEMES } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { THEME_ICONS, useTheme } from '../theme-context.ts';

/** One button stepping light → dark → system, for the public pages (the shell has the full menu). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'light';
  const Icon = THEME_ICONS[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(next)}
      aria-label={t('theme.toggleLabel', { theme: t(`theme.${theme}`), next: t(`theme.${next}`) })}
      data-testid="theme-toggle"
    >
      <Icon aria-hidden />
    </Button>
  );
}
