export {
  applyFavorite,
  applySelection,
  preferencesQuery,
  preferencesQueryKey,
  usePreferences,
  useSelectVoice,
  useToggleFavorite,
  useUpdatePreferences,
  useVoiceSettings,
  SETTINGS_SAVE_DELAY_MS,
} from './api/preferences-api.ts';
export { PreferenceErrorAlert } from './components/PreferenceErrorAlert.tsx';
export { setPreferenceError, usePreferenceError, type PreferenceAction, type PreferenceError } from './preference-errors.ts';
