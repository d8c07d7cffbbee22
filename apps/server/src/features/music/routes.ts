import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  engageReplySchema,
  engageRequestSchema,
  featuredCategoriesSchema,
  featuredMusicListSchema,
  featuredQuerySchema,
  MUSIC_MODELS,
  musicCostReplySchema,
  musicCostRequestSchema,
  musicGenerateRequestSchema,
  musicModelsReplySchema,
  musicTrackDeleteReplySchema,
  musicTrackSchema,
  myMusicQuerySchema,
  myMusicReplySchema,
  publicMusicTrackSchema,
  successEnvelope,
  workLicenseSchema,
} from '@sound-studio/shared';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { requirePlanFeature } from '../../lib/plan-features.ts';
import { issueWorkLicense } from '../../lib/work-license.ts';
import { musicAdminRoutes } from './admin-routes.ts';
import { FeaturedService } from './featured.ts';
import type { MusicJobs } from './jobs.ts';
import { MusicRepository } from './repository.ts';
import { MusicService } from './service.ts';
import { toPublicTrack } from './track-view.ts';

const TAGS = ['music'];
const idParamsSchema = z.object({ id: z.string().max(100) });

export interface MusicRoutesOptions {
  /** Cancels the render of a track this process runs (from the music job handlers, jobs.ts). */
  cancelRunning: MusicJobs['cancelRunning'];
}

/**
 * Music: generation as a job (handler registered apart in jobs.ts, so whichever process runs workers renders), the
 * caller's library, the featured catalogue (composed in the background on first start), engagement and public share pages.
 */
