import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MUSIC_TRACK_UPDATED_EVENT, STORAGE_KEYS, type MusicTrack } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makeFeatured, makeTrack } from '../../../test/fixtures.ts';
import { socketsOf } from '../../../test/fake-socket.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { MusicPage } from './MusicPage.tsx';

vi.mock('../../../lib/socket.ts', () => import('../../../test/fake-socket.ts').then((module) => module.fakeSocketModule()));

const MODELS = [
  { _id: 'music-2.0', displayName: 'Music 2.0' },
  { _id: 'music-1.5', displayName: 'Music 1.5' },
];

function renderPage({ path = '/music', tracks = [] as MusicTrack[], routes = {} } = {}) {
  return renderInStudio(<MusicPage />, {
    path,
    routes: {
      'GET /music/models': () => okReply(MODELS),
      'POST /music/credits/calculate': () => okReply({ cost: 400, balance: 9600 }),
      'GET /music/featured/categories': () => okReply({ mood: ['calm'] }),
      ...routes,
    },
    queryRoutes: {
      'GET /music/my-music': () => okReply({ items: tracks, page: 1, limit: 20, total: tracks.length }),
      'GET /music/featured': () => okReply([makeFeatured('f1')]),
    },
  });
}

describe('MusicPage', () => {
  beforeEach(async () => {
    await setupI18n('en');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates with the model picked in the header and puts the new track at the top as generating', async () => {
    const created = makeTrack('new', { status: 'generating', progress: 0, title: 'Fresh Take' });
    const { calls } = renderPage({
      tracks: [makeTrack('old')],
      routes: { 'POST /music/generate': () => okReply(created, 201), 'GET /music/new': () => okReply(created) },
    });
    await screen.findAllByTestId('music-track');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('music-model'));
    await user.click(await screen.findByRole('option', { name: 'Music 1.5' }));
    await user.type(screen.getByLabelText('Prompt'), 'Bossa nova');
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(screen.getAllByTestId('music-track')).toHaveLength(2));
    const [first] = screen.getAllByTestId('music-track');
    expect(first).toHaveAttribute('data-track-id', 'new');
    expect(within(first!).getByTestId('track-status')).toHaveTextContent('Starting generation...');
    expect(calls.find((call) => call.path === '/music/generate')?.body).toMatchObject({ modelId: 'music-1.5', prompt: 'Bossa nova' });
  });

  it("reports a failed model list as 'Failed to load models: {message}' and still offers the built-in models", async () => {
    renderPage({ routes: { 'GET /music/models': () => errorReply(400, 'VALIDATION_ERROR', 'No models here') } });
    expect(await screen.findByText('Failed to load models: No models here')).toBeInTheDocument();
    expect(screen.getByTestId('music-model')).toHaveTextContent('Music 2.0');
  });

  it('prefills the prompt from ?prompt= and opens the featured tab from ?tab=featured', async () => {
    renderPage({ path: '/music?prompt=Calm%20piano' });
    expect(screen.getByLabelText('Prompt')).toHaveValue('Calm piano');
    renderPage({ path: '/music?tab=featured' });
    expect(await screen.findByRole('heading', { name: 'Featured music' })).toBeInTheDocument();
    expect(screen.getByText('Discover music that fits your project')).toBeInTheDocument();
  });

  it("applies a track update from the user's socket at once and refreshes the balance when it finished", async () => {
    const { queryClient } = renderPage({ tracks: [makeTrack('p', { status: 'processing', progress: 0.3 })], routes: { 'GET /music/p': () => okReply(makeTrack('p', { status: 'processing', progress: 0.3 })) } });
    await screen.findAllByTestId('music-track');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const socket = socketsOf('/user').at(-1)!;
    expect(socket.auth?.()).toEqual({ token: 'access-1' });
    act(() => socket.serverEmit(MUSIC_TRACK_UPDATED_EVENT, makeTrack('p')));
    await waitFor(() => expect(screen.getByTestId('music-track')).toHaveAttribute('data-status', 'completed'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: creditSummaryQueryKey });
    // Anything not shaped like a track is ignored.
    act(() => socket.serverEmit(MUSIC_TRACK_UPDATED_EVENT, { _id: 'p', status: 'failed' }));
    expect(screen.getByTestId('music-track')).toHaveAttribute('data-status', 'completed');
  });

  it('reads the tracks again when the realtime connection is made, since updates sent before it were lost', async () => {
    const { queryClient } = renderPage({ tracks: [makeTrack('p', { status: 'processing', progress: 0.3 })], routes: { 'GET /music/p': () => okReply(makeTrack('p', { status: 'processing', progress: 0.3 })) } });
    await screen.findAllByTestId('music-track');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => socketsOf('/user').at(-1)!.connect());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['music', 'my-music'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['music', 'track'] });
  });

  it('shows the lyrics of the playing track with the instrument that carries the melody', async () => {
    const withLyrics = makeTrack('l', {
      lyricsTimeline: { instrument: 'Violin', cues: [{ text: 'First light', startSeconds: 0, endSeconds: 3, section: 'Verse' }] },
    });
    renderPage({ tracks: [withLyrics] });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Play Track l' }));
    expect(await screen.findByTestId('lyrics-current')).toHaveTextContent('First light');
    expect(screen.getByTestId('lyrics-instrument')).toHaveTextContent('played by the violin');
  });
});
