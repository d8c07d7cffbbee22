export { VoiceIsolatorPage } from './components/VoiceIsolatorPage.tsx';
