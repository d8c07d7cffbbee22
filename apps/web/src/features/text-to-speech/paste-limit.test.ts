import { describe, expect, it } from 'vitest';
import { limitPaste } from './paste-limit.ts';

describe('limitPaste', () => {
  it('lets a paste that fits through untouched', () => {
    expect(limitPaste('abc', 'de', { start: 3, end: 3 }, 5)).toBeNull();
  });

  it('cuts the paste, keeps the text around it and counts what was dropped', () => {
    expect(limitPaste('abcd', 'XYZW', { start: 2, end: 2 }, 6)).toEqual({ text: 'abXYcd', caret: 4, dropped: 2 });
  });

  it('counts the replaced selection as free room', () => {
    expect(limitPaste('abcdef', '123456', { start: 1, end: 5 }, 6)).toEqual({ text: 'a1234f', caret: 5, dropped: 2 });
  });

  it('drops the whole paste when the editor is already full', () => {
    expect(limitPaste('abcde', 'xyz', { start: 5, end: 5 }, 5)).toEqual({ text: 'abcde', caret: 5, dropped: 3 });
  });
});
