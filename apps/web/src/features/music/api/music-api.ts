import {
  engageReplySchema,
  featuredCategoriesSchema,
  featuredMusicListSchema,
  musicCostReplySchema,
  musicModelsReplySchema,
  musicTrackDeleteReplySchema,
  musicTrackSchema,
  myMusicReplySchema,
  publicMusicTrackSchema,
  workLicenseSchema,
  type MusicGenerateRequest,
} from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

/** Creating a track only validates, holds credits and queues the job, but a busy server may take a moment. */
const GENERATE_TIMEOUT_MS = 30_000;

export type EngageAction = 'view' | 'play' | 'download';

export interface FeaturedFilter {
  category?: string;
  subcategory?: string;
  limit: number;
}

function featuredQuery({ category, subcategory, limit }: FeaturedFilter): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (subcategory) params.set('subcategory', subcategory);
  params.set('limit', String(limit));
  return params.toString();
}

/** Section 7's music calls. */
export const musicApi = {
  models: (signal?: AbortSignal) => api.get('/music/models', { schema: musicModelsReplySchema, signal }),
  myMusic: (page: number, limit: number, signal?: AbortSignal) =>
    api.get(`/music/my-music?page=${page}&limit=${limit}`, { schema: myMusicReplySchema, signal }),
  generate: (request: MusicGenerateRequest) => api.post('/music/generate', request, { schema: musicTrackSchema, timeoutMs: GENERATE_TIMEOUT_MS }),
  cost: (duration: number, signal?: AbortSignal) =>
    api.post('/music/credits/calculate', { service: 'music', duration }, { schema: musicCostReplySchema, signal }),
  track: (id: string, signal?: AbortSignal) => api.get(`/music/${encodeURIComponent(id)}`, { schema: musicTrackSchema, signal }),
  /** The commercial license certificate of a finished track (plans with commercialLicense). */
  license: (id: string) => api.get(`/music/${encodeURIComponent(id)}/license`, { schema: workLicenseSchema }),
  deleteTrack: (id: string) => api.delete(`/music/${encodeURIComponent(id)}`, { schema: musicTrackDeleteReplySchema }),
  categories: (signal?: AbortSignal) => api.get('/music/featured/categories', { schema: featuredCategoriesSchema, signal }),
  featured: (filter: FeaturedFilter, signal?: AbortSignal) => api.get(`/music/featured?${featuredQuery(filter)}`, { schema: featuredMusicListSchema, signal }),
  engage: (id: string, action: EngageAction) => api.post(`/music/featured/${encodeURIComponent(id)}/engage`, { action }, { schema: engageReplySchema }),
  discover: (filter: FeaturedFilter, signal?: AbortSignal) => api.get(`/public/discover?${featuredQuery(filter)}`, { schema: featuredMusicListSchema, signal }),
  publicTrack: (id: string, signal?: AbortSignal) => api.get(`/public/tracks/${encodeURIComponent(id)}`, { schema: publicMusicTrackSchema, signal }),
};

export const musicQueryKeys = {
  all: ['music'] as const,
  models: ['music', 'models'] as const,
  myMusic: ['music', 'my-music'] as const,
  /** Every track's query (`track(id)` keys start with it). */
  tracks: ['music', 'track'] as const,
  track: (id: string) => ['music', 'track', id] as const,
  cost: (duration: number) => ['music', 'cost', duration] as const,
  costs: ['music', 'cost'] as const,
  categories: ['music', 'featured-categories'] as const,
  featured: ['music', 'featured'] as const,
  discover: ['music', 'discover'] as const,
  publicTrack: (id: string) => ['music', 'public-track', id] as const,
};
