export { VoiceDesignPage } from './components/VoiceDesignPage.tsx';
