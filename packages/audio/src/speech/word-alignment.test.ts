import { describe, expect, it } from 'vitest';
import { planSegments } from './plan.ts';
import { LOCAL_MODEL_CONFIGS } from './models.ts';
import { alignSpokenWords, wordTokens } from './word-alignment.ts';

const spokenRanges = (spoken: string) => wordTokens(spoken).map(({ start, end }) => ({ start, end }));
const slices = (original: string, ranges: ReturnType<typeof alignSpokenWords>) =>
  ranges.map((range) => (range ? original.slice(range.start, range.end) : null));

describe('alignSpokenWords', () => {
  it('maps unchanged words one to one, ignoring case and punctuation', () => {
    const original = 'Hello, World! How are you?';
    const spoken = 'hello world how are you';
    expect(slices(original, alignSpokenWords(spoken, spokenRanges(spoken), original))).toEqual([
      'Hello,', 'World!', 'How', 'are', 'you?',
    ]);
  });

  it('points the words a normaliser wrote back at the written word they read', () => {
    const original = 'It costs $5 today.';
    const spoken = 'It costs five dollars today.';
    expect(slices(original, alignSpokenWords(spoken, spokenRanges(spoken), original))).toEqual([
      'It', 'costs', '$5', '$5', 'today.',
    ]);
  });
});

describe('planSegments text offsets', () => {
  it('locates each sentence in the original text, past pause markers that contain the same characters', () => {
    const text = 'One 5. <#5#><#1#> 5 apples. Two.';
    const segments = planSegments(text, 'en-US', LOCAL_MODEL_CONFIGS['speech-2.5-hd-preview'], 1);
    const located = segments.flatMap((segment) =>
      segment.kind === 'sentence' ? [text.slice(segment.textOffset, segment.textOffset + segment.text.length)] : [],
    );
    expect(located).toEqual(['One 5.', '5 apples.', 'Two.']);
    const second = segments.find((segment) => segment.kind === 'sentence' && segment.text === '5 apples.');
    expect(second?.kind === 'sentence' && second.textOffset).toBe(18);
  });
});
