import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoiceDesignPreview } from '@sound-studio/shared';
import { makeVoice } from '../../../test/fixtures.ts';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { VoiceDesignPage } from './VoiceDesignPage.tsx';

function preview(id: string, overrides: Partial<VoiceDesignPreview['params']> = {}): VoiceDesignPreview {
  return {
    previewId: id,
    audioUrl: `/api/media/design/${id}.mp3?sig=x`,
    params: { gender: 'male', age: 'senior', pitch: -0.4, rate: 0.9, language: 'en-GB', accent: 'british', variant: 'm3', keywords: ['warm', 'older'], ...overrides },
  };
}

const PREVIEWS = [preview('p1'), preview('p2', { pitch: -0.2 }), preview('p3', { rate: 1 })];
const SLOTS = { used: 1, total: 3 };
const saved = makeVoice('custom-new', 'Evening narrator', { category: 'custom' });

function routes(extra: Parameters<typeof renderInStudio>[1] extends infer O ? (O extends { routes?: infer R } ? R : never) : never = {}) {
  return {
    'GET /voices/mine': () => okReply({ voices: [], slots: SLOTS }),
    'POST /voice-design/previews': () => okReply({ previews: PREVIEWS }),
    ...extra,
  };
}

describe('VoiceDesignPage', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the real slots; a preset chip fills the description; blank fields are refused before any call', async () => {
    const { calls } = renderInStudio(<VoiceDesignPage />, { routes: routes() });
    expect(await screen.findByTestId('voice-slots')).toHaveTextContent('2 / 3');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Preview text'));
    await user.click(screen.getByTestId('design-generate'));
    expect(screen.getByText('Please describe the voice')).toBeInTheDocument();
    expect(screen.getByText('Please enter a preview text')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/voice-design/previews')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Warm narrator' }));
    expect(screen.getByLabelText('Voice description')).toHaveValue('A warm, low-voiced older man, slow and calm, like a documentary narrator.');
  });

  it('generates three candidates with what was understood, saves the chosen one and links to text to speech', async () => {
    const { calls } = renderInStudio(<VoiceDesignPage />, {
      routes: routes({ 'POST /voice-design/voices': () => okReply({ voice: saved, slots: { used: 2, total: 3 }, match: null }) }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'British storyteller' }));
    await user.click(screen.getByTestId('design-generate'));
    const cards = await screen.findAllByTestId('design-candidate');
    expect(cards).toHaveLength(3);
    expect(calls.find((call) => call.path === '/voice-design/previews')?.body).toEqual({
      description: 'A gentle, middle-aged British woman reading a bedtime story, soft and slow.',
      previewText: 'Every voice tells a story. Here is how mine sounds when I read a few lines for you.',
    });
    expect(within(cards[0]!).getByText('Male')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('British')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Pitch -0.4')).toBeInTheDocument();
    await user.click(within(cards[1]!).getByTestId('choose-candidate'));
    await user.type(screen.getByLabelText('Name the chosen voice'), 'Evening narrator');
    await user.click(screen.getByTestId('design-save'));
    expect(await screen.findByTestId('custom-voice-result')).toHaveTextContent('Evening narrator');
    expect(calls.find((call) => call.path === '/voice-design/voices')?.body).toEqual({ previewId: 'p2', name: 'Evening narrator' });
    expect(screen.getByTestId('use-in-tts')).toHaveAttribute('href', '/text-to-speech?voiceId=custom-new');
  });

  it('says when no voice slots are left, with a way to the plans', async () => {
    renderInStudio(<VoiceDesignPage />, {
      routes: routes({ 'POST /voice-design/voices': () => errorReply(409, 'CONFLICT', 'No voice slots left') }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Voice description'), 'A calm voice');
    await user.click(screen.getByTestId('design-generate'));
    await screen.findAllByTestId('design-candidate');
    await user.type(screen.getByLabelText('Name the chosen voice'), 'Calm');
    await user.click(screen.getByTestId('design-save'));
    expect(await screen.findByTestId('no-slots')).toHaveTextContent('No voice slots left. Delete a voice or upgrade your plan.');
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });

  it('warns before saving when every slot is taken', async () => {
    renderInStudio(<VoiceDesignPage />, { routes: routes({ 'GET /voices/mine': () => okReply({ voices: [], slots: { used: 3, total: 3 } }) }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Voice description'), 'A calm voice');
    await user.click(screen.getByTestId('design-generate'));
    await screen.findAllByTestId('design-candidate');
    expect(screen.getByTestId('voice-slots')).toHaveTextContent('0 / 3');
    expect(screen.getByTestId('no-slots')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage my voices' })).toHaveAttribute('href', '/voice-library');
  });

  it.each([
    { language: 'en', label: 'Voice description', shown: 'Description is too long' },
    { language: 'tr', label: 'Ses tarifi', shown: 'Açıklama çok uzun' },
  ] as const)("shows the server's refusal of the description in the interface language ($language)", async ({ language, label, shown }) => {
    if (language === 'tr') await setupI18n('tr');
    renderInStudio(<VoiceDesignPage />, {
      routes: routes({ 'POST /voice-design/previews': () => errorReply(400, 'VALIDATION_ERROR', 'Description is too long') }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(label), 'Too much');
    await user.click(screen.getByTestId('design-generate'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(shown));
  });
});
