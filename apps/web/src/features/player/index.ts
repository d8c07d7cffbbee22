export { PlayerProvider } from './components/PlayerProvider.tsx';
export { PlayerBar } from './components/PlayerBar.tsx';
export { Waveform } from './components/Waveform.tsx';
export { usePlayer, usePlayerTime } from './player-context.ts';
export { downloadAudio, shareAudio } from './audio-files.ts';
export { downloadFileName, formatTime, type PlayingItem } from './player-rules.ts';
