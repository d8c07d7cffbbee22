export { VoiceClonePage } from './components/VoiceClonePage.tsx';
