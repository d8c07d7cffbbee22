import { createContext, useContext } from 'react';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { Theme } from '@sound-studio/shared';
import type { ResolvedTheme } from '../../lib/theme.ts';

export interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}

export const THEME_ICONS: Record<Theme, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };
