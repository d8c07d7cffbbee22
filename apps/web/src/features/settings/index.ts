export { SettingsPage } from './components/SettingsPage.tsx';
