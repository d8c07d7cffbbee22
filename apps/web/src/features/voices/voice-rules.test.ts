import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, RECENT_VOICES_MAX } from '@sound-studio/shared';
import { TEST_VOICES } from '../../test/fixtures.ts';
import { applyFavorite, applySelection } from '../preferences/index.ts';
import { EMPTY_FILTERS, filterVoices, languagesOf, resolveSelectedVoice, speechVoiceId, type VoiceScope } from './voice-rules.ts';

const library: VoiceScope = { tab: 'library', favoriteIds: [], selectedId: null };
const names = (voices: { name: string }[]) => voices.map((voice) => voice.name);

describe('voice filters', () => {
  it('library shows the catalogue, my voices the custom ones, collected the favourites, selected the one in use', () => {
    expect(names(filterVoices(TEST_VOICES, EMPTY_FILTERS, library))).not.toContain('My Clone');
    expect(names(filterVoices(TEST_VOICES, EMPTY_FILTERS, { ...library, tab: 'myVoices' }))).toEqual(['My Clone']);
    expect(names(filterVoices(TEST_VOICES, EMPTY_FILTERS, { ...library, tab: 'collected', favoriteIds: ['tr-tr-deniz'] }))).toEqual(['Deniz']);
    expect(names(filterVoices(TEST_VOICES, EMPTY_FILTERS, { ...library, tab: 'selected', selectedId: 'de-de-lukas' }))).toEqual(['Lukas']);
  });

  it('applies language, accent, gender and age together', () => {
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, language: 'tr' }, library))).toEqual(['Deniz']);
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, accent: 'british' }, library))).toEqual(['Wise Narrator']);
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, gender: 'male' }, library))).toEqual(['Wise Narrator', 'Lukas']);
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, gender: 'male', age: 'child' }, library))).toEqual(['Lukas']);
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, gender: 'neutral' }, library))).toEqual(['Storyteller']);
    expect(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, language: 'tr', gender: 'male' }, library)).toEqual([]);
  });

  it('ignores an accent once a non-English language is chosen', () => {
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, language: 'de', accent: 'british' }, library))).toEqual(['Lukas']);
  });

  it('searches names, descriptions and localised language names', () => {
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, search: 'narr' }, library))).toEqual(['Wise Narrator']);
    expect(names(filterVoices(TEST_VOICES, { ...EMPTY_FILTERS, search: 'almanca' }, { ...library, languageName: (code) => (code === 'de' ? 'Almanca' : code) }))).toEqual(['Lukas']);
  });

  it('puts the selected voice first', () => {
    expect(names(filterVoices(TEST_VOICES, EMPTY_FILTERS, { ...library, selectedId: 'de-de-lukas' }))[0]).toBe('Lukas');
  });

  it('lists the languages present', () => {
    expect(languagesOf(TEST_VOICES)).toEqual(['en', 'tr', 'de']);
  });
});

describe('voice choice', () => {
  it('uses the stored voice, else the default voice, else the first', () => {
    expect(resolveSelectedVoice(TEST_VOICES, 'tr-tr-deniz')?.name).toBe('Deniz');
    expect(resolveSelectedVoice(TEST_VOICES, null)?.name).toBe('Radiant Girl');
    expect(resolveSelectedVoice(TEST_VOICES.slice(1), 'missing')?.name).toBe('Wise Narrator');
  });

  it('sends the name for grouped voices and the id otherwise', () => {
    expect(speechVoiceId(TEST_VOICES[5]!)).toBe('Storyteller');
    expect(speechVoiceId(TEST_VOICES[0]!)).toBe('en-us-radiant-girl');
  });

  it('keeps recent voices to 10, newest first, without duplicates', () => {
    let preferences = DEFAULT_PREFERENCES;
    for (let index = 0; index < 12; index += 1) preferences = applySelection(preferences, { _id: `v${index}`, name: `Voice ${index}` });
    preferences = applySelection(preferences, { _id: 'v5', name: 'Voice 5' });
    const recent = preferences.voice.recentVoices.map((entry) => entry.voiceId);
    expect(recent).toHaveLength(RECENT_VOICES_MAX);
    expect(recent[0]).toBe('v5');
    expect(new Set(recent).size).toBe(recent.length);
    expect(recent.slice(1, 4)).toEqual(['v11', 'v10', 'v9']);
    expect(preferences.voice.selectedVoiceId).toBe('v5');
    expect(preferences.voice.selectedVoice).toEqual({ _id: 'v5', name: 'Voice 5' });
  });

  it('adds and removes favourites without duplicates', () => {
    const added = applyFavorite(applyFavorite(DEFAULT_PREFERENCES, 'a', 'add'), 'a', 'add');
    expect(added.voice.favoriteVoices).toEqual(['a']);
    expect(applyFavorite(added, 'a', 'remove').voice.favoriteVoices).toEqual([]);
  });
});
