import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makePreferences } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { setPreferenceError } from '../../preferences/index.ts';
import { VoiceSelectionModal } from './VoiceSelectionModal.tsx';

function rows() {
  return screen.getAllByTestId('voice-row').map((row) => row.getAttribute('data-voice-id'));
}

async function chooseFilter(user: ReturnType<typeof userEvent.setup>, testId: string, option: string) {
  await user.click(screen.getByTestId(testId));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('VoiceSelectionModal', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    act(() => setPreferenceError(null));
  });

  it('lists the library with the selected voice first and filters by language, accent, gender and age', async () => {
    const onOpenChange = vi.fn();
    renderInStudio(<VoiceSelectionModal open onOpenChange={onOpenChange} />);
    await screen.findAllByTestId('voice-row');
    expect(rows()[0]).toBe('en-us-radiant-girl');
    expect(rows()).not.toContain('custom-1');
    expect(screen.getByTestId('voice-count')).toHaveTextContent('6 voices');
    const user = userEvent.setup();
    await chooseFilter(user, 'filter-accent', 'British');
    expect(rows()).toEqual(['en-gb-wise-narrator']);
    await chooseFilter(user, 'filter-accent', 'All accents');
    await chooseFilter(user, 'filter-gender', 'Male');
    expect(rows()).toEqual(['en-gb-wise-narrator', 'de-de-lukas']);
    await chooseFilter(user, 'filter-age', 'Child');
    expect(rows()).toEqual(['de-de-lukas']);
    await chooseFilter(user, 'filter-language', 'German');
    expect(screen.getByTestId('filter-accent')).toBeDisabled();
    expect(screen.getByTestId('voice-count')).toHaveTextContent('1 voice');
    await chooseFilter(user, 'filter-language', 'Turkish');
    expect(screen.getByText('No voices match these filters')).toBeInTheDocument();
  });

  it('searches and switches to My Voices and Collected', async () => {
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, {
      routes: { 'GET /preferences': () => okReply({ preferences: makePreferences({ favoriteVoices: ['tr-tr-deniz'] }) }) },
    });
    await screen.findAllByTestId('voice-row');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'narrator');
    expect(rows()).toEqual(['en-gb-wise-narrator']);
    await user.clear(screen.getByRole('searchbox'));
    await user.click(screen.getByRole('tab', { name: 'My voices' }));
    expect(rows()).toEqual(['custom-1']);
    await user.click(screen.getByRole('tab', { name: 'Collected voices' }));
    expect(rows()).toEqual(['tr-tr-deniz']);
  });

  it('Use selects the voice (PUT /preferences/voice/selected), reports the first mood of grouped voices and closes', async () => {
    const onOpenChange = vi.fn();
    const onSelect = vi.fn();
    const { calls } = renderInStudio(<VoiceSelectionModal open onOpenChange={onOpenChange} onSelect={onSelect} />, {
      routes: { 'PUT /preferences/voice/selected': ({ body }) => okReply({ preferences: makePreferences({ selectedVoiceId: (body as { voiceId: string }).voiceId }) }) },
    });
    await screen.findAllByTestId('voice-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use Storyteller' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ _id: 'en-us-story-group' }), expect.objectContaining({ mood: 'calm' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/preferences/voice/selected')).toBe(true));
    expect(calls.find((call) => call.path === '/preferences/voice/selected')?.body).toEqual({ voiceId: 'en-us-story-group' });
  });

  it('copies a voice id and shows the check for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />);
    const row = (await screen.findAllByTestId('voice-row'))[0]!;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(row).getByRole('button', { name: 'Copy voice ID' }));
    expect(writeText).toHaveBeenCalledWith('en-us-radiant-girl');
    expect(within(row).getByRole('button', { name: 'Voice ID copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(within(row).getByRole('button', { name: 'Voice ID copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(row).getByRole('button', { name: 'Copy voice ID' })).toBeInTheDocument();
  });

  it('collects a voice at once and rolls back with "Failed to update favorites" when the call fails', async () => {
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, {
      routes: { 'POST /preferences/voice/favorite': () => Promise.reject(new TypeError('offline')) },
    });
    const row = (await screen.findAllByTestId('voice-row'))[1]!;
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Collect Wise Narrator' }));
    expect(await screen.findByTestId('preference-error')).toHaveTextContent('Failed to update favorites: Network error');
    expect(within(row).getByRole('button', { name: 'Collect Wise Narrator' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps an optimistic favourite when the server agrees', async () => {
    const { calls } = renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, {
      routes: { 'POST /preferences/voice/favorite': () => okReply({ preferences: makePreferences({ favoriteVoices: ['en-gb-wise-narrator'] }) }) },
    });
    const row = (await screen.findAllByTestId('voice-row'))[1]!;
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Collect Wise Narrator' }));
    expect(within(row).getByRole('button', { name: 'Remove Wise Narrator from collected voices' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.find((call) => call.path === '/preferences/voice/favorite')?.body).toEqual({ voiceId: 'en-gb-wise-narrator', action: 'add' }));
    expect(screen.queryByTestId('preference-error')).toBeNull();
  });

  it('rolls a failed selection back with "Failed to select voice" and the HTTP status', async () => {
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, {
      routes: { 'PUT /preferences/voice/selected': () => new Response('<html>oops</html>', { status: 502 }) },
    });
    await screen.findAllByTestId('voice-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use Deniz' }));
    expect(await screen.findByTestId('preference-error')).toHaveTextContent('Failed to select voice: HTTP 502');
  });

  it("shows the server's message when a preference call is refused", async () => {
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, {
      routes: { 'POST /preferences/voice/favorite': () => errorReply(404, 'NOT_FOUND', 'Voice not found') },
    });
    const row = (await screen.findAllByTestId('voice-row'))[0]!;
    await userEvent.setup().click(within(row).getByRole('button', { name: /Collect/ }));
    expect(await screen.findByTestId('preference-error')).toHaveTextContent('Failed to update favorites: Voice not found');
  });

  it('plays a mood preview through the player', async () => {
    const { audio } = renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />);
    await screen.findAllByTestId('voice-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Happy' }));
    expect(audio.getAttribute('src')).toBe('/api/voices/en-us-story-group-happy/preview.mp3');
    expect(screen.getByRole('button', { name: 'Happy' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to the seven built-in voices when the list call fails', async () => {
    renderInStudio(<VoiceSelectionModal open onOpenChange={() => {}} />, { routes: { 'GET /voices/list-grouped': () => errorReply(500, 'INTERNAL_ERROR', 'boom') } });
    await screen.findAllByTestId('voice-row');
    expect(screen.getAllByTestId('voice-row')).toHaveLength(7);
  });
});
