import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PLAYER_VOLUME } from '@sound-studio/shared';
import { setupI18n } from '../../../test/render.tsx';
import { LIKES_STORAGE_KEY } from '../hooks/use-liked-items.ts';
import { usePlayer } from '../player-context.ts';
import type { PlayingItem } from '../player-rules.ts';
import { PlayerBar } from './PlayerBar.tsx';
import { PlayerProvider } from './PlayerProvider.tsx';

const TRACKS: PlayingItem[] = [
  { name: 'one', audioUrl: '/audio/one.mp3', displayName: 'Track One' },
  { name: 'two', audioUrl: '/audio/two.mp3', displayName: 'Track Two' },
  { name: 'three', audioUrl: '/audio/three.mp3', displayName: 'Track Three' },
];

let player: ReturnType<typeof usePlayer>;
function Probe() {
  player = usePlayer();
  return null;
}

function renderPlayer() {
  const audio = new Audio();
  render(
    <PlayerProvider audioElement={audio}>
      <Probe />
      <PlayerBar />
    </PlayerProvider>,
  );
  return audio;
}

describe('PlayerProvider and PlayerBar', () => {
  beforeEach(async () => {
    await setupI18n('en');
    // The waveform asks for the file to draw its peaks; here it finds none and keeps the plain progress line.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing until an item is set; setting one loads and plays it at volume 0.8', async () => {
    const audio = renderPlayer();
    expect(screen.queryByTestId('player-bar')).toBeNull();
    act(() => player.play(TRACKS[0]!));
    expect(await screen.findByTestId('player-bar')).toBeInTheDocument();
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track One');
    expect(audio.getAttribute('src')).toBe('/audio/one.mp3');
    expect(audio.paused).toBe(false);
    expect(audio.volume).toBeCloseTo(DEFAULT_PLAYER_VOLUME);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('cycles next and previous with wrap-around', async () => {
    const audio = renderPlayer();
    act(() => player.play(TRACKS, 2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next track' }));
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track One');
    expect(audio.getAttribute('src')).toBe('/audio/one.mp3');
    await user.click(screen.getByRole('button', { name: 'Previous track' }));
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track Three');
  });

  it('at track end stops and rewinds a single item', () => {
    const audio = renderPlayer();
    act(() => player.play(TRACKS[0]!));
    audio.currentTime = 12;
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(0);
    expect(player.current?.name).toBe('one');
    expect(player.isPlaying).toBe(false);
  });

  it('at track end moves on to the next item of a playlist, wrapping at the end', () => {
    const audio = renderPlayer();
    act(() => player.play(TRACKS.slice(0, 2), 1));
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(player.current?.name).toBe('one');
    expect(audio.getAttribute('src')).toBe('/audio/one.mp3');
    expect(audio.paused).toBe(false);
  });

  it('close stops, rewinds and clears the item', async () => {
    const audio = renderPlayer();
    act(() => player.play(TRACKS[0]!));
    audio.currentTime = 5;
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Close player' })[0]!);
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBe(0);
    expect(audio.getAttribute('src')).toBeNull();
    expect(screen.queryByTestId('player-bar')).toBeNull();
  });

  it('raising the volume above 0 unmutes', async () => {
    const audio = renderPlayer();
    act(() => player.play(TRACKS[0]!));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    act(() => player.setVolume(0));
    expect(audio.muted).toBe(true);
    act(() => player.setVolume(0.5));
    expect(audio.muted).toBe(false);
    expect(audio.volume).toBeCloseTo(0.5);
    expect(player.muted).toBe(false);
  });

  it('keeps likes in local storage only', async () => {
    renderPlayer();
    act(() => player.play(TRACKS[1]!));
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Like' })[0]!);
    expect(JSON.parse(localStorage.getItem(LIKES_STORAGE_KEY) ?? '[]')).toEqual(['two']);
    // The small-screen and wide layouts both show the state.
    for (const button of screen.getAllByRole('button', { name: 'Remove like' })) expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getAllByRole('button', { name: 'Remove like' })[0]!);
    expect(JSON.parse(localStorage.getItem(LIKES_STORAGE_KEY) ?? '[]')).toEqual([]);
  });

  it('downloads as the display name plus .mp3', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['mp3'], { type: 'audio/mpeg' })));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPlayer();
    act(() => player.play(TRACKS[0]!));
    await userEvent.setup().click(screen.getAllByTestId('player-download')[0]!);
    expect(fetchMock).toHaveBeenCalledWith('/audio/one.mp3', expect.anything());
    expect(clicked).toEqual(['Track One.mp3']);
  });

  it('shares with the native sheet, else copies the link and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    expect(typeof navigator.share).not.toBe('function');
    renderPlayer();
    act(() => player.play(TRACKS[0]!));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/audio/one.mp3`);
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Track One', url: `${window.location.origin}/audio/one.mp3` });
    Reflect.deleteProperty(navigator, 'share');
  });
});
