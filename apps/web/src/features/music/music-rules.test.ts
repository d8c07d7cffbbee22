import { describe, expect, it } from 'vitest';
import { activeCueIndex, isPendingTrack, pickRandomPrompt, SAMPLE_PROMPTS, trackPlayingItem, visibleTags } from './music-rules.ts';
import { makeTrack } from '../../test/fixtures.ts';

describe('music rules', () => {
  it('offers nine sample prompts and never picks the one already in the field', () => {
    expect(SAMPLE_PROMPTS).toHaveLength(9);
    const samples = ['a', 'b', 'c'];
    for (const random of [0, 0.5, 0.99]) expect(pickRandomPrompt(samples, 'b', () => random)).not.toBe('b');
    expect(pickRandomPrompt(samples, ' c ', () => 0.99)).toBe('b');
    expect(pickRandomPrompt(['only'], 'only', () => 0.3)).toBe('only');
  });

  it("shows the first two tags and counts the rest as '+N'", () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ tags: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ tags: ['a'], more: 0 });
  });

  it('treats generating and processing as pending', () => {
    expect(isPendingTrack({ status: 'generating' })).toBe(true);
    expect(isPendingTrack({ status: 'processing' })).toBe(true);
    expect(isPendingTrack({ status: 'completed' })).toBe(false);
    expect(isPendingTrack({ status: 'failed' })).toBe(false);
  });

  it('finds the lyric line of a moment, keeping the last line between lines', () => {
    const cues = [
      { text: 'one', startSeconds: 2, endSeconds: 4, section: 'Verse' },
      { text: 'two', startSeconds: 5, endSeconds: 7, section: 'Verse' },
    ];
    expect(activeCueIndex(cues, 0)).toBe(-1);
    expect(activeCueIndex(cues, 2)).toBe(0);
    expect(activeCueIndex(cues, 4.5)).toBe(0);
    expect(activeCueIndex(cues, 6)).toBe(1);
    expect(activeCueIndex(cues, 60)).toBe(1);
  });

  it('plays a finished track under its title with its artwork; a track without audio is not playable', () => {
    expect(trackPlayingItem(makeTrack('t1'))).toEqual({
      name: 'music:t1',
      audioUrl: '/api/media/music/t1.mp3?sig=1',
      displayName: 'Track t1',
      artworkUrl: '/api/media/music/t1.svg?sig=1',
    });
    expect(trackPlayingItem(makeTrack('t2', { audioUrl: null, cdnUrl: null }))).toBeNull();
  });
});
