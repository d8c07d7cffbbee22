import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favoriteVoiceRequestSchema,
  preferencesReplySchema,
  selectVoiceRequestSchema,
  successEnvelope,
  updatePreferencesRequestSchema,
  voiceSettingsRequestSchema,
  type Preferences,
} from '@sound-studio/shared';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { PreferencesStore } from '../../lib/preferences-store.ts';
import { PreferencesService } from './service.ts';

const reply = (preferences: Preferences) => ok({ preferences });

/** GET /api/preferences and the spec's preference calls (section 7), each replying the whole preferences. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PreferencesService(new PreferencesStore(app.db, app.clock), app.voices, app.clock);
  const common = {
    tags: ['preferences'],
    response: { 200: successEnvelope(preferencesReplySchema), ...errorReplies },
  };

  app.get(
    '/preferences',
    { onRequest: app.authenticate, schema: { ...common, summary: "The caller's preferences (defaults until changed)", security: SECURITY.bearer } },
    async (request) => reply(await service.get(requireAuth(request).userId)),
  );

  app.put(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Change any part of the preferences, merged section by section',
        security: SECURITY.bearerAndCsrf,
        body: updatePreferencesRequestSchema,
      },
    },
    async (request) => reply(await service.update(requireAuth(request).userId, request.body.preferences)),
  );

  app.put(
    '/preferences/voice/selected',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Select a voice (it also becomes the most recent voice)',
        security: SECURITY.bearerAndCsrf,
        body: selectVoiceRequestSchema,
      },
    },
    async (request) => reply(await service.selectVoice(requireAuth(request).userId, request.body.voiceId)),
  );

  app.post(
    '/preferences/voice/favorite',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Add a voice to, or remove it from, the favourites (idempotent)',
        security: SECURITY.bearerAndCsrf,
        body: favoriteVoiceRequestSchema,
      },
    },
    async (request) =>
      reply(await service.favorite(requireAuth(request).userId, request.body.voiceId, request.body.action)),
  );

  app.put(
    '/preferences/voice/settings',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Change the speed, pitch and volume sliders (any of them)',
        security: SECURITY.bearerAndCsrf,
        body: voiceSettingsRequestSchema,
      },
    },
    async (request) => reply(await service.updateSettings(requireAuth(request).userId, request.body)),
  );
};
