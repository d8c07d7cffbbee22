import type { LyricsTimeline, MusicPlan } from '@sound-studio/audio';
import type { StoredLyricsTimeline, StoredMusicPlan } from '../../db/music-schema.ts';

/** What a track shows of the composer's plan. */
export function planSummary(plan: MusicPlan): StoredMusicPlan {
  return {
    genre: plan.genreLabel,
    mood: plan.mood,
    bpm: plan.bpm,
    key: plan.key.name,
    instruments: [...new Set(plan.instruments.map((instrument) => instrument.name))],
  };
}

/** Display tags: genre, mood, instruments and tempo, as the plan names them, without repeats. */
export function planTags(plan: MusicPlan): string[] {
  return [...new Set(plan.tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** Line-level cues for the lyrics panel; the engine's syllable timing stays in the engine. */
export function lyricsTimelineSummary(timeline: LyricsTimeline | undefined): StoredLyricsTimeline | null {
  if (!timeline) return null;
  return {
    instrument: timeline.carriedBy.name,
    cues: timeline.lines.map((line) => ({ text: line.text, startSeconds: line.startSeconds, endSeconds: line.endSeconds, section: line.section })),
  };
}
