import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '@sound-studio/shared';
import { z } from 'zod';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { adminTokenGuard } from '../admin/routes.ts';
import { MAX_ARTWORK_BYTES } from './artwork-upload.ts';
import type { FeaturedService } from './featured.ts';

const entrySchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.string(),
  category: z.string(),
  subcategory: z.string(),
  order: z.number().int(),
  tags: z.array(z.string()),
  artworkUrl: z.string().nullable(),
  stats: z.object({ views: z.number().int(), plays: z.number().int(), downloads: z.number().int() }),
});
export type AdminFeaturedEntryReply = z.infer<typeof entrySchema>;

const nameSchema = z.string().trim().min(1).max(40).regex(/^[a-z0-9][a-z0-9 &-]*$/i, 'Use letters, digits, spaces and dashes');
const trackParamsSchema = z.object({ trackId: z.uuid() });
export const adminFeaturedAddSchema = z.object({
  trackId: z.uuid(),
  category: nameSchema,
  subcategory: nameSchema,
  order: z.number().int().min(1).optional(),
  tags: z.array(z.string().trim().min(1).max(30)).max(10).optional(),
});
const orderSchema = z.object({ position: z.number().int().min(1) });
/** The image travels base64-encoded in JSON; the server decides what it is from its bytes. */
export const artworkUploadSchema = z.object({ dataBase64: z.string().min(1).max(Math.ceil((MAX_ARTWORK_BYTES * 4) / 3) + 8) });

/** Operator commands for the featured catalogue under /api/admin/music, guarded like the rest of /api/admin. */
export const musicAdminRoutes: FastifyPluginAsyncZod<{ featured: FeaturedService }> = async (app, { featured }) => {
  const common = { tags: ['admin'], security: SECURITY.admin };
  app.addHook('onRequest', adminTokenGuard(app.config.adminToken));

  app.get(
    '/admin/music/featured',
    { schema: { ...common, summary: 'Every featured track (also those still rendering) in display order', response: { 200: successEnvelope(z.array(entrySchema)), ...errorReplies } } },
    async () => ok(await featured.adminList()),
  );

  app.post(
    '/admin/music/featured',
    {
      schema: {
        ...common,
        summary: 'Feature a completed track in a category and subcategory (emits featured_music_added)',
        body: adminFeaturedAddSchema,
        response: { 200: successEnvelope(entrySchema), ...errorReplies },
      },
    },
    async (request) => {
      const { trackId, ...placement } = request.body;
      return ok(await featured.add(trackId, placement));
    },
  );

  app.delete(
    '/admin/music/featured/:trackId',
    {
      schema: {
        ...common,
        summary: 'Unfeature a track (emits featured_music_removed); the track itself stays',
        params: trackParamsSchema,
        response: { 200: successEnvelope(z.object({ removed: z.literal(true) })), ...errorReplies },
      },
    },
    async (request) => {
      await featured.remove(request.params.trackId);
      return ok({ removed: true as const });
    },
  );

  app.put(
    '/admin/music/featured/:trackId/order',
    {
      schema: {
        ...common,
        summary: 'Move a featured track to a position (1-based) within its category (emits featured_music_updated)',
        params: trackParamsSchema,
        body: orderSchema,
        response: { 200: successEnvelope(entrySchema), ...errorReplies },
      },
    },
    async (request) => ok(await featured.reorder(request.params.trackId, request.body.position)),
  );

  app.put(
    '/admin/music/featured/:trackId/artwork',
    {
      bodyLimit: Math.ceil((MAX_ARTWORK_BYTES * 4) / 3) + 1024,
      schema: {
        ...common,
        summary: 'Replace the cover: PNG, JPEG or SVG (checked by content), at most 2 MB (emits featured_artwork_updated)',
        params: trackParamsSchema,
        body: artworkUploadSchema,
        response: { 200: successEnvelope(entrySchema), ...errorReplies },
      },
    },
    async (request) => ok(await featured.replaceArtwork(request.params.trackId, Buffer.from(request.body.dataBase64, 'base64'))),
  );
};
