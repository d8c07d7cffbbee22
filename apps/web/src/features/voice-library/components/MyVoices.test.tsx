import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeVoice, TEST_VOICES } from '../../../test/fixtures.ts';
import { okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { VoiceLibraryPage } from './VoiceLibraryPage.tsx';

const custom = TEST_VOICES.filter((voice) => voice.category === 'custom');

describe('My Voices on the voice library', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the real slots in the header and on the create cards', async () => {
    renderInStudio(<VoiceLibraryPage />, { routes: { 'GET /voices/mine': () => okReply({ voices: custom, slots: { used: 1, total: 5 } }) } });
    expect(await screen.findByTestId('voice-slots')).toHaveTextContent('4 / 5');
    expect(screen.getAllByTestId('create-card-slots')[0]).toHaveTextContent('4 of 5 voice slots free');
  });

  it('renames a custom voice and refreshes the lists', async () => {
    let mineCalls = 0;
    const { calls } = renderInStudio(<VoiceLibraryPage />, {
      routes: {
        'GET /voices/mine': () => {
          mineCalls += 1;
          return okReply({ voices: custom, slots: { used: 1, total: 3 } });
        },
        'PATCH /voices/custom-1': () => okReply(makeVoice('custom-1', 'Studio clone', { category: 'custom' })),
      },
    });
    const user = userEvent.setup();
    await screen.findAllByTestId('voice-row');
    await user.click(screen.getByRole('tab', { name: 'My voices' }));
    const row = screen.getByTestId('voice-row');
    expect(row).toHaveTextContent('My Clone');
    await user.click(within(row).getByRole('button', { name: 'Rename My Clone' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.type(input, 'Studio clone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Studio clone' }));
    await waitFor(() => expect(mineCalls).toBeGreaterThan(1));
    expect(calls.filter((call) => call.path === '/voices/list-grouped').length).toBeGreaterThan(1);
  });

  it('deletes a custom voice only after confirmation', async () => {
    const { calls } = renderInStudio(<VoiceLibraryPage />, {
      routes: {
        'GET /voices/mine': () => okReply({ voices: custom, slots: { used: 1, total: 3 } }),
        'DELETE /voices/custom-1': () => okReply({ deleted: true, slots: { used: 0, total: 3 } }),
      },
    });
    const user = userEvent.setup();
    await screen.findAllByTestId('voice-row');
    await user.click(screen.getByRole('tab', { name: 'My voices' }));
    await user.click(screen.getByRole('button', { name: 'Delete My Clone' }));
    const dialog = await screen.findByTestId('delete-voice-dialog');
    expect(dialog).toHaveTextContent('frees a voice slot');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete My Clone' }));
    await user.click(within(await screen.findByTestId('delete-voice-dialog')).getByRole('button', { name: 'Delete voice' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/voices/custom-1')).toBe(true));
  });

  it('library voices have no rename or delete', async () => {
    renderInStudio(<VoiceLibraryPage />, { routes: { 'GET /voices/mine': () => okReply({ voices: custom, slots: { used: 1, total: 3 } }) } });
    const rows = await screen.findAllByTestId('voice-row');
    const deniz = rows.find((row) => row.getAttribute('data-voice-id') === 'tr-tr-deniz')!;
    expect(within(deniz).queryByTestId('rename-voice')).toBeNull();
  });
});
