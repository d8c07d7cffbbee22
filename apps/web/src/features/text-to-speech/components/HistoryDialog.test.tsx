import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okReply, setupI18n } from '../../../test/render.tsx';
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
