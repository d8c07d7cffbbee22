import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '@sound-studio/shared';
import { makePreferences } from '../../test/fixtures.ts';
import { okReply, renderWithProviders, setupI18n, stubFetch } from '../../test/render.tsx';
import { useSavedLanguage } from './use-saved-language.ts';

function SavesLanguage() {
  useSavedLanguage();
  return <p>studio</p>;
}

/** Renders the hook in `language` with `saved` as the account's saved language; returns the preference writes so far. */
async function renderWithSaved(language: 'en' | 'tr', saved: Preferences['ui']['language']) {
  await setupI18n(language);
  const base = makePreferences();
  const preferences: Preferences = { ...base, ui: { ...base.ui, ...(saved ? { language: saved } : {}) } };
  const { calls } = stubFetch({
    'GET /preferences': () => okReply({ preferences }),
    'PUT /preferences': ({ body }) => okReply({ preferences: { ...preferences, ui: { ...preferences.ui, ...(body as { preferences: Partial<Preferences> }).preferences.ui } } }),
  });
  const { queryClient } = renderWithProviders(<SavesLanguage />);
  await waitFor(() => expect(queryClient.getQueryCache().getAll().map((query) => query.state.status)).toEqual(['success']));
  // The effect runs on the reply; a write it starts reaches fetch within a few ticks (the next tests see one).
  await new Promise((resolve) => setTimeout(resolve, 50));
  return () => calls.filter((call) => call.method === 'PUT');
}

describe('useSavedLanguage', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await setupI18n('en');
  });

  it('writes nothing for an account in English that saved no language (the server takes none as English)', async () => {
    expect((await renderWithSaved('en', undefined))()).toEqual([]);
  });

  it('saves Turkish for an account that saved none', async () => {
    const writes = await renderWithSaved('tr', undefined);
    await waitFor(() => expect(writes().length).toBeGreaterThan(0));
    expect(writes().map((call) => [call.path, call.body])).toEqual([['/preferences', { preferences: { ui: { language: 'tr' } } }]]);
  });

  it('saves English over a saved Turkish', async () => {
    const writes = await renderWithSaved('en', 'tr');
    await waitFor(() => expect(writes().length).toBeGreaterThan(0));
    expect(writes().map((call) => call.body)).toEqual([{ preferences: { ui: { language: 'en' } } }]);
  });

  it('writes nothing when the saved language is the one in use', async () => {
    expect((await renderWithSaved('tr', 'tr'))()).toEqual([]);
  });
});
