import { describe, expect, it } from 'vitest';
import { candidateVoices, moodForDesign } from './candidates.ts';
import { designFromDescription } from './parse.ts';
import { VOICE_DESIGN_PRESETS } from './presets.ts';

describe('designFromDescription', () => {
  it('reads the issue’s example in English', () => {
    const params = designFromDescription('a warm, low-voiced older man, slow and calm');
    expect(params).toMatchObject({ gender: 'male', age: 'senior', language: 'en-US', accent: 'american' });
    expect(params.pitch).toBeLessThan(-0.3);
    expect(params.rate).toBeLessThan(0.85);
    expect(params.pitchRange).toBeLessThan(0.45);
    expect(params.timbre.traits).toEqual(expect.arrayContaining(['warm', 'deep']));
    expect(params.styles).toContain('calm');
    expect(params.keywords).toEqual(['warm', 'low-voiced', 'older', 'man', 'slow', 'calm']);
  });

  it('reads the same voice in Turkish, with or without Turkish letters, and speaks Turkish', () => {
    const turkish = designFromDescription('sıcak, kalın sesli yaşlı bir adam, yavaş ve sakin');
    const ascii = designFromDescription('SICAK, KALIN SESLI YASLI BIR ADAM, YAVAS VE SAKIN');
    const english = designFromDescription('a warm, low-voiced older man, slow and calm');
    for (const params of [turkish, ascii]) {
      expect(params).toMatchObject({ gender: 'male', age: 'senior', language: 'tr', accent: null });
      expect(params.pitch).toBeCloseTo(english.pitch, 5);
      expect(params.rate).toBeCloseTo(english.rate, 5);
      expect(params.timbre.variant).toBe(english.timbre.variant);
    }
  });

  it.each([
    ['a bright young woman with a British accent', { gender: 'female', age: 'young', language: 'en-GB', accent: 'british' }],
    ['İngiliz aksanlı genç bir kadın', { gender: 'female', age: 'young', language: 'en-GB', accent: 'british' }],
    ['an Australian guy, fast and energetic', { gender: 'male', language: 'en-AU', accent: 'australian' }],
    ['Amerikan aksanlı, enerjik ve hızlı bir erkek', { gender: 'male', language: 'en-US', accent: 'american' }],
    ['a curious little child', { age: 'child', timbre: { variant: 'zac', traits: [] } }],
    ['meraklı küçük bir çocuk', { age: 'child', timbre: { variant: 'zac', traits: [] }, language: 'tr' }],
    ['a breathy whisper', { timbre: { variant: 'whisper', traits: ['breathy', 'whisper'] } }],
    ['fısıltı ile konuşan bir kadın', { gender: 'female', timbre: { variant: 'whisperf', traits: ['whisper'] } }],
    ['a raspy, gravelly old man', { gender: 'male', age: 'senior', timbre: { variant: 'grandpa', traits: ['raspy'] } }],
    ['an audiobook narrator', { styles: ['narrator'] }],
    ['anlatıcı', { styles: ['narrator'] }],
  ])('"%s"', (description, expected) => {
    expect(designFromDescription(description)).toMatchObject(expected);
  });

  it('understands intensity and negation', () => {
    const fast = designFromDescription('a fast talker').rate;
    expect(designFromDescription('a very fast talker').rate).toBeGreaterThan(fast);
    expect(designFromDescription('not too fast').rate).toBe(1);
    expect(designFromDescription('çok hızlı').rate).toBeGreaterThan(designFromDescription('hızlı').rate);
    expect(designFromDescription('hızlı değil').rate).toBe(1);
    expect(designFromDescription('high-pitched').pitch).toBeGreaterThan(0.3);
    expect(designFromDescription('yüksek sesli').pitch).toBe(0);
  });

  it('uses the caller’s language when the description names none, and ignores words it does not know', () => {
    expect(designFromDescription('a deep voice', { language: 'de' }).language).toBe('de');
    const unknown = designFromDescription('purple elephant spaceship');
    expect(unknown).toMatchObject({ gender: 'neutral', age: 'adult', pitch: 0, rate: 1, keywords: [] });
  });
});

describe('presets', () => {
  it('has five chips with English and Turkish labels whose descriptions parse to the same voice in both languages', () => {
    expect(VOICE_DESIGN_PRESETS).toHaveLength(5);
    expect(new Set(VOICE_DESIGN_PRESETS.map((preset) => preset.id)).size).toBe(5);
    for (const preset of VOICE_DESIGN_PRESETS) {
      expect(preset.label.en && preset.label.tr).toBeTruthy();
      const english = designFromDescription(preset.description.en);
      const turkish = designFromDescription(preset.description.tr);
      expect(turkish.gender).toBe(english.gender);
      expect(turkish.age).toBe(english.age);
      expect(turkish.timbre.variant).toBe(english.timbre.variant);
      expect(Math.abs(turkish.pitch - english.pitch)).toBeLessThan(0.1);
      expect(Math.abs(turkish.rate - english.rate)).toBeLessThan(0.1);
      expect(english.keywords.length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('candidateVoices', () => {
  it('makes three distinct, reproducible voices around the parameters', () => {
    const params = designFromDescription('a warm, low-voiced older man, slow and calm');
    const candidates = candidateVoices(params, 3, 42);
    expect(candidates).toHaveLength(3);
    expect(candidateVoices(params, 3, 42)).toEqual(candidates);
    expect(candidates[0]?.voice).toMatchObject({ variant: params.timbre.variant, pitchOffset: params.pitch, rateFactor: params.rate });
    const signatures = candidates.map(({ voice }) => `${voice.variant}/${voice.pitchOffset}/${voice.rateFactor}`);
    expect(new Set(signatures).size).toBe(3);
    for (const { voice, mood } of candidates) {
      expect(Math.abs((voice.pitchOffset ?? 0) - params.pitch)).toBeLessThan(0.15);
      expect(mood).toBe('calm');
    }
  });

  it('stays distinct when more candidates are asked for than variants fit (repeats are spread in pitch)', () => {
    const params = designFromDescription('a whispering woman');
    const candidates = candidateVoices(params, 8, 3);
    expect(candidates[0]?.voice.variant).toBe('whisperf');
    const signatures = candidates.map(({ voice }) => `${voice.variant}/${voice.pitchOffset}`);
    expect(new Set(signatures).size).toBe(8);
  });

  it('picks the mood whose intonation matches the liveliness', () => {
    expect(moodForDesign({ pitchRange: 0.2, styles: [] })).toBe('calm');
    expect(moodForDesign({ pitchRange: 0.5, styles: [] })).toBe('neutral');
    expect(moodForDesign({ pitchRange: 0.7, styles: [] })).toBe('happy');
    expect(moodForDesign({ pitchRange: 0.9, styles: [] })).toBe('excited');
  });
});
