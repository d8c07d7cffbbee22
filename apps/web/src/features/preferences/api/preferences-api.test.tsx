import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import type { Preferences } from '@sound-studio/shared';
import { makePreferences } from '../../../test/fixtures.ts';
import { PreferenceErrorAlert } from '../components/PreferenceErrorAlert.tsx';
import { setPreferenceError } from '../preference-errors.ts';
import { usePreferences, useUpdatePreferences, useVoiceSettings } from './preferences-api.ts';

function SidebarToggle() {
  const { preferences, isPending } = usePreferences();
  const { mutate } = useUpdatePreferences();
  if (isPending) return null;
  const collapsed = preferences.ui.sidebarCollapsed;
  return (
    <>
      <button type="button" aria-pressed={collapsed} onClick={() => mutate({ preferences: { ui: { sidebarCollapsed: !collapsed } } })}>
        Sidebar
      </button>
      <PreferenceErrorAlert />
    </>
  );
}

describe('preferences', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setPreferenceError(null));
  });

  it('PUT /preferences applies at once and keeps the server reply', async () => {
    let release: (response: Response) => void = () => {};
    const { calls } = stubFetch({
      'GET /preferences': () => okReply({ preferences: makePreferences() }),
      'PUT /preferences': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderWithProviders(<SidebarToggle />);
    const toggle = await screen.findByRole('button', { name: 'Sidebar' });
    await userEvent.setup().click(toggle);
    // Optimistic: changed before the server answered.
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // The PUT may wait for a CSRF token first (the first write of a test worker fetches one).
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ preferences: { ui: { sidebarCollapsed: true } } }));
    const saved = makePreferences();
    act(() => release(okReply({ preferences: { ...saved, ui: { ...saved.ui, sidebarCollapsed: true } } })));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByTestId('preference-error')).toBeNull();
  });

  it.each([
    [() => errorReply(500, 'INTERNAL_ERROR', 'Database unavailable'), 'Failed to update preferences: Database unavailable'],
    [() => new Response('', { status: 503 }), 'Failed to update preferences: HTTP 503'],
    [() => Promise.reject(new TypeError('Failed to fetch')), 'Failed to update preferences: Network error'],
  ])('rolls back and keeps the failure as error state (%#)', async (reply, message) => {
    stubFetch({ 'GET /preferences': () => okReply({ preferences: makePreferences() }), 'PUT /preferences': reply });
    renderWithProviders(<SidebarToggle />);
    const toggle = await screen.findByRole('button', { name: 'Sidebar' });
    await userEvent.setup().click(toggle);
    expect(await screen.findByTestId('preference-error')).toHaveTextContent(message);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});

function SpeedSlider() {
  const { settings, setSetting } = useVoiceSettings();
  return (
    <button type="button" onClick={() => setSetting('speed', Math.round((settings.speed + 0.1) * 10) / 10)}>
      Speed {settings.speed}
    </button>
  );
}

/**
 * The sidebar switch beside the speed slider, with the sidebar's save held until `answer` (its reply: the stored
 * preferences, collapsed) and the settings save answered at once with `settingsReply`; the sidebar is clicked first.
 */
async function sidebarThenSlider(settingsReply: Preferences) {
  let release: (response: Response) => void = () => {};
  const stored = makePreferences();
  const { calls } = stubFetch({
    'GET /preferences': () => okReply({ preferences: stored }),
    'PUT /preferences': () => new Promise<Response>((resolve) => (release = resolve)),
    'PUT /preferences/voice/settings': () => okReply({ preferences: settingsReply }),
  });
  renderWithProviders(
    <>
      <SidebarToggle />
      <SpeedSlider />
    </>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sidebar' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/preferences')).toBe(true));
  const answer = async () => {
    act(() => release(okReply({ preferences: { ...stored, ui: { ...stored.ui, sidebarCollapsed: true } } })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sidebar' })).toHaveAttribute('aria-pressed', 'true'));
  };
  return { user, calls, slider: screen.getByRole('button', { name: 'Speed 1' }), answer };
}

describe('voice settings', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('a move made before the preferences load survives their arrival, and is what gets saved', async () => {
    let load: (response: Response) => void = () => {};
    const { calls } = stubFetch({
      'GET /preferences': () => new Promise<Response>((resolve) => (load = resolve)),
      'PUT /preferences/voice/settings': () => okReply({ preferences: makePreferences() }),
    });
    renderWithProviders(<SpeedSlider />);
    const slider = screen.getByRole('button', { name: 'Speed 1' });
    await userEvent.setup().click(slider);
    expect(slider).toHaveTextContent('Speed 1.1');
    const stored = makePreferences();
    act(() => load(okReply({ preferences: { ...stored, ui: { ...stored.ui, sidebarCollapsed: true } } })));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slider).toHaveTextContent('Speed 1.1');
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ speed: 1.1 }));
  });

  it('moves made while another preference is being saved survive its reply, which carries the settings from before', async () => {
    const { user, calls, slider, answer } = await sidebarThenSlider(makePreferences());
    await user.click(slider);
    await user.click(slider);
    expect(slider).toHaveTextContent('Speed 1.2');
    // The interface save answers between two moves, with the server's settings (speed 1) as they were.
    await answer();
    expect(slider).toHaveTextContent('Speed 1.2');
    await user.click(slider);
    expect(slider).toHaveTextContent('Speed 1.3');
    await waitFor(() => expect(calls.find((call) => call.path === '/preferences/voice/settings')?.body).toEqual({ speed: 1.3 }));
  });

  it('a saved move stays when an older call answers after it, with the settings from before', async () => {
    const movedOnServer = makePreferences({ voiceSettings: { ...makePreferences().voice.voiceSettings, speed: 1.1 } });
    const { user, calls, slider, answer } = await sidebarThenSlider(movedOnServer);
    await user.click(slider);
    await waitFor(() => expect(calls.some((call) => call.path === '/preferences/voice/settings')).toBe(true));
    // Its reply (answered at once) is taken before the older call answers.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The sidebar's call, sent first, answers last: its settings are from before the move.
    await answer();
    expect(slider).toHaveTextContent('Speed 1.1');
  });
});
