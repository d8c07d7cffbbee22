import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { PublicMusicTrack } from '@sound-studio/shared';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import { SharePage } from './SharePage.tsx';

const TRACK: PublicMusicTrack = {
  _id: 't1',
  title: 'Midnight Drive',
  prompt: 'Dreamy synthwave for a night drive',
  duration: 30,
  audioUrl: '/api/media/music/t1.mp3?sig=public',
  artworkUrl: '/api/media/music/t1.svg?sig=public',
  tags: ['synthwave', 'dreamy', 'retro'],
  lyricsTimeline: {
    instrument: 'Alto Sax',
    cues: [
      { text: 'City lights are calling', startSeconds: 2, endSeconds: 5, section: 'Verse' },
      { text: 'Hold on to the night', startSeconds: 6, endSeconds: 9, section: 'Chorus' },
    ],
  },
};

/** The audio elements the page's own player started. */
function capturePlayback() {
  const played: HTMLMediaElement[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  return played;
}

function renderShare(reply: () => Response, path = '/share/music/t1') {
  const stub = stubFetch({ 'GET /public/tracks/t1': reply });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/share/music/:id" element={<SharePage />} />
      <Route path="/tr/share/music/:id" element={<SharePage />} />
    </Routes>,
    { path, auth: fakeAuth({ status: 'anonymous', user: null }) },
  );
  return { ...rendered, ...stub };
}

describe('SharePage', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the track and plays it without signing in, the lyrics following the time', async () => {
    const played = capturePlayback();
    const { calls } = renderShare(() => okReply(TRACK));
    expect(screen.getByTestId('share-skeleton')).toBeInTheDocument();
    expect(await screen.findByTestId('share-title')).toHaveTextContent('Midnight Drive');
    expect(screen.getByText('Dreamy synthwave for a night drive')).toBeInTheDocument();
    expect(screen.getByTestId('track-tags')).toHaveTextContent('synthwavedreamy+1');
    expect(screen.getByTestId('share-time')).toHaveTextContent('0:00 / 0:30');
    expect(screen.getByTestId('lyrics-instrument')).toHaveTextContent('No singing here: the vocal melody is played by the alto sax.');
    expect(calls.find((call) => call.path === '/public/tracks/t1')?.headers.get('Authorization')).toBeNull();

    await userEvent.setup().click(screen.getByTestId('share-play'));
    const audio = played[0]!;
    expect(audio.getAttribute('src')).toBe('/api/media/music/t1.mp3?sig=public');
    act(() => {
      audio.currentTime = 6.5;
      audio.dispatchEvent(new Event('playing'));
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByTestId('lyrics-current')).toHaveTextContent('Hold on to the night');
    expect(screen.getByTestId('share-time')).toHaveTextContent('0:06');
    expect(screen.getByTestId('share-play')).toHaveAccessibleName('Pause');
  });

  it('says kindly when the track does not exist', async () => {
    renderShare(() => errorReply(404, 'NOT_FOUND', 'Track not found'));
    expect(await screen.findByTestId('share-not-found')).toHaveTextContent("This track isn't available");
    expect(screen.getByRole('link', { name: 'Make your own music' })).toHaveAttribute('href', '/register');
  });

  it('speaks Turkish under /tr, instrument name included', async () => {
    await setupI18n('tr');
    renderShare(() => okReply(TRACK), '/tr/share/music/t1');
    await waitFor(() => expect(screen.getByTestId('lyrics-instrument')).toHaveTextContent('vokal melodisini alto saksafon çalıyor'));
    expect(screen.getByRole('link', { name: 'Kendi müziğinizi yapın' })).toBeInTheDocument();
    await setupI18n('en');
  });
});
