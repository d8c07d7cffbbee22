import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@sound-studio/shared';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, setupI18n } from '../../test/render.tsx';
import { makeGeneration, makeTrack, TEST_VOICES } from '../../test/fixtures.ts';
import { renderInStudio } from '../../test/studio.tsx';
import { showcaseVoices } from './showcase.ts';
import { HomePage } from './HomePage.tsx';

vi.mock('../../lib/socket.ts', () => import('../../test/fake-socket.ts').then((module) => module.fakeSocketModule()));

describe('HomePage', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('picks six real voices, the default one first and one per language after it', () => {
    const shown = showcaseVoices(TEST_VOICES);
    expect(shown.map((voice) => voice._id)).toEqual(['en-us-radiant-girl', 'tr-tr-deniz', 'de-de-lukas', 'en-gb-wise-narrator', 'en-au-sunny', 'en-us-story-group']);
  });

  it('quick prompts fill the text; Generate sends it with the default voice and plays the result', async () => {
    const { calls, audio } = renderInStudio(<HomePage />, {
      routes: {
        'POST /voices/generate-tts': () => okReply({ audioUrl: '/api/tts/audio/g1.mp3?sig=1', generation: makeGeneration('g1'), credits: 900 }),
        'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      },
    });
    await waitFor(() => expect(screen.getByTestId('voice-picker')).toHaveTextContent('Radiant Girl'));
    const user = userEvent.setup();
    const generate = screen.getByTestId('home-generate');
    expect(generate).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tell a story' }));
    expect(screen.getByLabelText('Text to turn into speech')).toHaveValue(
      'Once upon a time, in a village between the mountains and the sea, lived a girl who could hear the wind sing.',
    );
    await user.click(generate);
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/api/tts/audio/g1.mp3?sig=1'));
    expect(calls.find((call) => call.path === '/voices/generate-tts')?.body).toMatchObject({ voiceId: 'en-us-radiant-girl', model: 'speech-2.5-hd-preview' });
  });

  it('greets an account made in this tab with "Welcome", a returning one with "Welcome back"', () => {
    // RegisterPage marks the tab's session; a login clears the mark.
    window.sessionStorage.setItem('soundstudio_new_account', '1');
    const fresh = renderInStudio(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Ada');
    fresh.unmount();
    window.sessionStorage.removeItem('soundstudio_new_account');
    renderInStudio(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Ada');
  });

  it("'Explore voices' cards play their previews", async () => {
    const { audio } = renderInStudio(<HomePage />);
    const cards = await screen.findAllByTestId('explore-voice');
    expect(cards).toHaveLength(6);
    await userEvent.setup().click(within(cards[1]!).getByRole('button', { name: 'Play a preview of Deniz' }));
    expect(audio.getAttribute('src')).toBe('/api/voices/tr-tr-deniz/preview.mp3');
    expect(within(cards[1]!).getByRole('button', { name: 'Pause the preview of Deniz' })).toBeInTheDocument();
  });

  it("the music tab creates a track from a compact prompt and follows it on the music page", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    const { calls, router } = renderInStudio(<HomePage />, {
      routes: {
        'POST /music/credits/calculate': () => okReply({ cost: 400, balance: 9600 }),
        'POST /music/generate': () => okReply(makeTrack('t1', { status: 'generating' }), 201),
        'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      },
      queryRoutes: { 'GET /public/discover': () => okReply([]) },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /Music creation/ }));
    await user.click(screen.getByTestId('music-random-prompt'));
    expect(screen.getByLabelText('Prompt')).not.toHaveValue('');
    expect(await screen.findByTestId('music-cost')).toHaveTextContent('Cost: 400 credits');
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/music'));
    expect(calls.find((call) => call.path === '/music/generate')?.body).toMatchObject({ duration: 60, modelId: 'music-2.0' });
  });

  it("'Discover music' shows the empty state when nothing is featured", async () => {
    renderInStudio(<HomePage />, { queryRoutes: { 'GET /public/discover': () => okReply([]) } });
    expect(await screen.findByText('No featured music available')).toBeInTheDocument();
  });
});
