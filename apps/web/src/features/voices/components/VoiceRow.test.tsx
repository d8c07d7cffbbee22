import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Voice } from '@sound-studio/shared';
import { setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { VoiceRow } from './VoiceRow.tsx';

const neuralVoice: Voice = {
  _id: 'neural-tr-tr-dfki-medium',
  name: 'Dfki',
  description: '',
  gender: 'neutral',
  age: 'adult',
  language: 'tr',
  locale: 'tr-TR',
  languageName: 'Turkish',
  accent: null,
  artwork: '/api/voices/neural-tr-tr-dfki-medium/artwork.svg',
  previewUrl: '/api/voices/neural-tr-tr-dfki-medium/preview.mp3',
  audioFile: '/api/voices/neural-tr-tr-dfki-medium/preview.mp3',
  isGroup: false,
  moods: [],
  groupId: null,
  isDefault: false,
  category: 'library',
  neural: { family: 'piper', model: 'tr_TR-dfki-medium', licence: 'CC BY-SA 4.0', quality: 'medium' },
};

describe('VoiceRow for an installed neural voice', () => {
  it.each([
    ['en', 'Neural', 'Licence: CC BY-SA 4.0'],
    ['tr', 'Nöral', 'Lisans: CC BY-SA 4.0'],
  ] as const)('shows the Neural badge and the licence (%s)', async (language, badge, licence) => {
    await setupI18n(language);
    renderInStudio(<ul><VoiceRow voice={neuralVoice} selected={false} languageName={() => 'Turkish'} renderAction={() => null} /></ul>);
    const row = screen.getByTestId('voice-row');
    expect(within(row).getByTestId('neural-badge')).toHaveTextContent(badge);
    expect(row).toHaveTextContent(licence);
  });

  it('shows no badge for a catalogue voice', async () => {
    await setupI18n('en');
    const { neural: _neural, ...plain } = neuralVoice;
    renderInStudio(<ul><VoiceRow voice={plain} selected={false} languageName={() => 'Turkish'} renderAction={() => null} /></ul>);
    expect(screen.queryByTestId('neural-badge')).toBeNull();
  });
});

describe('VoiceRow for an upstream provider voice', () => {
  const { neural: _neural, ...base } = neuralVoice;
  const upstreamVoice: Voice = {
    ...base,
    _id: 'upstream:eleven:21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    previewUrl: '',
    audioFile: '',
    upstream: { provider: 'eleven', label: 'ElevenLabs', creditsPerCharacter: 3, takes: ['speed'] },
  };

  it.each([
    ['en', 'A voice of ElevenLabs, a speech provider this studio is connected to'],
    ['tr', 'Bu stüdyonun bağlı olduğu konuşma sağlayıcısı ElevenLabs üzerinden bir ses'],
  ] as const)('shows the provider name as a badge, explained in the hint, and no preview button (%s)', async (language, hint) => {
    await setupI18n(language);
    renderInStudio(<ul><VoiceRow voice={upstreamVoice} selected={false} languageName={() => 'English'} renderAction={() => null} /></ul>);
    const badge = within(screen.getByTestId('voice-row')).getByTestId('provider-badge');
    expect(badge).toHaveTextContent('ElevenLabs');
    expect(badge).toHaveAttribute('title', hint);
    expect(screen.queryByTestId('voice-preview')).toBeNull();
  });
});
