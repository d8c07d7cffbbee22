import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import { makePreferences } from '../../../test/fixtures.ts';
import { PreferenceErrorAlert } from '../components/PreferenceErrorAlert.tsx';
import { setPreferenceError } from '../preference-errors.ts';
import { usePreferences, useUpdatePreferences } from './preferences-api.ts';

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
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ preferences: { ui: { sidebarCollapsed: true } } });
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
