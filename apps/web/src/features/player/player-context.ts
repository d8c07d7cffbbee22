import { createContext, useContext } from 'react';
import type { PlayingItem } from './player-rules.ts';

export interface PlayerState {
  playlist: readonly PlayingItem[];
  index: number;
  current: PlayingItem | null;
  isPlaying: boolean;
  /** Waiting for enough audio to start (first preview render, slow network). */
  isLoading: boolean;
  failed: boolean;
  volume: number;
  muted: boolean;
}

export interface PlayerControls {
  /** Loads and plays one item, or a playlist starting at `startIndex`. */
  play: (items: PlayingItem | readonly PlayingItem[], startIndex?: number) => void;
  /** Plays or pauses the loaded item of the same name; otherwise loads and plays `item`. */
  toggleItem: (item: PlayingItem) => void;
  toggle: () => void;
  next: () => void;
  previous: () => void;
  close: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  /** Swaps the source of a loaded item (a finished stream for its stored file), keeping position and play state. */
  replaceSource: (name: string, item: Partial<PlayingItem>) => void;
}

export interface PlayerTime {
  currentTime: number;
  duration: number;
}

export const PlayerStateContext = createContext<(PlayerState & PlayerControls) | null>(null);
export const PlayerTimeContext = createContext<PlayerTime>({ currentTime: 0, duration: 0 });
/** The one audio element, for the waveform that draws over it. */
export const PlayerAudioContext = createContext<HTMLAudioElement | null>(null);

/** The global player: what plays and the controls. Any feature calls it to play a Playing item or a playlist. */
export function usePlayer(): PlayerState & PlayerControls {
  const value = useContext(PlayerStateContext);
  if (!value) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return value;
}

/** Position and length, in their own context: they change several times a second. */
export function usePlayerTime(): PlayerTime {
  return useContext(PlayerTimeContext);
}

export function usePlayerAudio(): HTMLAudioElement | null {
  return useContext(PlayerAudioContext);
}