export const musicRoutes: FastifyPluginAsyncZod<MusicRoutesOptions> = async (app, { cancelRunning }) => {
  const repository = new MusicRepository(app.db);
  const common = { db: app.db, repository, files: app.files, fileDeletions: app.fileDeletions, mediaLinks: app.mediaLinks, realtime: app.realtime };
  const service = new MusicService({ ...common, credits: app.credits, jobs: app.jobs, cancelRunning });
  const featured = new FeaturedService({ ...common, jobs: app.jobs });
  await app.register(musicAdminRoutes, { featured });

  // A track waiting for its job (a crash between the insert and the enqueue is queued again at start-up) keeps its hold.
  app.creditHolds.keepHeldWhile((ids) => repository.unfinishedTrackIds(ids));
  startCatalogue(app, featured);

  app.get(
    '/music/models',
    { schema: { tags: TAGS, summary: 'Music models for the picker', response: { 200: successEnvelope(musicModelsReplySchema), ...errorReplies } } },
    async () => ok(MUSIC_MODELS.map((model) => ({ ...model }))),
  );

  app.post(
    '/music/credits/calculate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Cost of a track: every started 30 seconds at the plan's rate (200 on the free plan), and the balance",
        security: SECURITY.bearerAndCsrf,
        body: musicCostRequestSchema,
        response: { 200: successEnvelope(musicCostReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.calculate(requireAuth(request).userId, request.body.duration)),
  );

  app.post(
    '/music/generate',
    {
      onRequest: [app.authenticate, requirePlanFeature(app.db, 'musicGeneration')],
      schema: {
        tags: TAGS,
        summary:
          'Start a track: checks the content policy, holds the credits and replies at once with the track (generating); ' +
          'music_track_updated events on /user follow its progress to completed or failed (credits released)',
        security: SECURITY.bearerAndCsrf,
        body: musicGenerateRequestSchema,
        response: { 201: successEnvelope(musicTrackSchema), ...errorReplies },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await service.generate(requireAuth(request).userId, request.body))),
  );

  app.get(
    '/music/my-music',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's tracks, newest first, with fresh signed links",
        security: SECURITY.bearer,
        querystring: myMusicQuerySchema,
        response: { 200: successEnvelope(myMusicReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.myMusic(requireAuth(request).userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/music/featured/categories',
    { schema: { tags: TAGS, summary: 'Featured categories and their subcategories', response: { 200: successEnvelope(featuredCategoriesSchema), ...errorReplies } } },
    async () => ok(await featured.categories()),
  );

  app.get(
    '/music/featured',
    {
      schema: {
        tags: TAGS,
        summary: 'Featured tracks in display order, optionally of one category and subcategory',
        querystring: featuredQuerySchema,
        response: { 200: successEnvelope(featuredMusicListSchema), ...errorReplies },
      },
    },
    async (request) => ok(await featured.list(request.query)),
  );

  app.post(
    '/music/featured/:id/engage',
    {
      schema: {
        tags: TAGS,
        summary: 'Count a view, play or download of a featured track; replies the counters',
        security: SECURITY.csrf,
        params: idParamsSchema,
        body: engageRequestSchema,
        response: { 200: successEnvelope(engageReplySchema), ...errorReplies },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND', 'Featured track not found');
      return ok(await featured.engage(request.params.id, request.body.action));
    },
  );

  app.get(
    '/public/discover',
    {
      schema: {
        tags: TAGS,
        summary: 'Featured tracks for the home page (no sign-in), e.g. ?category=mood&limit=6',
        querystring: featuredQuerySchema,
        response: { 200: successEnvelope(featuredMusicListSchema), ...errorReplies },
      },
    },
    async (request) => ok(await featured.list(request.query)),
  );

  app.get(
    '/public/tracks/:id',
    {
      schema: {
        tags: TAGS,
        summary: "A completed track's public share page data (no sign-in; the random id is the capability)",
        params: idParamsSchema,
        response: { 200: successEnvelope(publicMusicTrackSchema), ...errorReplies },
      },
    },
    async (request) => {
      const track = isUuid(request.params.id) ? await repository.findTrack(request.params.id) : null;
      if (!track || track.status !== 'completed') throw new AppError('NOT_FOUND', 'Track not found');
      return ok(toPublicTrack(track, app.mediaLinks, await repository.findFeatured(track.id)));
    },
  );

  app.get(
    '/music/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "One of the caller's tracks (others' tracks are not found)",
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: successEnvelope(musicTrackSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.get(requireAuth(request).userId, request.params.id)),
  );

  app.get(
    '/music/:id/license',
    {
      onRequest: [app.authenticate],
      // After validation (no upload to spare here): a malformed id is a 400 whatever the plan.
      preHandler: [requirePlanFeature(app.db, 'commercialLicense')],
      schema: {
        tags: TAGS,
        summary:
          "Commercial license certificate for one of the caller's finished tracks (plans with commercialLicense; " +
          'others get 403 FEATURE_NOT_IN_PLAN with the upgrade link; others\' tracks are not found)',
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: successEnvelope(workLicenseSchema), ...errorReplies },
      },
    },
    async (request) => {
      const userId = requireAuth(request).userId;
      const track = await service.ownTrack(userId, request.params.id);
      if (track.status !== 'completed') throw new AppError('CONFLICT', 'Only a finished track can be licensed');
      const work = { kind: 'music' as const, id: track.id, title: track.title, createdAt: track.createdAt };
      return ok(await issueWorkLicense({ db: app.db, clock: app.clock }, userId, work));
    },
  );

  app.delete(
    '/music/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Delete one of the caller\'s tracks and its files; an unfinished track is cancelled and its credits released',
        security: SECURITY.bearerAndCsrf,
        params: idParamsSchema,
        response: { 200: successEnvelope(musicTrackDeleteReplySchema), ...errorReplies },
      },
    },
    async (request) => {
      await service.delete(requireAuth(request).userId, request.params.id);
      return ok({ deleted: true as const });
    },
  );
};

/**
 * Once the app is ready: queue tracks that never got a job and, when configured, compose the catalogue on first
 * start, in the background so start-up does not wait; closing waits for it.
 */
function startCatalogue(app: Parameters<FastifyPluginAsyncZod>[0], featured: FeaturedService): void {
  let composing: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    const { featuredCatalogue, featuredCatalogueSize } = app.config.music;
    composing = (featuredCatalogue ? featured.composeCatalogue(featuredCatalogueSize).then(() => undefined) : featured.enqueueOrphans())
      .catch((error: unknown) => app.log.error({ err: error }, 'could not compose the featured catalogue'));
  });
  app.addHook('preClose', () => composing);
}
