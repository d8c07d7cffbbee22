import { z } from 'zod';
import { featuredMusicItemSchema, musicModelSchema, musicTrackSchema } from './music.ts';

/** GET /music/models. */
export const musicModelsReplySchema = z.array(musicModelSchema);

/** GET /music/featured and GET /public/discover. */
export const featuredMusicListSchema = z.array(featuredMusicItemSchema);

/** DELETE /music/{id}. */
export const musicTrackDeleteReplySchema = z.object({ deleted: z.literal(true) });

/** GET /public/tracks/{id}: what the public share page of a track needs (no sign-in). */
export const publicMusicTrackSchema = musicTrackSchema.pick({
  _id: true,
  title: true,
  prompt: true,
  duration: true,
  audioUrl: true,
  artworkUrl: true,
  tags: true,
  lyricsTimeline: true,
});
export type PublicMusicTrack = z.infer<typeof publicMusicTrackSchema>;

/** The public share page of a track; `MusicTrack.shareUrl` is this path. */
export function musicSharePath(trackId: string): string {
  return `/share/music/${encodeURIComponent(trackId)}`;
}
