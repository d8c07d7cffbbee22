export { StaticThemeProvider, ThemeProvider } from './components/ThemeProvider.tsx';
export { ThemeMenu } from './components/ThemeMenu.tsx';
export { ThemeChoice } from './components/ThemeChoice.tsx';
export { ThemeToggle } from './components/ThemeToggle.tsx';
export { useTheme } from './theme-context.ts';
