export { TextToSpeechPage } from './components/TextToSpeechPage.tsx';
export { useGenerateSpeech } from './hooks/use-generate-speech.ts';
export { useSpeechChoices } from './hooks/use-speech-choices.ts';
export { GenerationFailureDialog } from './components/GenerationFailureDialog.tsx';
