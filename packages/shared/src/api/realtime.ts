import type { Plan } from './plans.ts';

/** socket.io path and namespaces served by the API server (spec section 7, realtime). */
export const REALTIME_PATH = '/socket.io';
export const REALTIME_NAMESPACES = {
  /** Featured-music events; no sign-in needed. */
  public: '/public',
  /** Per-user events; the handshake carries the access token as `auth: { token }`. */
  user: '/user',
} as const;

export const REALTIME_EVENTS = {
  planUpdated: 'plan_updated',
  /** The user's credit ledger changed (a grant, a hold, a charge, a refund...): reload the balance. */
  creditsChanged: 'credits_changed',
  featuredMusicUpdated: 'featured_music_updated',
  featuredArtworkUpdated: 'featured_artwork_updated',
  featuredMusicAdded: 'featured_music_added',
  featuredMusicRemoved: 'featured_music_removed',
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** Events the server sends on the '/user' namespace. */
export interface UserNamespaceEvents {
  plan_updated: (plan: Plan) => void;
  credits_changed: () => void;
}
