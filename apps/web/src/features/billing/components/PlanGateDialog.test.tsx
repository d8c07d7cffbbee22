import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api/index.ts';
import { errorReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import { PlanGateDialog } from './PlanGateDialog.tsx';

/** Some page's call, made the usual way; the dialog must hear its failure without the page passing it on. */
function MusicButton() {
  return (
    <button type="button" onClick={() => void api.post('/music/generate', { prompt: 'jazz' }).catch(() => {})}>
      Generate
    </button>
  );
}

function gated(details: Record<string, unknown>) {
  stubFetch({ 'POST /music/generate': () => errorReply(403, 'FEATURE_NOT_IN_PLAN', 'Music generation is not in your plan', details) });
}

describe('PlanGateDialog', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('names the feature and the plan of any call refused with FEATURE_NOT_IN_PLAN, and links to the pricing page', async () => {
    gated({ feature: 'musicGeneration', plan: 'free', upgradeUrl: '/pricing' });
    const { router } = renderWithProviders(
      <>
        <MusicButton />
        <PlanGateDialog />
      </>,
      { path: '/music' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(dialog).toHaveTextContent('Music generation is not included in your Free plan. Upgrade to unlock it.');
    await user.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(router.state.location.pathname).toBe('/pricing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with "Not now" and opens again on the next refusal', async () => {
    gated({ feature: 'voiceCloning', plan: 'starter', upgradeUrl: '/pricing' });
    renderWithProviders(
      <>
        <MusicButton />
        <PlanGateDialog />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Voice cloning is not included in your Starter plan.');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Turkish and keeps the /tr prefix; an outside upgrade link is replaced by our pricing page', async () => {
    await setupI18n('tr');
    gated({ feature: 'voiceIsolator', plan: 'free', upgradeUrl: 'https://evil.example/pricing' });
    renderWithProviders(
      <>
        <MusicButton />
        <PlanGateDialog />
      </>,
      { path: '/tr/voice-isolator' },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Planınızı yükseltin' });
    expect(dialog).toHaveTextContent('Ses ayırıcı özelliği Ücretsiz planınıza dahil değil. Kullanmak için planınızı yükseltin.');
    expect(screen.getByRole('link', { name: 'Planı yükselt' })).toHaveAttribute('href', '/tr/pricing');
  });

  it('leaves other errors, and gates without readable details, to their callers', async () => {
    gated({ feature: 'teleportation' });
    renderWithProviders(
      <>
        <MusicButton />
        <PlanGateDialog />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
