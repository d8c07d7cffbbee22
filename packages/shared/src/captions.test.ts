import { describe, expect, it } from 'vitest';
import { buildCues, characterAlignment, toSrt, toVtt, type SpeechTimings } from './captions.ts';

const timings: SpeechTimings = {
  text: 'Hi there. <b>Bye</b> now',
  durationSeconds: 3,
  words: [
    { text: 'Hi', textStart: 0, textEnd: 2, start: 0.1, end: 0.4 },
    { text: 'there.', textStart: 3, textEnd: 9, start: 0.4, end: 1 },
    { text: '<b>Bye</b>', textStart: 10, textEnd: 20, start: 1.5, end: 2 },
    { text: 'now', textStart: 21, textEnd: 24, start: 2, end: 6.2345 },
  ],
};

describe('captions', () => {
  it('breaks cues after sentence ends and writes SRT with comma milliseconds', () => {
    const cues = buildCues(timings.words, timings.text);
    expect(cues.map((cue) => cue.text)).toEqual(['Hi there.', '<b>Bye</b> now']);
    expect(toSrt(cues)).toBe('1\n00:00:00,100 --> 00:00:01,000\nHi there.\n\n2\n00:00:01,500 --> 00:00:06,235\n<b>Bye</b> now\n');
  });

  it('writes WebVTT with a header, dot milliseconds and escaped markup', () => {
    const vtt = toVtt(buildCues(timings.words, timings.text));
    expect(vtt).toBe('WEBVTT\n\n00:00:00.100 --> 00:00:01.000\nHi there.\n\n00:00:01.500 --> 00:00:06.235\n&lt;b&gt;Bye&lt;/b&gt; now\n');
  });

  it('writes hours past the first hour', () => {
    expect(toSrt([{ start: 3661.2345, end: 3700, text: 'x' }])).toBe('1\n01:01:01,235 --> 01:01:40,000\nx\n');
  });

  it('splits a long run of words into cues of at most 84 characters', () => {
    const text = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const words = [...text.matchAll(/\S+/g)].map((match, index) => ({
      text: match[0], textStart: match.index, textEnd: match.index + match[0].length, start: index * 0.1, end: index * 0.1 + 0.1,
    }));
    const cues = buildCues(words, text);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(84);
    expect(cues.map((cue) => cue.text).join(' ')).toBe(text);
  });

  it('times every character in ElevenLabs alignment shape', () => {
    const alignment = characterAlignment({
      text: 'Hi yo',
      durationSeconds: 1,
      words: [
        { text: 'Hi', textStart: 0, textEnd: 2, start: 0, end: 0.2 },
        { text: 'yo', textStart: 3, textEnd: 5, start: 0.5, end: 0.9 },
      ],
    });
    expect(alignment).toEqual({
      characters: ['H', 'i', ' ', 'y', 'o'],
      character_start_times_seconds: [0, 0.1, 0.2, 0.5, 0.7],
      character_end_times_seconds: [0.1, 0.2, 0.5, 0.7, 0.9],
    });
  });
});
