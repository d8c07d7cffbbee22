export { LanguageMenu } from './components/LanguageMenu.tsx';
export { LanguageToggle } from './components/LanguageToggle.tsx';
export { LANGUAGE_NAMES } from './components/language-names.ts';
export { LanguageChoice } from './components/LanguageChoice.tsx';
export { useLanguageRouting, languageRouteFor } from './hooks/use-language-routing.ts';
export { useSwitchLanguage } from './hooks/use-switch-language.ts';
