import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSessionSchema,
  changePasswordRequestSchema,
  csrfTokenReplySchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageReplySchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  successEnvelope,
  updateProfileReplySchema,
  updateProfileRequestSchema,
  userReplySchema,
} from '@sound-studio/shared';
import { z } from 'zod';
import { requireAuth, type AuthContext } from '../../lib/authentication.ts';
import { issueCsrfToken } from '../../lib/csrf.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { createMailer } from '../../lib/mail/mailer.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { PasswordResetService } from './password-reset.ts';
import { AuthService } from './service.ts';

const TAGS = ['auth'];

/** The auth calls of spec section 7, under /api/auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuthService({
    db: app.db,
    clock: app.clock,
    jwtSecret: app.config.jwtSecret,
    credits: app.credits,
    rateLimiters: app.rateLimiters,
    realtime: app.realtime,
    refreshReuseGraceSeconds: app.config.refreshReuseGraceSeconds,
  });
  await app.register(oauthRoutes, { auth: service });
  const mailer = createMailer(app.config.mail);
  if (mailer) app.addHook('onClose', () => mailer.close());
  const passwordReset = new PasswordResetService({
    db: app.db,
    clock: app.clock,
    rateLimiters: app.rateLimiters,
    realtime: app.realtime,
    log: app.log,
    mailer,
    publicUrl: app.config.mail.publicUrl,
  });

  app.get(
    '/auth/csrf-token',
    {
      schema: {
        tags: TAGS,
        summary: 'Issue an anti-forgery token for POST, PUT, PATCH and DELETE calls (valid one hour)',
        response: { 200: successEnvelope(csrfTokenReplySchema), ...errorReplies },
      },
    },
    async () => {
      const { token, expiresAt } = issueCsrfToken(app.config.jwtSecret, app.clock.now());
      return ok({ token, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an account; grants the free plan credits and signs in',
        security: SECURITY.csrf,
        body: registerRequestSchema,
        response: { 201: successEnvelope(authSessionSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const session = await service.register(request.body);
      return reply.status(201).send(ok(session));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with email and password',
        security: SECURITY.csrf,
        body: loginRequestSchema,
        response: { 200: successEnvelope(authSessionSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.login(request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: TAGS,
        summary: 'Exchange a refresh token for a new token pair (the old refresh token stops working)',
        security: SECURITY.csrf,
        body: refreshRequestSchema,
        response: { 200: successEnvelope(authSessionSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.refresh(request.body.refreshToken)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke the current session (bearer), or the session of the refresh token in the body',
        security: SECURITY.bearerAndCsrf,
        body: z.object({ refreshToken: z.string().optional() }).nullish(),
        response: { 200: successEnvelope(messageReplySchema), ...errorReplies },
      },
    },
    async (request) => {
      const refreshToken = request.body?.refreshToken;
      let auth: AuthContext | null = null;
      try {
        await app.authenticate(request);
        auth = requireAuth(request);
      } catch (error) {
        // An expired or missing access token does not stop a logout that names its refresh token.
        if (!refreshToken) throw error;
      }
      return ok(await service.logout(auth, refreshToken));
    },
  );

  for (const url of ['/auth/validate', '/auth/me']) {
    app.get(
      url,
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: url === '/auth/me' ? 'The signed-in user' : 'Check an access token and return its user',
          security: SECURITY.bearer,
          response: { 200: successEnvelope(userReplySchema), ...errorReplies },
        },
      },
      async (request) => ok({ user: await service.profile(requireAuth(request).userId) }),
    );
  }

  app.put(
    '/auth/update-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Change name and email',
        security: SECURITY.bearerAndCsrf,
        body: updateProfileRequestSchema,
        response: { 200: successEnvelope(updateProfileReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.updateProfile(requireAuth(request), request.body)),
  );

  app.put(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Change the password; signs out every other session',
        security: SECURITY.bearerAndCsrf,
        body: changePasswordRequestSchema,
        response: { 200: successEnvelope(messageReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.changePassword(requireAuth(request), request.body)),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Email a single-use password reset link (30 minutes); the same reply whether or not the email has an account',
        security: SECURITY.csrf,
        body: forgotPasswordRequestSchema,
        response: { 200: successEnvelope(messageReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await passwordReset.requestLink(request.body.email, request.ip)),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: "Set a new password with a reset link's token; signs out every session of the account",
        security: SECURITY.csrf,
        body: resetPasswordRequestSchema,
        response: { 200: successEnvelope(messageReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await passwordReset.resetPassword(request.body.token, request.body.password)),
  );
};
