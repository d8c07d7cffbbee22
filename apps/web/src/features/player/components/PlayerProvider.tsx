import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_PLAYER_VOLUME } from '@sound-studio/shared';
import { PlayerAudioContext, PlayerStateContext, PlayerTimeContext, type PlayerControls, type PlayerTime } from '../player-context.ts';
import { indexAfterEnd, nextIndex, previousIndex, type PlayingItem } from '../player-rules.ts';

interface Queue {
  playlist: readonly PlayingItem[];
  index: number;
}

const EMPTY_QUEUE: Queue = { playlist: [], index: -1 };

/** A rejected play() after a source change or an autoplay refusal is not a failure worth showing. */
function startPlayback(audio: HTMLAudioElement, onRefused: () => void) {
  const started = audio.play() as Promise<void> | undefined;
  started?.catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    onRefused();
  });
}

/**
 * The app's one audio element and section 4's player rules: setting an item loads and plays it, next/previous wrap
 * around, the end of a track stops and rewinds (and moves on when the playlist has more than one item), close clears,
 * raising the volume above 0 unmutes. Default volume 0.8.
 */
export function PlayerProvider({ children, audioElement }: { children: ReactNode; audioElement?: HTMLAudioElement }) {
  const [audio] = useState(() => audioElement ?? new Audio());
  const [queue, setQueueState] = useState<Queue>(EMPTY_QUEUE);
  // Event handlers read the queue between renders (track end, next after next), so it lives in a ref as well.
  const queueRef = useRef(queue);
  const setQueue = useCallback((next: Queue) => {
    queueRef.current = next;
    setQueueState(next);
  }, []);
  const [isPlaying, setIsPlaying] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [volume, setVolumeState] = useState(DEFAULT_PLAYER_VOLUME);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState<PlayerTime>({ currentTime: 0, duration: 0 });

  const load = useCallback(
    (item: PlayingItem, autoplay = true) => {
      setFailed(false);
      setIsLoading(true);
      setTime({ currentTime: 0, duration: 0 });
      if (audio.getAttribute('src') !== item.audioUrl) audio.src = item.audioUrl;
      audio.currentTime = 0;
      if (autoplay) startPlayback(audio, () => setIsLoading(false));
    },
    [audio],
  );

  const goTo = useCallback(
    (index: number) => {
      const item = queueRef.current.playlist[index];
      if (!item) return;
      setQueue({ playlist: queueRef.current.playlist, index });
      load(item);
    },
    [load, setQueue],
  );

  useEffect(() => {
    audio.volume = DEFAULT_PLAYER_VOLUME;
    audio.preload = 'auto';
    const syncTime = () => setTime({ currentTime: audio.currentTime, duration: Number.isFinite(audio.duration) ? audio.duration : 0 });
    const listeners: Record<string, () => void> = {
      play: () => setIsPlaying(true),
      playing: () => {
        setIsPlaying(true);
        setIsLoading(false);
      },
      pause: () => setIsPlaying(false),
      waiting: () => setIsLoading(true),
      canplay: () => setIsLoading(false),
      timeupdate: syncTime,
      durationchange: syncTime,
      loadedmetadata: syncTime,
      seeked: syncTime,
      error: () => {
        if (!audio.getAttribute('src')) return;
        setFailed(true);
        setIsLoading(false);
        setIsPlaying(false);
      },
      ended: () => {
        audio.pause();
        audio.currentTime = 0;
        setIsPlaying(false);
        syncTime();
        const { index, playlist } = queueRef.current;
        const following = indexAfterEnd(index, playlist.length);
        if (following !== null) goTo(following);
      },
    };
    for (const [event, listener] of Object.entries(listeners)) audio.addEventListener(event, listener);
    return () => {
      for (const [event, listener] of Object.entries(listeners)) audio.removeEventListener(event, listener);
    };
  }, [audio, goTo]);

  // Nothing keeps playing once the signed-in shell is gone (logout).
  useEffect(() => () => audio.pause(), [audio]);

  const controls = useMemo<PlayerControls>(() => {
    const play: PlayerControls['play'] = (items, startIndex = 0) => {
      const playlist = Array.isArray(items) ? (items as readonly PlayingItem[]) : [items as PlayingItem];
      const item = playlist[startIndex];
      if (!item) return;
      setQueue({ playlist, index: startIndex });
      load(item);
    };
    const toggle = () => {
      if (!audio.getAttribute('src')) return;
      if (audio.paused) startPlayback(audio, () => setIsLoading(false));
      else audio.pause();
    };
    return {
      play,
      toggle,
      toggleItem: (item) => {
        const current = queueRef.current.playlist[queueRef.current.index];
        // By name: a re-signed link to the same audio is still the same item.
        if (current?.name === item.name) toggle();
        else play(item);
      },
      next: () => goTo(nextIndex(queueRef.current.index, queueRef.current.playlist.length)),
      previous: () => goTo(previousIndex(queueRef.current.index, queueRef.current.playlist.length)),
      close: () => {
        audio.pause();
        audio.currentTime = 0;
        audio.removeAttribute('src');
        audio.load();
        setQueue(EMPTY_QUEUE);
        setIsPlaying(false);
        setIsLoading(false);
        setFailed(false);
        setTime({ currentTime: 0, duration: 0 });
      },
      seek: (seconds) => {
        if (!audio.getAttribute('src')) return;
        audio.currentTime = Math.max(0, seconds);
        setTime((current) => ({ ...current, currentTime: audio.currentTime }));
      },
      setVolume: (next) => {
        const clamped = Math.min(1, Math.max(0, next));
        audio.volume = clamped;
        setVolumeState(clamped);
        if (clamped > 0 && audio.muted) {
          audio.muted = false;
          setMuted(false);
        }
      },
      toggleMute: () => {
        audio.muted = !audio.muted;
        setMuted(audio.muted);
      },
      replaceSource: (name, changes) => {
        const { playlist, index } = queueRef.current;
        const position = playlist.findIndex((item) => item.name === name);
        if (position < 0) return;
        const updated = playlist.map((item, at) => (at === position ? { ...item, ...changes } : item));
        setQueue({ playlist: updated, index });
        const replacement = updated[position];
        if (position !== index || !replacement || changes.audioUrl === undefined) return;
        const resumeAt = audio.currentTime;
        const wasPlaying = !audio.paused;
        audio.src = replacement.audioUrl;
        audio.addEventListener(
          'loadedmetadata',
          () => {
            audio.currentTime = Math.min(resumeAt, Number.isFinite(audio.duration) ? audio.duration : resumeAt);
            if (wasPlaying) startPlayback(audio, () => setIsLoading(false));
          },
          { once: true },
        );
      },
    };
  }, [audio, goTo, load, setQueue]);

  const state = useMemo(
    () => ({
      ...controls,
      playlist: queue.playlist,
      index: queue.index,
      current: queue.playlist[queue.index] ?? null,
      isPlaying,
      isLoading,
      failed,
      volume,
      muted,
    }),
    [controls, queue, isPlaying, isLoading, failed, volume, muted],
  );

  return (
    <PlayerAudioContext.Provider value={audio}>
      <PlayerStateContext.Provider value={state}>
        <PlayerTimeContext.Provider value={time}>{children}</PlayerTimeContext.Provider>
      </PlayerStateContext.Provider>
    </PlayerAudioContext.Provider>
  );
}
