export { VoiceLibraryPage } from './components/VoiceLibraryPage.tsx';
