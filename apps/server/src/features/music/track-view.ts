import { musicSharePath, type FeaturedMusicItem, type MusicTrack, type PublicMusicTrack } from '@sound-studio/shared';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { FeaturedRow, TrackRow } from './repository.ts';

/** Progress is stored in thousandths so the column stays an integer. */
export const PROGRESS_SCALE = 1000;

function linkOrNull(links: MediaLinks, key: string | null): string | null {
  return key ? links.urlFor(key) : null;
}

/** The spec's Music track entity with fresh signed links (audio only once completed). */
export function toMusicTrack(row: TrackRow, links: MediaLinks, featured: FeaturedRow | null = null): MusicTrack {
  const audioUrl = row.status === 'completed' ? linkOrNull(links, row.audioKey) : null;
  return {
    _id: row.id,
    title: row.title,
    prompt: row.prompt,
    lyrics: row.lyrics,
    modelId: row.modelId,
    status: row.status,
    progress: row.progress / PROGRESS_SCALE,
    duration: row.durationSeconds,
    cdnUrl: audioUrl,
    audioUrl,
    artworkUrl: linkOrNull(links, featured?.artworkKey ?? row.artworkKey),
    artworkData: null,
    error: row.error,
    tags: row.tags,
    plan: row.plan,
    lyricsTimeline: row.lyricsTimeline,
    credits: row.credits,
    shareUrl: musicSharePath(row.id),
    featured: featured ? { artwork: { cdnUrl: linkOrNull(links, featured.artworkKey ?? row.artworkKey) }, tags: featured.tags } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A completed featured track as the home and featured pages show it. */
export function toFeaturedItem(featured: FeaturedRow, track: TrackRow, links: MediaLinks): FeaturedMusicItem {
  const audioUrl = track.audioKey ? links.urlFor(track.audioKey) : '';
  const artworkKey = featured.artworkKey ?? track.artworkKey;
  return {
    _id: track.id,
    title: track.title,
    prompt: track.prompt,
    duration: track.durationSeconds,
    cdnUrl: audioUrl,
    audioUrl,
    category: featured.category,
    subcategory: featured.subcategory,
    order: featured.displayOrder,
    featured: { artwork: { cdnUrl: artworkKey ? links.urlFor(artworkKey) : '' }, tags: featured.tags },
    stats: { views: featured.views, plays: featured.plays, downloads: featured.downloads },
  };
}

/** What the public share page needs; only for completed tracks. */
export function toPublicTrack(row: TrackRow, links: MediaLinks, featured: FeaturedRow | null): PublicMusicTrack {
  const track = toMusicTrack(row, links, featured);
  return {
    _id: track._id,
    title: track.title,
    prompt: track.prompt,
    duration: track.duration,
    audioUrl: track.audioUrl,
    artworkUrl: track.artworkUrl,
    tags: track.tags,
    lyricsTimeline: track.lyricsTimeline,
  };
}
