import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { PlanGateDialog } from '../../billing/index.ts';
import { makeGeneration } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';

const ITEMS = [makeGeneration('g1', { text: 'Morning news about the harbour' }), makeGeneration('g2', { text: 'A bedtime story', voiceName: 'Deniz' })];

function historyRoutes(items = ITEMS) {
  const requests: URLSearchParams[] = [];
  let current = [...items];
  const routes = {
    'DELETE /tts/history/g1': () => {
      current = current.filter((item) => item.id !== 'g1');
      return okReply({ deleted: 1 });
    },
    'DELETE /tts/history': () => {
      const deleted = current.length;
      current = [];
      return okReply({ deleted });
    },
  };
  const fetchHistory = (params: URLSearchParams) => {
    requests.push(params);
    const q = params.get('q')?.toLowerCase() ?? '';
    const shown = current.filter((item) => item.text.toLowerCase().includes(q) && (params.get('range') === 'all' || item.id === 'g2'));
    return okReply({ items: shown, page: 1, limit: 20, total: shown.length });
  };
  return { routes, requests, fetchHistory };
}

describe('HistoryDialog', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  function renderHistory() {
    const { routes, requests, fetchHistory } = historyRoutes();
    const rendered = renderInStudio(<HistoryDialog open onOpenChange={() => {}} />, { routes, queryRoutes: { 'GET /tts/history': fetchHistory } });
    return { ...rendered, requests };
  }

  it('lists generations and filters them with the chips and the search', async () => {
    const { requests } = renderHistory();
    expect(await screen.findAllByTestId('history-item')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests.at(-1)?.get('range')).toBe('today');
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(requests.at(-1)?.get('range')).toBe('week'));
    await user.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(requests.at(-1)?.get('range')).toBe('month'));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox'), 'harbour');
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('harbour'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(1));
    expect(screen.getByTestId('history-text')).toHaveTextContent('Morning news about the harbour');
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
  });

  it('names the API key that made a call, in English and Turkish', async () => {
    const apiItems = [
      makeGeneration('g1', { text: 'From the SDK', source: 'api', apiKeyName: 'Podcast bot', apiKeyId: 'k1' }),
      makeGeneration('g2', { text: 'From the editor' }),
    ];
    const { routes, fetchHistory } = historyRoutes(apiItems);
    const rendered = renderInStudio(<HistoryDialog open onOpenChange={() => {}} />, { routes, queryRoutes: { 'GET /tts/history': fetchHistory } });
    const [apiRow, editorRow] = await screen.findAllByTestId('history-item');
    expect(within(apiRow!).getByTestId('history-api-key')).toHaveTextContent('via API key Podcast bot');
    expect(within(editorRow!).queryByTestId('history-api-key')).toBeNull();
    rendered.unmount();
    await setupI18n('tr');
    renderInStudio(<HistoryDialog open onOpenChange={() => {}} />, { routes, queryRoutes: { 'GET /tts/history': fetchHistory } });
    expect(await screen.findByTestId('history-api-key')).toHaveTextContent('Podcast bot API anahtarıyla');
  });

  it('replays an item in the player and deletes one', async () => {
    const { audio } = renderHistory();
    const [first] = await screen.findAllByTestId('history-item');
    const user = userEvent.setup();
    await user.click(within(first!).getByRole('button', { name: 'Play the generation with Radiant Girl' }));
    expect(audio.getAttribute('src')).toBe('/api/tts/audio/g1.mp3?sig=abc');
    await user.click(within(first!).getByTestId('history-delete'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(1));
  });

  it('clears everything only after the confirmation', async () => {
    const { calls } = renderHistory();
    await screen.findAllByTestId('history-item');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const confirm = await screen.findByTestId('clear-history-confirm');
    expect(confirm).toHaveTextContent('Clear all history?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getAllByTestId('history-item')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await user.click(within(await screen.findByTestId('clear-history-confirm')).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('No generations yet')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === '/tts/history')).toHaveLength(1);
  });
});

