import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_FAILURE_MESSAGES,
  FILE_FAILURE_TEMPLATES,
  matchFileFailureTemplate,
  PLAN_FEATURE_REFUSALS,
  PROCESSING_FAILURE_MESSAGES,
  VOICE_LAB_FORM_MESSAGES,
} from '@sound-studio/shared';
import { setupI18n } from '../test/render.tsx';
import tr from '../locales/tr.json';
import { useTranslateMessage } from './i18n.ts';

/** Every upload and document message the server sends with values in it, as the server words it. */
const TEMPLATED_MESSAGES: [english: string, turkish: string][] = [
  ['The WAV file is damaged: the data chunk is missing', 'WAV dosyası hasarlı ve okunamadı'],
  ['The file looks like MP3 but could not be decoded', 'Dosya MP3 gibi görünüyor ancak çözülemedi'],
  ['The decoder crashed on this OGG file', 'Ses çözücü bu OGG dosyasında çöktü'],
  ['Decoding took longer than 30000 ms and was stopped', 'Ses çözme 30.000 milisaniyeden uzun sürdü ve durduruldu'],
  ['The audio is 3.0 s long; it must be at least 5 s', 'Ses 3,0 saniye uzunluğunda; en az 5 saniye olmalı'],
  ['The audio is 612.4 s long; the limit is 600 s', 'Ses 612,4 saniye uzunluğunda; sınır 600 saniye'],
  ['The audio is longer than 600 s; the limit is 600 s', 'Ses 600 saniyeden uzun; sınır 600 saniye'],
  ['The file is 512.3 MB; the limit is 500.0 MB', 'Dosya 512,3 MB; sınır 500,0 MB'],
  ['The file is too large (max 50 MB)', 'Dosya çok büyük (en fazla 50 MB)'],
  ['"me.wav" is 4.2 s long; samples need at least 10 s', '"me.wav" 4,2 saniye uzunluğunda; örnekler en az 10 saniye olmalı'],
  ['Sample 2 is 4.2 s long; samples need at least 10 s', '2. örnek 4,2 saniye uzunluğunda; örnekler en az 10 saniye olmalı'],
  ['"me.wav" is 75.0 s long; samples may be at most 60 s', '"me.wav" 75,0 saniye uzunluğunda; örnekler en fazla 60 saniye olabilir'],
  ['Sample 3 is 75.0 s long; samples may be at most 60 s', '3. örnek 75,0 saniye uzunluğunda; örnekler en fazla 60 saniye olabilir'],
  ['"me.wav" is larger than 20 MB', '"me.wav" 20 MB\'tan büyük'],
  ['Sample 1 is larger than 20 MB', "1. örnek 20 MB'tan büyük"],
  ['At most 10 samples can be used', 'En fazla 10 örnek kullanılabilir'],
  ['At most 10 samples can be used; 12 were given', 'En fazla 10 örnek kullanılabilir; 12 örnek gönderildi'],
  ['The recording is 312.4 s long; the limit is 300 s (5 minutes)', 'Kayıt 312,4 saniye uzunluğunda; sınır 300 saniye (5 dakika)'],
];

/** The fixed sentences of uploads, voice lab work, speech and plan features, each with its locale key. */
const FIXED_MESSAGES = { ...FILE_FAILURE_MESSAGES, ...PROCESSING_FAILURE_MESSAGES, ...VOICE_LAB_FORM_MESSAGES, ...PLAN_FEATURE_REFUSALS };

describe('the templated messages above', () => {
  it('include an example of every template, so each English text is checked against the server sentence', () => {
    const covered = new Set(TEMPLATED_MESSAGES.map(([english]) => matchFileFailureTemplate(english)?.key));
    expect(FILE_FAILURE_TEMPLATES.map(({ key }) => key).filter((key) => !covered.has(key))).toEqual([]);
  });
});

function translator() {
  return renderHook(() => useTranslateMessage()).result.current;
}

describe('useTranslateMessage in Turkish', () => {
  beforeAll(() => setupI18n('tr'));
  afterAll(() => setupI18n('en'));

  it('translates every fixed upload, document, voice lab, speech and plan-feature sentence', () => {
    const translate = translator();
    for (const [key, english] of Object.entries(FIXED_MESSAGES) as [keyof typeof FIXED_MESSAGES, string][]) {
      expect(translate(english), key).toBe(tr.serverMessages[key]);
    }
  });

  it('translates messages with values, in Turkish number style', () => {
    const translate = translator();
    for (const [english, turkish] of TEMPLATED_MESSAGES) expect(translate(english)).toBe(turkish);
  });

  it('keeps the quoted file name in front of a translated message', () => {
    const translate = translator();
    expect(translate('"talk.wav": The audio is 3.0 s long; it must be at least 5 s')).toBe('"talk.wav": Ses 3,0 saniye uzunluğunda; en az 5 saniye olmalı');
    expect(translate('"clip.mp4": The video has no audio track')).toBe('"clip.mp4": Videoda ses kanalı yok');
    expect(translate('"talk.m4a": This file has no audio track')).toBe('"talk.m4a": Bu dosyada ses kanalı yok');
    expect(translate('"long.wav": Each sample may be at most 20 MB')).toBe('"long.wav": Her örnek en fazla 20 MB olabilir');
  });

  it('leaves unknown text as it is', () => {
    expect(translator()('Something nobody translated')).toBe('Something nobody translated');
  });
});

describe('useTranslateMessage in English', () => {
  beforeAll(() => setupI18n('en'));

  it('gives back every fixed sentence as the server wrote it', () => {
    const translate = translator();
    for (const english of Object.values(FIXED_MESSAGES)) expect(translate(english)).toBe(english);
  });

  it('gives back the server sentence, with thousands grouped in English style', () => {
    const translate = translator();
    const timeout = 'Decoding took longer than 30000 ms and was stopped';
    for (const [english] of TEMPLATED_MESSAGES.filter(([english]) => english !== timeout)) expect(translate(english)).toBe(english);
    expect(translate(timeout)).toBe('Decoding took longer than 30,000 ms and was stopped');
  });
});
