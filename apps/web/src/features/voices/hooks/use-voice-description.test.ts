import { describe, expect, it } from 'vitest';
import tr from '../../../locales/tr.json';
import { parseCatalogueDescription } from './use-voice-description.ts';

describe('catalogue voice descriptions', () => {
  it('split into style, who and uses', () => {
    expect(parseCatalogueDescription('Warm, expressive female voice in Georgian, for narration and culture content.')).toEqual({
      styles: ['warm', 'expressive'],
      who: 'female',
      uses: ['narration', 'culture content'],
    });
    expect(parseCatalogueDescription('Solemn, measured senior male voice in Latin, for classical texts and history.')?.who).toBe('senior male');
    expect(parseCatalogueDescription('My own narrator for podcasts')).toBeNull();
  });

  it('has a Turkish word for every style and use the catalogue describes voices with', async () => {
    const { VOICE_CATALOGUE } = await import('@sound-studio/audio/voices');
    const parts = VOICE_CATALOGUE.map((voice) => parseCatalogueDescription(voice.description));
    expect(parts.every((part) => part !== null)).toBe(true);
    for (const part of parts) {
      for (const style of part?.styles ?? []) expect(tr.voices.descriptionParts.styles, style).toHaveProperty([style]);
      for (const use of part?.uses ?? []) expect(tr.voices.descriptionParts.uses, use).toHaveProperty([use]);
      expect(tr.voices.descriptionParts.who, part?.who).toHaveProperty([part?.who ?? '']);
    }
  });
});