describe('HistoryDialog license action', () => {
  const LICENSE = {
    licenseId: 'SSL-ABCD-EF01-2345-6789',
    issuer: 'Sound Studio',
    holder: { name: 'Ada Lovelace', email: 'ada@example.com' },
    work: { kind: 'speech', id: 'g1', title: 'Morning news about the harbour', createdAt: '2026-11-21T10:00:00.000Z' },
    planAtIssue: 'starter',
    terms: ['Commercial use permitted: the holder may use this work.'],
    issuedAt: '2026-11-25T14:00:00.000Z',
  };

  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function captureSavedFiles() {
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:license';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    return saved;
  }

  function renderWithGate(licenseReply: () => Response) {
    const { routes, fetchHistory } = historyRoutes();
    return renderInStudio(
      <>
        <HistoryDialog open onOpenChange={() => {}} />
        <PlanGateDialog />
      </>,
      { routes: { ...routes, 'GET /tts/history/g1/license': licenseReply }, queryRoutes: { 'GET /tts/history': fetchHistory } },
    );
  }

  it('fetches the certificate of the item and saves it as a text file', async () => {
    const saved = captureSavedFiles();
    const { calls } = renderWithGate(() => okReply(LICENSE));
    const [first] = await screen.findAllByTestId('history-item');
    await userEvent.setup().click(within(first!).getByRole('button', { name: 'Commercial license certificate for Morning news about the harbour' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.path)).toContain('/tts/history/g1/license');
    expect(saved[0]?.name).toBe('sound-studio-license-SSL-ABCD-EF01-2345-6789.txt');
    const text = await saved[0]!.blob.text();
    expect(text).toContain('License ID:   SSL-ABCD-EF01-2345-6789');
    expect(text).toContain('Holder:       Ada Lovelace <ada@example.com>');
    expect(text).toContain('Title:        Morning news about the harbour');
    expect(text).toContain('- Commercial use permitted: the holder may use this work.');
    expect(await screen.findByText('License certificate downloaded')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-gate-dialog')).toBeNull();
  });

  it('opens the plan-gate dialog naming the commercial license on FEATURE_NOT_IN_PLAN, and saves nothing', async () => {
    const saved = captureSavedFiles();
    renderWithGate(() =>
      errorReply(403, 'FEATURE_NOT_IN_PLAN', 'A commercial license is not included in your plan. Upgrade to use it.', {
        feature: 'commercialLicense',
        plan: 'free',
        upgradeUrl: '/pricing',
      }),
    );
    const [first] = await screen.findAllByTestId('history-item');
    await userEvent.setup().click(within(first!).getByTestId('history-license'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(dialog).toHaveTextContent('Commercial license is not included in your Free plan. Upgrade to unlock it.');
    expect(saved).toHaveLength(0);
    expect(screen.queryByText('Could not get the license certificate. Please try again.')).toBeNull();
  });

  it('speaks Turkish in the plan-gate dialog and the action', async () => {
    await setupI18n('tr');
    captureSavedFiles();
    renderWithGate(() => errorReply(403, 'FEATURE_NOT_IN_PLAN', 'x', { feature: 'commercialLicense', plan: 'free', upgradeUrl: '/pricing' }));
    const [first] = await screen.findAllByTestId('history-item');
    await userEvent.setup().click(within(first!).getByRole('button', { name: 'Morning news about the harbour için ticari kullanım lisansı belgesi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Planınızı yükseltin' });
    expect(dialog).toHaveTextContent('Ticari kullanım lisansı özelliği Ücretsiz planınıza dahil değil.');
  });

  it('tells the user when the certificate could not be fetched', async () => {
    captureSavedFiles();
    renderWithGate(() => errorReply(500, 'INTERNAL_ERROR', 'Internal server error'));
    const [first] = await screen.findAllByTestId('history-item');
    await userEvent.setup().click(within(first!).getByTestId('history-license'));
    expect(await screen.findByText('Could not get the license certificate. Please try again.')).toBeInTheDocument();
  });
});
