import { DEFAULT_VOICE_NAME, VOICE_LIBRARY_LANGUAGES } from '@sound-studio/shared';
import { describe, expect, it } from 'vitest';
import { MOODS } from '../speech/types.ts';
import { voiceArtworkDataUri, voiceArtworkSvg } from './artwork.ts';
import { catalogueLanguages, DEFAULT_VOICE, defaultMoodOf, getVoice, listVoices, resolveVoice } from './catalogue.ts';
import { getSpeechLanguage } from './languages.ts';
import { voicePreviewRequest } from './preview.ts';
import { VOICE_ACCENTS, VOICE_AGES, VOICE_GENDERS } from './types.ts';

const voices = listVoices();

describe('voice catalogue', () => {
  it('has at least 100 voices in at least 50 languages, including the six UI languages', () => {
    expect(voices.length).toBeGreaterThanOrEqual(100);
    expect(catalogueLanguages().length).toBeGreaterThanOrEqual(50);
    expect(catalogueLanguages()).toEqual(expect.arrayContaining(['en', 'tr', 'es', 'fr', 'de', 'it']));
  });

  it('speaks exactly the languages the shared list names (the web app names them from it)', () => {
    expect([...new Set(voices.map((voice) => voice.language))].sort()).toEqual([...VOICE_LIBRARY_LANGUAGES].sort());
  });

  it('has unique, stable, URL-safe ids and unique names', () => {
    const ids = voices.flatMap((voice) => [voice.id, ...voice.moods.map((mood) => mood.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id))).toBe(true);
    expect(new Set(voices.map((voice) => voice.name.toLowerCase())).size).toBe(voices.length);
    // Published ids must never change.
    expect(['en-us-radiant-girl', 'en-gb-oliver', 'tr-elif', 'es-lucia', 'fr-fr-camille', 'de-lukas', 'it-giulia', 'ja-yui'].every(
      (id) => getVoice(id) !== undefined,
    )).toBe(true);
  });

  it('makes Radiant Girl the default: a young, female, American English group voice', () => {
    expect(DEFAULT_VOICE).toMatchObject({
      id: 'en-us-radiant-girl',
      name: DEFAULT_VOICE_NAME,
      gender: 'female',
      age: 'young',
      language: 'en',
      accent: 'american',
      isGroup: true,
      isDefault: true,
    });
    expect(voices.filter((voice) => voice.isDefault)).toHaveLength(1);
    expect(defaultMoodOf(DEFAULT_VOICE)).toBe(DEFAULT_VOICE.moods[0]?.mood);
  });

  it('uses only valid enumerations, with accents only (and always) on American, British and Australian English', () => {
    for (const voice of voices) {
      expect(VOICE_GENDERS).toContain(voice.gender);
      expect(VOICE_AGES).toContain(voice.age);
    }
    const accentLocales = ['en-US', 'en-GB', 'en-AU'];
    const unaccented = voices.filter((voice) => accentLocales.includes(voice.locale) && voice.accent === undefined);
    expect(unaccented.map((voice) => voice.id)).toEqual([]);
    const accented = voices.filter((voice) => voice.accent !== undefined);
    expect(accented.length).toBeGreaterThan(0);
    for (const voice of accented) {
      expect(VOICE_ACCENTS).toContain(voice.accent);
      expect(voice.language).toBe('en');
    }
    for (const accent of VOICE_ACCENTS) expect(voices.some((voice) => voice.accent === accent)).toBe(true);
    for (const gender of VOICE_GENDERS) expect(voices.some((voice) => voice.gender === gender)).toBe(true);
    for (const age of VOICE_AGES) expect(voices.some((voice) => voice.age === age)).toBe(true);
  });

  it('gives every voice a description, an engine mapping and a preview in its own language', () => {
    for (const voice of voices) {
      expect(voice.description.length).toBeGreaterThan(30);
      expect(voice.engine.espeakVoice).toBe(getSpeechLanguage(voice.locale).espeakVoice);
      expect(voice.engine.variant).toMatch(/^\S+$/);
      expect(voice.previewText.trim().length).toBeGreaterThan(10);
    }
    const scriptOf = (id: string): string => getVoice(id)?.previewText ?? '';
    expect(scriptOf('ru-anastasia')).toMatch(/\p{Script=Cyrillic}/u);
    expect(scriptOf('el-nikos')).toMatch(/\p{Script=Greek}/u);
    expect(scriptOf('ar-layla')).toMatch(/\p{Script=Arabic}/u);
    expect(scriptOf('ja-yui')).toMatch(/\p{Script=Hiragana}/u);
    expect(scriptOf('hi-priya')).toMatch(/\p{Script=Devanagari}/u);
    expect(scriptOf('tr-elif')).toMatch(/[ığşçöü]/);
  });

  it('gives grouped voices valid moods, each with its own preview', () => {
    const groups = voices.filter((voice) => voice.isGroup);
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const group of groups) {
      expect(group.moods.length).toBeGreaterThan(1);
      expect(group.moods.every((option) => MOODS.includes(option.mood) && option.id === `${group.id}-${option.mood}`)).toBe(true);
    }
    const radiant = DEFAULT_VOICE.moods.map((option) => option.previewText);
    expect(new Set(radiant).size).toBe(radiant.length);
    expect(voices.filter((voice) => !voice.isGroup).every((voice) => voice.moods.length === 0)).toBe(true);
  });

  it('resolves ids, names (as the spec’s generate call sends for groups) and mood ids', () => {
    expect(resolveVoice('en-us-radiant-girl')?.voice).toBe(DEFAULT_VOICE);
    expect(resolveVoice('radiant girl')?.voice).toBe(DEFAULT_VOICE);
    expect(resolveVoice('en-us-radiant-girl-calm')).toEqual({ voice: DEFAULT_VOICE, mood: 'calm' });
    expect(resolveVoice('nobody')).toBeUndefined();
  });

  it('builds preview requests per voice and per mood', () => {
    expect(voicePreviewRequest(DEFAULT_VOICE, 'sad')).toMatchObject({
      voice: 'en-us-radiant-girl',
      mood: 'sad',
      text: DEFAULT_VOICE.moods.find((option) => option.mood === 'sad')?.previewText,
      speed: 1,
      pitch: 0,
      volume: 1,
    });
    const turkish = getVoice('tr-emre');
    expect(turkish && voicePreviewRequest(turkish)).toMatchObject({ text: turkish?.previewText, mood: 'neutral' });
  });
});

describe('voice artwork', () => {
  it('is a deterministic SVG per id, different between voices', () => {
    const svg = voiceArtworkSvg('en-us-radiant-girl');
    expect(svg).toBe(voiceArtworkSvg('en-us-radiant-girl'));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/<linearGradient id="bg-[a-z0-9]+"/);
    const all = new Set(voices.map((voice) => voiceArtworkSvg(voice.id)));
    expect(all.size).toBe(voices.length);
    expect(voiceArtworkDataUri('tr-elif')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
