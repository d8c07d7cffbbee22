import { describe, expect, it } from 'vitest';
import { downloadFileName, formatTime, indexAfterEnd, nextIndex, previousIndex } from './player-rules.ts';

describe('player rules', () => {
  it('wraps next and previous around the playlist', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(2, 3)).toBe(1);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(-1);
  });

  it('moves on at track end only when the playlist has more than one item', () => {
    expect(indexAfterEnd(0, 1)).toBeNull();
    expect(indexAfterEnd(0, 2)).toBe(1);
    expect(indexAfterEnd(1, 2)).toBe(0);
  });

  it('names downloads after the display name plus .mp3', () => {
    expect(downloadFileName('Radiant Girl - Hello there')).toBe('Radiant Girl - Hello there.mp3');
    expect(downloadFileName('a/b:c*?')).toBe('a b c.mp3');
    expect(downloadFileName('   ')).toBe('audio.mp3');
  });

  it('formats time as m:ss and h:mm:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.4)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});
