import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_MAX_LENGTH } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makeGeneration, makePreferences } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { TextToSpeechPage } from './TextToSpeechPage.tsx';

const ttsReply = () => okReply({ audioUrl: '/api/tts/audio/g1.mp3?sig=1', generation: makeGeneration('g1', { text: 'Hello there' }), credits: 989 });

async function renderPage(routes: Parameters<typeof renderInStudio>[1] extends infer O ? (O extends { routes?: infer R } ? R : never) : never = {}, path = '/text-to-speech') {
  const rendered = renderInStudio(<TextToSpeechPage />, { path, routes });
  await screen.findByTestId('voice-card');
  return rendered;
}

describe('TextToSpeechPage', () => {
  beforeEach(async () => {
    await setupI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('counts characters as "n / 5,000" and words, and caps the text at 5000', async () => {
    await renderPage();
    const editor = screen.getByLabelText('Text');
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('0 / 5,000 · 0 words');
    await userEvent.setup().type(editor, 'Hello  brave new world');
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('22 / 5,000 · 4 words');
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Cost: 22 credits');
    fireEvent.change(editor, { target: { value: 'a'.repeat(TEXT_MAX_LENGTH + 50) } });
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('5,000 / 5,000 · 1 word');
    expect(editor).toHaveAttribute('maxLength', String(TEXT_MAX_LENGTH));
  });

  it('formats the counter for Turkish', async () => {
    await setupI18n('tr');
    await renderPage();
    fireEvent.change(screen.getByLabelText('Metin'), { target: { value: 'a'.repeat(1234) } });
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('1.234 / 5.000 · 1 kelime');
  });

  it('keeps Create disabled without text, says why, and enables it with text and a voice', async () => {
    await renderPage();
    const create = screen.getByTestId('tts-create');
    expect(create).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), '   ');
    expect(create).toBeDisabled();
    expect(screen.getByTestId('tts-validation')).toHaveTextContent('Please enter text and select voice');
    await user.type(screen.getByLabelText('Text'), 'Hi');
    expect(create).toBeEnabled();
    expect(screen.queryByTestId('tts-validation')).toBeNull();
  });

  it('sends text, voice, sliders, language and model, plays the result and offers the download', async () => {
    const { calls, audio } = await renderPage({ 'POST /voices/generate-tts': ttsReply, 'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x') });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello there');
    await user.click(screen.getByTestId('tts-create'));
    await screen.findByTestId('tts-download');
    expect(calls.find((call) => call.path === '/voices/generate-tts')?.body).toEqual({
      text: 'Hello there',
      voiceId: 'en-us-radiant-girl',
      speed: 1,
      pitch: 0,
      volume: 1,
      language: 'en',
      model: 'speech-2.5-hd-preview',
    });
    expect(audio.getAttribute('src')).toBe('/api/tts/audio/g1.mp3?sig=1');
    expect(audio.paused).toBe(false);
  });

  it('offers SRT and WebVTT captions of the generation beside the MP3, named like it', async () => {
    const { calls } = await renderPage({
      'POST /voices/generate-tts': ttsReply,
      'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      'GET /tts/history/g1/captions.srt': () => new Response('1\n00:00:00,100 --> 00:00:01,000\nHello there\n', { headers: { 'content-type': 'application/x-subrip' } }),
      'GET /tts/history/g1/captions.vtt': () => new Response('WEBVTT\n', { headers: { 'content-type': 'text/vtt' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:captions');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello there');
    await user.click(screen.getByTestId('tts-create'));
    await user.click(await screen.findByRole('button', { name: 'Download captions (SRT)' }));
    await user.click(screen.getByRole('button', { name: 'Download captions (WebVTT)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.map((call) => call.path).filter((path) => path.includes('captions'))).toEqual([
      '/tts/history/g1/captions.srt',
      '/tts/history/g1/captions.vtt',
    ]);
    expect(saved[0]).toMatch(/\.srt$/);
    expect(saved[1]).toBe(saved[0]?.replace(/\.srt$/, '.vtt'));
  });

  it('highlights the word being heard as the generation plays', async () => {
    const timings = {
      text: 'Hello there',
      durationSeconds: 1,
      words: [
        { text: 'Hello', textStart: 0, textEnd: 5, start: 0.05, end: 0.4 },
        { text: 'there', textStart: 6, textEnd: 11, start: 0.4, end: 0.9 },
      ],
    };
    const { audio } = await renderPage({
      'POST /voices/generate-tts': ttsReply,
      'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      'GET /tts/history/g1/timings': () => okReply(timings),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello there');
    await user.click(screen.getByTestId('tts-create'));
    const words = await screen.findByTestId('tts-spoken-words');
    expect(words).toHaveTextContent('Hello there');
    const heardAt = (seconds: number) => {
      Object.defineProperty(audio, 'currentTime', { configurable: true, value: seconds });
      fireEvent(audio, new Event('timeupdate'));
    };
    heardAt(0.5);
    await waitFor(() => expect(words.querySelector('[data-current]')).toHaveTextContent('there'));
    heardAt(0.1);
    await waitFor(() => expect(words.querySelector('[data-current]')).toHaveTextContent('Hello'));
  });

  it("sends a grouped voice's name and its first mood", async () => {
    const { calls } = await renderPage({
      'GET /preferences': () => okReply({ preferences: makePreferences({ selectedVoiceId: 'en-us-story-group' }) }),
      'POST /voices/generate-tts': ttsReply,
      'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
    });
    await waitFor(() => expect(screen.getByTestId('selected-voice-name')).toHaveTextContent('Storyteller'));
    expect(screen.getByLabelText('Mood')).toHaveTextContent('Calm');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Once');
    await user.click(screen.getByTestId('tts-create'));
    await screen.findByTestId('tts-download');
    expect(calls.find((call) => call.path === '/voices/generate-tts')?.body).toMatchObject({ voiceId: 'Storyteller', mood: 'calm' });
  });

  it.each([
    [errorReply(500, 'INTERNAL_ERROR', 'Engine exploded'), 'Engine exploded'],
    [new Response('bad gateway', { status: 502 }), 'bad gateway'],
    [errorReply(400, 'VALIDATION_ERROR', 'Please enter text and select voice'), 'Please enter text and select voice'],
  ])('shows the failure in an in-app alert (%#)', async (reply, message) => {
    await renderPage({ 'POST /voices/generate-tts': () => reply });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello');
    await user.click(screen.getByTestId('tts-create'));
    const alert = await screen.findByTestId('generation-failure');
    expect(alert).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('generation-failure')).toBeNull());
  });

  it("says 'Speech generation failed' when the request never got an answer", async () => {
    await renderPage({ 'POST /voices/generate-tts': () => Promise.reject(new TypeError('offline')) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello');
    await user.click(screen.getByTestId('tts-create'));
    expect(await screen.findByTestId('generation-failure')).toHaveTextContent('Speech generation failed');
  });

  it('goes to the redirect of INSUFFICIENT_CREDITS, or to pricing', async () => {
    const { router } = await renderPage({
      'POST /voices/generate-tts': () => errorReply(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { redirectUrl: '/pricing?reason=credits', required: 5, available: 0 }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello');
    await user.click(screen.getByTestId('tts-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(router.state.location.search).toBe('?reason=credits');
  });

  it('selects the voice of ?voiceId= once and removes it from the address', async () => {
    const { calls, router } = await renderPage(
      { 'PUT /preferences/voice/selected': () => okReply({ preferences: makePreferences({ selectedVoiceId: 'tr-tr-deniz' }) }) },
      '/text-to-speech?voiceId=tr-tr-deniz',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('selected-voice-name')).toHaveTextContent('Deniz');
    expect(screen.getByLabelText('Language')).toHaveTextContent('Turkish');
    expect(calls.filter((call) => call.path === '/preferences/voice/selected')).toHaveLength(1);
  });

  it('saves slider moves once after a pause and rolls back with "Failed to update settings"', async () => {
    const { calls } = await renderPage({ 'PUT /preferences/voice/settings': () => errorReply(500, 'INTERNAL_ERROR', 'Database down') });
    const speed = screen.getByRole('slider', { name: 'Speed' });
    const user = userEvent.setup();
    await user.click(speed);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('tts-speed-value')).toHaveTextContent('1.2');
    expect(calls.filter((call) => call.path === '/preferences/voice/settings')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('preference-error')).toHaveTextContent('Failed to update settings: Database down'));
    expect(calls.filter((call) => call.path === '/preferences/voice/settings').map((call) => call.body)).toEqual([{ speed: 1.2 }]);
    expect(screen.getByTestId('tts-speed-value')).toHaveTextContent('1');
  });
});
