import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MusicTrack } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makeTrack } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { TrackList } from './TrackList.tsx';

function listReply(items: MusicTrack[], total = items.length) {
  return () => okReply({ items, page: 1, limit: 20, total });
}

function renderList(items: MusicTrack[], routes: Parameters<typeof renderInStudio>[1] extends infer O ? (O extends { routes?: infer R } ? R : never) : never = {}) {
  return renderInStudio(<TrackList />, { path: '/music', routes, queryRoutes: { 'GET /music/my-music': listReply(items) } });
}

/** Runs timers and the promises they release (fetch stubs, query updates) under fake timers. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // A reply's body and the query's batched notifications take a few more turns of the (fake) clock.
  for (let turn = 0; turn < 4; turn += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5);
    });
  }
}

function trackCard(id: string) {
  const card = screen.getAllByTestId('music-track').find((element) => element.getAttribute('data-track-id') === id);
  if (!card) throw new Error(`no card for ${id}`);
  return card;
}

describe('TrackList', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows skeletons while loading, then the tracks with their status texts', async () => {
    renderList([
      makeTrack('g', { status: 'generating', progress: 0 }),
      makeTrack('p', { status: 'processing', progress: 0.42 }),
      makeTrack('f', { status: 'failed', error: 'The renderer ran out of memory' }),
      makeTrack('r', { status: 'failed', error: null }),
      makeTrack('c'),
    ]);
    expect(screen.getByTestId('track-skeletons')).toBeInTheDocument();
    await screen.findAllByTestId('music-track');
    expect(within(trackCard('g')).getByTestId('track-status')).toHaveTextContent('Starting generation...');
    expect(within(trackCard('p')).getByTestId('track-status')).toHaveTextContent('Processing audio...');
    expect(within(trackCard('p')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(trackCard('f')).getByTestId('track-status')).toHaveTextContent('The renderer ran out of memory');
    expect(within(trackCard('r')).getByTestId('track-status')).toHaveTextContent('Prompt was rejected. Please try with a different prompt.');
    expect(within(trackCard('c')).queryByTestId('track-status')).not.toBeInTheDocument();
    expect(within(trackCard('c')).getByTestId('track-tags')).toHaveTextContent('jazzsmooth+1');
    expect(within(trackCard('p')).getByTestId('track-download')).toBeDisabled();
    expect(within(trackCard('c')).getByTestId('track-download')).toBeEnabled();
  });

  it('speaks the failure texts in Turkish', async () => {
    await setupI18n('tr');
    renderList([
      makeTrack('r', { status: 'failed', error: 'Prompt was rejected. Please try with a different prompt.' }),
      makeTrack('f', { status: 'failed', error: 'Failed to generate music. Please try again.' }),
      makeTrack('g', { status: 'generating', progress: 0 }),
    ]);
    await screen.findAllByTestId('music-track');
    expect(within(trackCard('r')).getByTestId('track-status')).toHaveTextContent('Açıklama reddedildi. Lütfen farklı bir açıklama deneyin.');
    expect(within(trackCard('f')).getByTestId('track-status')).toHaveTextContent('Müzik oluşturulamadı. Lütfen tekrar deneyin.');
    expect(within(trackCard('g')).getByTestId('track-status')).toHaveTextContent('Üretim başlıyor...');
    await setupI18n('en');
  });

  it('says what to do next when there are no tracks', async () => {
    renderList([]);
    expect(await screen.findByText('No tracks yet')).toBeInTheDocument();
    expect(screen.getByText(/press Create/)).toBeInTheDocument();
  });

  it("reports a failed list as 'Failed to load music: {message}'", async () => {
    renderInStudio(<TrackList />, { queryRoutes: { 'GET /music/my-music': () => errorReply(400, 'VALIDATION_ERROR', 'Bad page') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load music: Bad page');
  });

  it('plays a finished track through the player with its artwork, and pauses it again', async () => {
    const { audio } = renderList([makeTrack('c')]);
    const play = await screen.findByRole('button', { name: 'Play Track c' });
    const user = userEvent.setup();
    await user.click(play);
    expect(audio.getAttribute('src')).toBe('/api/media/music/c.mp3?sig=1');
    act(() => audio.dispatchEvent(new Event('playing')));
    expect(screen.getByRole('button', { name: 'Pause Track c' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('playing-bars')).toBeInTheDocument();
  });

  it('copies the prompt and shows the check for 2 s', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderList([makeTrack('c')]);
    const card = (await screen.findAllByTestId('music-track'))[0]!;
    // From here the test moves the timers itself: on a loaded machine, timers that also followed real time could pass
    // the 2 s before the check is looked at (seen in a CI run).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Copy prompt' }));
    });
    expect(writeText).toHaveBeenCalledWith('Jazzy, male, smooth, expressive, soulful');
    expect(within(card).getByRole('button', { name: 'Prompt copied' })).toBeInTheDocument();
    await advance(2100);
    expect(within(card).getByRole('button', { name: 'Copy prompt' })).toBeInTheDocument();
  });

  it('saves the license certificate of a finished track from its menu; an unfinished track offers none', async () => {
    const license = {
      licenseId: 'SSL-1111-2222-3333-4444',
      issuer: 'Sound Studio',
      holder: { name: 'Ada Lovelace', email: 'ada@example.com' },
      work: { kind: 'music', id: 'a', title: 'Track a', createdAt: '2026-11-21T10:00:00.000Z' },
      planAtIssue: 'creator',
      terms: ['Commercial use permitted: the holder may use this work.'],
      issuedAt: '2026-11-25T14:00:00.000Z',
    };
    const { calls } = renderList([makeTrack('a'), makeTrack('g', { status: 'generating', progress: 0 })], { 'GET /music/a/license': () => okReply(license) });
    await screen.findAllByTestId('music-track');
    const savedBlobs: Blob[] = [];
    const savedNames: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      savedBlobs.push(blob);
      return 'blob:license';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedNames.push(this.download);
    });
    const user = userEvent.setup();
    await user.click(within(trackCard('g')).getByTestId('track-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Commercial license certificate for Track g' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(within(trackCard('a')).getByTestId('track-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Commercial license certificate for Track a' }));
    await waitFor(() => expect(savedNames).toEqual(['sound-studio-license-SSL-1111-2222-3333-4444.txt']));
    expect(calls.filter((call) => call.path.endsWith('/license')).map((call) => call.path)).toEqual(['/music/a/license']);
    expect(await savedBlobs[0]?.text()).toContain('Work:         Music track');
    click.mockRestore();
  });

  it('deletes a track only after confirmation', async () => {
    const { calls } = renderList([makeTrack('a'), makeTrack('b')], { 'DELETE /music/a': () => okReply({ deleted: true }) });
    await screen.findAllByTestId('music-track');
    const user = userEvent.setup();
    await user.click(within(trackCard('a')).getByTestId('track-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByTestId('delete-track-confirm');
    expect(dialog).toHaveTextContent('“Track a” will be removed from your tracks.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(trackCard('a')).getByTestId('track-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByTestId('delete-track-confirm')).getByRole('button', { name: 'Delete track' }));
    await waitFor(() => expect(screen.getAllByTestId('music-track')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/music/a']);
    expect(screen.getByText('1 track')).toBeInTheDocument();
  });
});

describe('TrackList polling (section 4)', () => {
  beforeEach(async () => {
    await setupI18n('en');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function polls(calls: { path: string }[], id: string) {
    return calls.filter((call) => call.path === `/music/${id}`).length;
  }

  it('polls a processing track every 3 s until it completes, then refreshes the balance once', async () => {
    const replies = [makeTrack('p', { status: 'processing', progress: 0.5 }), makeTrack('p')];
    const { calls, queryClient } = renderList([makeTrack('p', { status: 'processing', progress: 0.2 })], {
      'GET /music/p': () => okReply(replies.shift() ?? makeTrack('p')),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await advance(0);
    expect(within(trackCard('p')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    await advance(2900);
    expect(polls(calls, 'p')).toBe(0);
    await advance(100);
    expect(polls(calls, 'p')).toBe(1);
    expect(within(trackCard('p')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: creditSummaryQueryKey });
    await advance(3000);
    expect(polls(calls, 'p')).toBe(2);
    expect(trackCard('p')).toHaveAttribute('data-status', 'completed');
    expect(within(trackCard('p')).queryByTestId('track-status')).not.toBeInTheDocument();
    expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey === creditSummaryQueryKey)).toHaveLength(1);
    await advance(15_000);
    expect(polls(calls, 'p')).toBe(2);
  });

  it('gives up after 5 minutes of polling', async () => {
    const { calls } = renderList([makeTrack('p', { status: 'generating', progress: 0 })], {
      'GET /music/p': () => okReply(makeTrack('p', { status: 'processing', progress: 0.1 })),
    });
    await advance(0);
    await advance(300_000);
    expect(polls(calls, 'p')).toBe(100);
    await advance(60_000);
    expect(polls(calls, 'p')).toBe(100);
    expect(within(trackCard('p')).getByText(/taking longer than usual/)).toBeInTheDocument();
  });

  it('stops after a failed poll', async () => {
    const { calls } = renderList([makeTrack('p', { status: 'processing', progress: 0.3 })], {
      'GET /music/p': () => errorReply(500, 'INTERNAL_ERROR', 'boom'),
    });
    await advance(0);
    await advance(3000);
    expect(polls(calls, 'p')).toBe(1);
    await advance(30_000);
    expect(polls(calls, 'p')).toBe(1);
    expect(within(trackCard('p')).getByText(/Couldn't check on this track/)).toBeInTheDocument();
  });

  it('shows a failed result with its error text', async () => {
    renderList([makeTrack('p', { status: 'processing', progress: 0.3 })], {
      'GET /music/p': () => okReply(makeTrack('p', { status: 'failed', error: 'Prompt was rejected. Please try with a different prompt.' })),
    });
    await advance(0);
    await advance(3000);
    expect(within(trackCard('p')).getByTestId('track-status')).toHaveTextContent('Prompt was rejected. Please try with a different prompt.');
  });
});
