export { PlayerProvider } from './components/PlayerProvider.tsx';
export { PlayerBar } from './components/PlayerBar.tsx';
export { usePlayer, usePlayerTime } from './player-context.ts';
export { downloadAudio } from './audio-files.ts';
export { downloadFileName, formatTime, type PlayingItem } from './player-rules.ts';
