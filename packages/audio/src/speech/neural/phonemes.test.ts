import { describe, expect, it } from 'vitest';
import { readNpz, writeNpz } from './npz.ts';
import { kokoroTokenIds, phonemizeSentence, piperPhonemeIds, wordSamples } from './phonemes.ts';

/** eSpeak-like IPA: phonemes joined by `_`, and (like eSpeak) "I am" read as one word. */
const fakeIpa = (clause: string): string =>
  clause
    .trim()
    .replace(/\bI am\b/, 'Iam')
    .split(/\s+/)
    .map((word) => [...word.toLowerCase()].join('_'))
    .join(' ');

describe('phonemes for neural voices', () => {
  it('keeps clause punctuation and maps each eSpeak word to its written word', () => {
    const sentence = phonemizeSentence('Hello there, world!', fakeIpa);
    expect(sentence.phonemes).toBe('hello there, world!');
    expect(sentence.words.map((word) => sentence.phonemes.slice(word.phonemeStart, word.phonemeEnd))).toEqual(['hello', 'there', 'world']);
    expect(sentence.words.map((word) => 'Hello there, world!'.slice(word.spokenStart, word.spokenEnd))).toEqual(['Hello', 'there', 'world']);
  });

  it('shares a clause out by written length when eSpeak joins words', () => {
    const sentence = phonemizeSentence('I am fine.', fakeIpa);
    expect(sentence.words).toHaveLength(3);
    expect(sentence.words.every((word) => word.phonemeEnd > word.phonemeStart)).toBe(true);
  });

  it("builds Piper's ids (BOS, pad between phonemes, EOS) and Kokoro's padded tokens", () => {
    const map = { _: [0], '^': [1], $: [2], a: [5], b: [6] };
    expect(piperPhonemeIds('ab?', map).ids).toEqual([1, 0, 5, 0, 6, 0, 2]);
    expect(kokoroTokenIds('ab', { a: 43, b: 44 }).ids).toEqual([0, 43, 44, 0]);
  });

  it('times words from per-id durations', () => {
    const ids = piperPhonemeIds('a b', { _: [0], '^': [1], $: [2], a: [5], b: [6], ' ': [3] });
    const words = [
      { spokenStart: 0, spokenEnd: 1, phonemeStart: 0, phonemeEnd: 1 },
      { spokenStart: 2, spokenEnd: 3, phonemeStart: 2, phonemeEnd: 3 },
    ];
    // ids: ^ _ a _ ' ' _ b _ $ ; the model spends 3 units on "a" and 1 on everything else.
    const durations = [1, 1, 3, 1, 1, 1, 1, 1, 1];
    expect(wordSamples(words, ids, durations, 1100)).toEqual([
      { spokenStart: 0, spokenEnd: 1, startSample: 200, endSample: 600 },
      { spokenStart: 2, spokenEnd: 3, startSample: 800, endSample: 1000 },
    ]);
  });

  it('reads the .npz archives it writes (NumPy savez layout)', () => {
    const data = Float32Array.from([1, 2, 3, 4, 5, 6]);
    const arrays = readNpz(writeNpz(new Map([['af_test', { shape: [3, 1, 2], data }]])));
    expect(arrays.get('af_test')?.shape).toEqual([3, 1, 2]);
    expect([...(arrays.get('af_test')?.data ?? [])]).toEqual([...data]);
  });
});
