import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makeTrack } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import en from '../../../locales/en-studio.json';
import { PromptPanel } from './PromptPanel.tsx';

const SAMPLES = Object.values(en.music.samples);
const costReply = ({ body }: { body: unknown }) => {
  const { duration } = body as { duration: number };
  return okReply({ cost: (duration / 30) * 200, balance: 9600 });
};

function renderPanel(routes: Parameters<typeof renderInStudio>[1] extends infer O ? (O extends { routes?: infer R } ? R : never) : never = {}) {
  return renderInStudio(<PromptPanel modelId="music-2.0" />, {
    path: '/music',
    routes: { 'POST /music/credits/calculate': costReply, ...routes },
  });
}

function promptField() {
  return screen.getByLabelText('Prompt');
}

describe('PromptPanel', () => {
  beforeEach(async () => {
    await setupI18n('en');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts characters live and caps the prompt at 300', async () => {
    renderPanel();
    const user = userEvent.setup();
    expect(screen.getByTestId('music-counter')).toHaveTextContent('0 / 300 characters');
    await user.type(promptField(), 'Lo-fi');
    expect(screen.getByTestId('music-counter')).toHaveTextContent('5 / 300 characters');
    expect(promptField()).toHaveAttribute('maxLength', '300');
  });

  it("says 'Please enter a music prompt' for a blank prompt and sends nothing", async () => {
    const { calls } = renderPanel();
    const user = userEvent.setup();
    await user.type(promptField(), '   ');
    await user.click(screen.getByTestId('music-create'));
    expect(await screen.findByText('Please enter a music prompt')).toBeInTheDocument();
    expect(promptField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/music/generate')).toBe(false);
  });

  it('fills a random prompt from the nine samples, a different one each press', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('music-random-prompt'));
    const first = (promptField() as HTMLTextAreaElement).value;
    expect(SAMPLES).toContain(first);
    await user.click(screen.getByTestId('music-random-prompt'));
    const second = (promptField() as HTMLTextAreaElement).value;
    expect(SAMPLES).toContain(second);
    expect(second).not.toBe(first);
  });

  it('asks the cost for the default 60 s and again on each duration change, showing cost and balance', async () => {
    const { calls } = renderPanel();
    expect(await screen.findByTestId('music-cost')).toHaveTextContent('Cost: 400 credits · Balance: 9,600');
    expect(calls.find((call) => call.path === '/music/credits/calculate')?.body).toEqual({ service: 'music', duration: 60 });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('music-duration'));
    await user.click(await screen.findByRole('option', { name: '2 min' }));
    await waitFor(() => expect(screen.getByTestId('music-cost')).toHaveTextContent('Cost: 800 credits · Balance: 9,600'));
    expect(calls.filter((call) => call.path === '/music/credits/calculate').map((call) => (call.body as { duration: number }).duration)).toEqual([60, 120]);
  });

  it('offers the five durations, 1 min by default', async () => {
    renderPanel();
    expect(screen.getByTestId('music-duration')).toHaveTextContent('1 min');
    await userEvent.setup().click(screen.getByTestId('music-duration'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['30 s', '1 min', '2 min', '3 min', '4 min']);
  });

  it('ignores a failed cost calculation', async () => {
    const { calls } = renderPanel({ 'POST /music/credits/calculate': () => errorReply(500, 'INTERNAL_ERROR', 'boom') });
    await waitFor(() => expect(calls.some((call) => call.path === '/music/credits/calculate')).toBe(true));
    expect(screen.queryByTestId('music-cost')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a token: no cost call and Create stays disabled', async () => {
    localStorage.clear();
    const { calls } = renderPanel();
    expect(screen.getByTestId('music-create')).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === '/music/credits/calculate')).toBe(false);
  });

  it("Create reads 'Creating...' and is disabled while the call runs, then sends prompt, model and duration", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = renderPanel({ 'POST /music/generate': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await user.type(promptField(), ' Warm lo-fi ');
    await user.click(screen.getByTestId('music-create'));
    const button = screen.getByTestId('music-create');
    await waitFor(() => expect(button).toHaveTextContent('Creating...'));
    expect(button).toBeDisabled();
    answer(okReply(makeTrack('t1', { status: 'generating' }), 201));
    await waitFor(() => expect(button).toHaveTextContent('Create'));
    expect(button).toBeEnabled();
    expect(calls.find((call) => call.path === '/music/generate')?.body).toEqual({ prompt: 'Warm lo-fi', modelId: 'music-2.0', duration: 60 });
  });

  it('sends the lyrics in Advanced mode only', async () => {
    const { calls } = renderPanel({ 'POST /music/generate': () => okReply(makeTrack('t1', { status: 'generating' }), 201) });
    const user = userEvent.setup();
    await user.type(promptField(), 'Pop ballad');
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    expect(screen.getByText(/\[Verse\], \[Pre-Chorus\], \[Chorus\]/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lyrics'), '[[Chorus]{enter}Hold on');
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(calls.find((call) => call.path === '/music/generate')?.body).toMatchObject({ lyrics: '[Chorus]\nHold on' }));
  });

  it('goes to details.redirectUrl on INSUFFICIENT_CREDITS, or to /pricing without one', async () => {
    const { router } = renderPanel({
      'POST /music/generate': () => errorReply(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { redirectUrl: '/pricing?reason=credits', required: 400, available: 10 }),
    });
    const user = userEvent.setup();
    await user.type(promptField(), 'Jazz');
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(router.state.location.search).toBe('?reason=credits');
  });

  it('falls back to /pricing when the server names no redirect', async () => {
    const { router } = renderPanel({ 'POST /music/generate': () => errorReply(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits') });
    const user = userEvent.setup();
    await user.type(promptField(), 'Jazz');
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('shows the rejected-prompt text and resets Create', async () => {
    renderPanel({ 'POST /music/generate': () => errorReply(400, 'VALIDATION_ERROR', 'Prompt was rejected. Please try with a different prompt.') });
    const user = userEvent.setup();
    await user.type(promptField(), 'Something odd');
    await user.click(screen.getByTestId('music-create'));
    expect(await screen.findByTestId('music-error')).toHaveTextContent('Prompt was rejected. Please try with a different prompt.');
    expect(screen.getByTestId('music-create')).toHaveTextContent('Create');
    expect(screen.getByTestId('music-create')).toBeEnabled();
  });

  it("shows another server message as it is, and 'Failed to generate music. Please try again.' for an unknown failure", async () => {
    let reply: () => Response | Promise<Response> = () => errorReply(503, 'SERVICE_UNAVAILABLE', 'The music engine is busy. Try again in a minute.');
    renderPanel({ 'POST /music/generate': () => reply() });
    const user = userEvent.setup();
    await user.type(promptField(), 'Jazz');
    await user.click(screen.getByTestId('music-create'));
    expect(await screen.findByTestId('music-error')).toHaveTextContent('The music engine is busy. Try again in a minute.');
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByTestId('music-create'));
    await waitFor(() => expect(screen.getByTestId('music-error')).toHaveTextContent('Failed to generate music. Please try again.'));
  });

  it('speaks Turkish', async () => {
    await setupI18n('tr');
    renderPanel();
    expect(screen.getByTestId('music-counter')).toHaveTextContent('0 / 300 karakter');
    expect(screen.getByTestId('music-create')).toHaveTextContent('Oluştur');
    expect(await screen.findByTestId('music-cost')).toHaveTextContent('Maliyet: 400 kredi · Bakiye: 9.600');
    await setupI18n('en');
  });
});
