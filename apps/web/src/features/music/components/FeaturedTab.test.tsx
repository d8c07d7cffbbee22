import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REALTIME_EVENTS } from '@sound-studio/shared';
import { okReply, setupI18n } from '../../../test/render.tsx';
import { makeFeatured } from '../../../test/fixtures.ts';
import { socketsOf } from '../../../test/fake-socket.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { DiscoverMusic } from './DiscoverMusic.tsx';
import { FeaturedTab } from './FeaturedTab.tsx';

vi.mock('../../../lib/socket.ts', () => import('../../../test/fake-socket.ts').then((module) => module.fakeSocketModule()));

const CATEGORIES = { mood: ['calm', 'happy'], genre: ['jazz', 'lofi'] };
const SIX = Array.from({ length: 6 }, (_, index) => makeFeatured(`f${index + 1}`));

function engagements(calls: { method: string; path: string; body: unknown }[], action: string) {
  return calls.filter((call) => call.method === 'POST' && call.path.endsWith('/engage') && (call.body as { action: string }).action === action).map((call) => call.path);
}

describe('FeaturedTab', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  function renderTab(featured: (query: URLSearchParams) => Response, items = SIX) {
    return renderInStudio(<FeaturedTab />, {
      path: '/music',
      routes: {
        'GET /music/featured/categories': () => okReply(CATEGORIES),
        ...Object.fromEntries(items.map((item) => [`POST /music/featured/${item._id}/engage`, () => okReply({ views: 1, plays: 0, downloads: 0 })])),
      },
      queryRoutes: { 'GET /music/featured': featured },
    });
  }

  it('shows six skeleton cards, then a grid with artwork, title, two tags plus +N and duration', async () => {
    let answer: (response: Response) => void = () => {};
    renderTab(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    expect(screen.getAllByTestId('featured-skeleton')).toHaveLength(6);
    answer(okReply(SIX));
    const cards = await screen.findAllByTestId('featured-card');
    expect(cards).toHaveLength(6);
    const first = cards[0]!;
    expect(within(first).getByTestId('featured-title')).toHaveTextContent('Featured f1');
    expect(within(first).getByTestId('track-tags')).toHaveTextContent('calmambient+2');
    expect(first.querySelector('img')).toHaveAttribute('src', '/api/media/featured/f1.svg');
    expect(first).toHaveTextContent('1:30');
    expect(within(first).getByRole('button', { name: 'Download Featured f1' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Share Featured f1' })).toBeInTheDocument();
  });

  it('filters by category and subcategory from the categories call', async () => {
    const queries: string[] = [];
    renderTab((query) => {
      queries.push(query.toString());
      return okReply(SIX.slice(0, 2));
    });
    await screen.findAllByTestId('featured-card');
    const user = userEvent.setup();
    expect(screen.getByTestId('featured-subcategory')).toBeDisabled();
    await user.click(screen.getByTestId('featured-category'));
    await user.click(await screen.findByRole('option', { name: 'Genre' }));
    await user.click(screen.getByTestId('featured-subcategory'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All subcategories', 'Jazz', 'Lo-fi']);
    await user.click(screen.getByRole('option', { name: 'Jazz' }));
    await waitFor(() => expect(queries).toContain('category=genre&subcategory=jazz&limit=6'));
    expect(queries[0]).toBe('limit=6');
  });

  it('plays a card through the player and counts views, plays and downloads', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    // happy-dom would follow the download link and leave the page.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // Views count once per page load: tracks no other test has shown.
    const fresh = SIX.map((item) => makeFeatured(`fresh-${item._id}`, { title: item.title }));
    const { audio, calls, fetchMock } = renderTab(() => okReply(fresh), fresh);
    const routed = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/media/') ? new Response(new Blob(['mp3'])) : routed!(input, init),
    );
    const cards = await screen.findAllByTestId('featured-card');
    await waitFor(() => expect(engagements(calls, 'view')).toHaveLength(6));
    const user = userEvent.setup();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Play Featured f2' }));
    expect(audio.getAttribute('src')).toBe('/api/media/featured/fresh-f2.mp3');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Download Featured f2' }));
    await waitFor(() => expect(engagements(calls, 'download')).toEqual(['/music/featured/fresh-f2/engage']));
    expect(engagements(calls, 'play')).toEqual(['/music/featured/fresh-f2/engage']);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Share Featured f2' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/music/fresh-f2`));
  });

  it('says so when the catalogue is empty', async () => {
    renderTab(() => okReply([]));
    expect(await screen.findByText('No featured music available')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new content')).toBeInTheDocument();
  });

  it('refetches when the public socket reports a featured change, and disconnects when closed', async () => {
    let version = 0;
    const { unmount } = renderTab(() => okReply(version === 0 ? SIX.slice(0, 1) : SIX.slice(0, 2)));
    await waitFor(() => expect(screen.getAllByTestId('featured-card')).toHaveLength(1));
    const [socket] = socketsOf('/public');
    expect(socket).toBeDefined();
    version = 1;
    act(() => socket!.serverEmit(REALTIME_EVENTS.featuredMusicAdded, { _id: 'f2' }));
    await waitFor(() => expect(screen.getAllByTestId('featured-card')).toHaveLength(2));
    for (const event of [REALTIME_EVENTS.featuredMusicRemoved, REALTIME_EVENTS.featuredMusicUpdated, REALTIME_EVENTS.featuredArtworkUpdated]) {
      expect(socket!.handlers.get(event)).toHaveLength(1);
    }
    unmount();
    expect(socket!.disconnected).toBe(true);
  });
});

describe("Home's Discover music", () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for six mood tracks and shows them with tags', async () => {
    const queries: string[] = [];
    renderInStudio(<DiscoverMusic />, {
      queryRoutes: {
        'GET /public/discover': (query) => {
          queries.push(query.toString());
          return okReply(SIX);
        },
      },
    });
    expect(screen.getAllByTestId('featured-skeleton')).toHaveLength(6);
    const cards = await screen.findAllByTestId('featured-card');
    expect(cards).toHaveLength(6);
    expect(queries).toEqual(['category=mood&limit=6']);
    expect(within(cards[0]!).getByTestId('track-tags')).toHaveTextContent('calmambient+2');
  });

  it('shows the empty state when the call fails', async () => {
    renderInStudio(<DiscoverMusic />, { queryRoutes: { 'GET /public/discover': () => new Response('down', { status: 502 }) } });
    expect(await screen.findByText('No featured music available')).toBeInTheDocument();
  });

  it('refetches on a featured event without reloading', async () => {
    let items = [makeFeatured('a')];
    renderInStudio(<DiscoverMusic />, { queryRoutes: { 'GET /public/discover': () => okReply(items) } });
    await waitFor(() => expect(screen.getAllByTestId('featured-card')).toHaveLength(1));
    items = [makeFeatured('a', { title: 'Renamed' }), makeFeatured('b')];
    act(() => socketsOf('/public').at(-1)!.serverEmit(REALTIME_EVENTS.featuredMusicUpdated));
    await waitFor(() => expect(screen.getAllByTestId('featured-card')).toHaveLength(2));
    expect(screen.getByText('Renamed')).toBeInTheDocument();
  });
});
