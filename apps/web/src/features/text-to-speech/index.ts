export { TextToSpeechPage } from './components/TextToSpeechPage.tsx';
