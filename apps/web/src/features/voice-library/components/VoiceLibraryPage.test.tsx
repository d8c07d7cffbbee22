import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { VoiceLibraryPage } from './VoiceLibraryPage.tsx';

describe('VoiceLibraryPage', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the selected voice first; Use opens text to speech with the voice in the address', async () => {
    const { router } = renderInStudio(<VoiceLibraryPage />, { path: '/voice-library' });
    const rows = await screen.findAllByTestId('voice-row');
    expect(rows[0]).toHaveAttribute('data-voice-id', 'en-us-radiant-girl');
    expect(screen.getByRole('link', { name: /Voice design/ })).toHaveAttribute('href', '/voice-design');
    expect(screen.getByRole('link', { name: /Instant clone/ })).toHaveAttribute('href', '/voice-clone');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use Deniz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/text-to-speech'));
    expect(router.state.location.search).toBe('?voiceId=tr-tr-deniz');
  });

  it("the selected voice's button goes to text to speech; the Selected tab shows only that voice", async () => {
    const { router } = renderInStudio(<VoiceLibraryPage />, { path: '/voice-library' });
    await screen.findAllByTestId('voice-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Selected' }));
    expect(screen.getAllByTestId('voice-row')).toHaveLength(1);
    await user.click(screen.getByTestId('selected-voice'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/text-to-speech'));
    expect(router.state.location.search).toBe('');
  });
});
