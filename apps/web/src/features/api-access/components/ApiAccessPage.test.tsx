import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, ApiKeyList } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { ApiAccessPage } from './ApiAccessPage.tsx';

const NEW_KEY = `ss_${'k'.repeat(43)}`;

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    name: 'Home Assistant',
    prefix: 'ss_AbCd1234',
    createdAt: '2030-03-01T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: '2030-03-09T08:30:00.000Z',
    revokedAt: null,
    usage: { requests: 12, credits: 3400, characters: 3400 },
    ...overrides,
  };
}

function list(items: ApiKey[], apiAccess = true): ApiKeyList {
  return { items, apiAccess };
}

describe('ApiAccessPage', () => {
  beforeEach(async () => {
    await setupI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists keys with prefix and this month’s usage, and fills the examples with this server’s URL', async () => {
    renderInStudio(<ApiAccessPage />, { routes: { 'GET /api-keys': () => okReply(list([makeKey()])) } });
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Home Assistant')).toBeInTheDocument();
    expect(within(row).getByText('ss_AbCd1234…')).toBeInTheDocument();
    expect(within(row).getByTestId('key-usage')).toHaveTextContent('This month: 12 requests · 3,400 credits');
    const curl = screen.getByTestId('example-curl');
    expect(curl).toHaveTextContent(`curl ${window.location.origin}/v1/audio/speech`);
    expect(curl).toHaveTextContent('Authorization: Bearer ss_your_key');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(screen.getByTestId('example-python')).toHaveTextContent(`OpenAI(base_url="${window.location.origin}/v1", api_key="ss_your_key")`);
    await user.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(screen.getByTestId('example-javascript')).toHaveTextContent(`baseURL: '${window.location.origin}/v1'`);
  });

  it('creates a key with a name and expiry, shows it once with copy, and puts it into the examples', async () => {
    let items: ApiKey[] = [];
    const { calls } = renderInStudio(<ApiAccessPage />, {
      routes: {
        'GET /api-keys': () => okReply(list(items)),
        'POST /api-keys': () => {
          items = [makeKey({ id: 'key-2', name: 'Bot', lastUsedAt: null, usage: { requests: 0, credits: 0, characters: 0 } })];
          return okReply({ key: NEW_KEY, apiKey: items[0] }, 201);
        },
      },
    });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByTestId('create-key'));
    expect(screen.getByText('Please name the key')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Key name'), 'Bot');
    await user.selectOptions(screen.getByLabelText('Expires'), 'In 30 days');
    await user.click(screen.getByTestId('create-key'));
    expect(await screen.findByTestId('new-key-value')).toHaveTextContent(NEW_KEY);
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api-keys')?.body as { name: string; expiresAt: string };
    expect(body.name).toBe('Bot');
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(screen.getByTestId('example-curl')).toHaveTextContent(`Bearer ${NEW_KEY}`);
    await user.click(screen.getByTestId('copy-key'));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await screen.findByText('never used', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('new-key')).not.toBeInTheDocument();
    expect(screen.getByTestId('example-curl')).toHaveTextContent('Bearer ss_your_key');
  });

  it('revokes a key after confirmation', async () => {
    let items = [makeKey()];
    const { calls } = renderInStudio(<ApiAccessPage />, {
      routes: {
        'GET /api-keys': () => okReply(list(items)),
        'DELETE /api-keys/key-1': () => {
          items = [makeKey({ revokedAt: '2030-03-10T12:00:00.000Z' })];
          return okReply(items[0]);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByTestId('revoke-dialog');
    expect(dialog).toHaveTextContent('Revoke "Home Assistant"?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('tells a plan without API access to upgrade instead of offering the form', async () => {
    renderInStudio(<ApiAccessPage />, { routes: { 'GET /api-keys': () => okReply(list([], false)) } });
    expect(await screen.findByTestId('upgrade-for-api')).toHaveTextContent('Your plan does not include API access');
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByTestId('create-key-form')).not.toBeInTheDocument();
    // The empty list would only repeat the upgrade note.
    expect(screen.queryByText('No API keys yet')).not.toBeInTheDocument();
  });

  it('still lists the keys of a plan that lost API access, and says "1 request" in the singular', async () => {
    const used = makeKey({ usage: { requests: 1, credits: 31, characters: 31 } });
    renderInStudio(<ApiAccessPage />, { routes: { 'GET /api-keys': () => okReply(list([used], false)) } });
    expect(await screen.findByTestId('key-usage')).toHaveTextContent('This month: 1 request · 31 credits');
    expect(screen.getByTestId('upgrade-for-api')).toBeInTheDocument();
  });

  it("shows the server's refusal when creating fails", async () => {
    renderInStudio(<ApiAccessPage />, {
      routes: {
        'GET /api-keys': () => okReply(list([])),
        'POST /api-keys': () => errorReply(409, 'CONFLICT', 'You can have at most 20 active API keys; revoke one first'),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'One too many');
    await user.click(screen.getByTestId('create-key'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('at most 20 active API keys'));
  });

  it('reads in Turkish', async () => {
    await setupI18n('tr');
    renderInStudio(<ApiAccessPage />, { routes: { 'GET /api-keys': () => okReply(list([makeKey()])) } });
    expect(await screen.findByTestId('key-usage')).toHaveTextContent('Bu ay: 12 istek');
    expect(screen.getByRole('button', { name: 'API anahtarı oluştur' })).toBeInTheDocument();
  });
});
