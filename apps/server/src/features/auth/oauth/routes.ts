import cookie from '@fastify/cookie';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_FAILURE_MESSAGES,
  authProvidersReplySchema,
  authSessionSchema,
  LANGUAGES,
  OAUTH_PROVIDERS,
  oauthLinkInfoSchema,
  oauthLinkRequestSchema,
  socialSessionSchema,
  successEnvelope,
  type Language,
  type OAuthError,
  type OAuthProviderName,
} from '@sound-studio/shared';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { errorReplies, ok, SECURITY } from '../../../lib/http.ts';
import { openClaims, sealClaims } from '../../../lib/sealed-claims.ts';
import type { AuthService } from '../service.ts';
import { enabledProviders } from './config.ts';
import { createProviders, OAuthFlowError } from './providers.ts';
import { OAuthSignInService, type PendingLink } from './service.ts';

const TAGS = ['auth'];
const COOKIE_PATH = '/api/auth/oauth';
/** The round trip to the provider (state and PKCE verifier). */
const FLOW_COOKIE = 'ss_oauth_flow';
const FLOW_LIFETIME_MS = 10 * 60_000;
/** The signed-in user, handed from the callback to the page that starts the session. */
const SESSION_COOKIE = 'ss_oauth_session';
const SESSION_LIFETIME_MS = 2 * 60_000;
/** A provider account waiting for an existing account's password. */
const LINK_COOKIE = 'ss_oauth_link';
const LINK_LIFETIME_MS = 10 * 60_000;

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

interface FlowClaims {
  provider: OAuthProviderName;
  state: string;
  verifier: string;
  language: Language;
}

const isProvider = (value: unknown): value is OAuthProviderName => OAUTH_PROVIDERS.some((name) => name === value);
const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language === value);

/** The web app's address of a page in the user's language (the app serves Turkish under /tr). */
function webPath(path: string, language: Language): string {
  return language === 'tr' ? `/tr${path}` : path;
}

/**
 * Google and GitHub sign-in: authorization code with PKCE and state (kept in a signed, short-lived, HttpOnly cookie),
 * then the callback signs in, creates the account, or asks for the existing account's password before linking. Every
 * failure returns the browser to /login with `?oauth_error=` for a translated message.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, options) => {
  await app.register(cookie);
  const { oauth } = app.config;
  const providers = createProviders(oauth);
  const signIn = new OAuthSignInService({ db: app.db, clock: app.clock, auth: options.auth });
  const secret = app.config.jwtSecret;
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: oauth.publicUrl?.startsWith('https:') ?? false } as const;

  const setSealed = (reply: FastifyReply, name: string, purpose: string, claims: object, lifetimeMs: number) =>
    reply.setCookie(name, sealClaims(secret, purpose, claims, app.clock.now() + lifetimeMs), {
      ...cookieOptions,
      maxAge: Math.floor(lifetimeMs / 1000),
    });
  const backToLogin = (reply: FastifyReply, reason: OAuthError, language: Language) =>
    reply.redirect(`${webPath('/login', language)}?oauth_error=${reason}`, 302);

  app.get(
    '/auth/oauth/providers',
    {
      schema: {
        tags: TAGS,
        summary: 'The social sign-in providers this server offers (Google, GitHub), for the sign-in buttons',
        response: { 200: successEnvelope(authProvidersReplySchema), ...errorReplies },
      },
    },
    async () => ok({ providers: oauth.publicUrl ? enabledProviders(oauth) : [] }),
  );

  app.get(
    '/auth/oauth/:provider/start',
    {
      schema: {
        tags: TAGS,
        summary: "Start a social sign-in: redirects to the provider's consent page",
        params: providerParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? 'en';
      const provider = providers.get(request.params.provider);
      if (!provider) return backToLogin(reply, 'provider', language);
      const flow: FlowClaims = { provider: provider.name, state: generateState(), verifier: generateCodeVerifier(), language };
      setSealed(reply, FLOW_COOKIE, 'oauth-flow', flow, FLOW_LIFETIME_MS);
      return reply.redirect(provider.authorizationUrl(flow.state, flow.verifier).toString(), 302);
    },
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      schema: {
        tags: TAGS,
        summary: "The provider's redirect back: signs in, creates the account, or asks for the password to link",
        params: providerParams,
        querystring: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const flow = flowFrom(openClaims(secret, 'oauth-flow', request.cookies[FLOW_COOKIE], app.clock.now()));
      reply.clearCookie(FLOW_COOKIE, cookieOptions);
      const language = flow?.language ?? 'en';
      const { code, state, error } = request.query;
      if (error) return backToLogin(reply, error === 'access_denied' ? 'denied' : 'provider', language);
      const provider = providers.get(request.params.provider);
      // A callback this browser did not start (or started for another provider) is refused: that is what state is for.
      if (!flow || !provider || flow.provider !== provider.name || !state || state !== flow.state || !code) {
        return backToLogin(reply, flow ? 'state' : 'expired', language);
      }
      try {
        const outcome = await signIn.resolve(await provider.profile(code, flow.verifier, app.clock.now()));
        if (outcome.kind === 'link') {
          setSealed(reply, LINK_COOKIE, 'oauth-link', outcome.pending, LINK_LIFETIME_MS);
          return reply.redirect(webPath('/login/link-account', language), 302);
        }
        setSealed(reply, SESSION_COOKIE, 'oauth-session', { userId: outcome.userId, newAccount: outcome.newAccount }, SESSION_LIFETIME_MS);
        return reply.redirect(webPath('/login/social', language), 302);
      } catch (failure) {
        if (!(failure instanceof OAuthFlowError)) throw failure;
        request.log.warn({ err: failure, provider: provider.name }, 'social sign-in failed');
        return backToLogin(reply, failure.reason, language);
      }
    },
  );

  app.post(
    '/auth/oauth/session',
    {
      schema: {
        tags: TAGS,
        summary: 'Open the session of a social sign-in that just came back from the provider',
        security: SECURITY.csrf,
        response: { 200: successEnvelope(socialSessionSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const claims = openClaims(secret, 'oauth-session', request.cookies[SESSION_COOKIE], app.clock.now());
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      if (typeof claims?.userId !== 'string') throw expired();
      return ok({ ...(await options.auth.sessionFor(claims.userId)), newAccount: claims.newAccount === true });
    },
  );

  app.get(
    '/auth/oauth/link',
    {
      schema: {
        tags: TAGS,
        summary: 'The social sign-in waiting for an existing account’s password (provider and email)',
        response: { 200: successEnvelope(oauthLinkInfoSchema), ...errorReplies },
      },
    },
    async (request) => {
      const pending = pendingFrom(openClaims(secret, 'oauth-link', request.cookies[LINK_COOKIE], app.clock.now()));
      if (!pending) throw expired();
      return ok({ provider: pending.provider, email: pending.email });
    },
  );

  app.post(
    '/auth/oauth/link',
    {
      schema: {
        tags: TAGS,
        summary: "Link the waiting social sign-in to the existing account with that account's password, and sign in",
        security: SECURITY.csrf,
        body: oauthLinkRequestSchema,
        response: { 200: successEnvelope(authSessionSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const pending = pendingFrom(openClaims(secret, 'oauth-link', request.cookies[LINK_COOKIE], app.clock.now()));
      if (!pending) throw expired();
      const userId = await signIn.confirmLink(pending, request.body.password);
      reply.clearCookie(LINK_COOKIE, cookieOptions);
      return ok(await options.auth.sessionFor(userId));
    },
  );
};

function expired(): AppError {
  return new AppError('UNAUTHORIZED', AUTH_FAILURE_MESSAGES.socialSignInExpired);
}

function flowFrom(claims: Record<string, unknown> | null): FlowClaims | null {
  if (!claims || !isProvider(claims.provider) || !isLanguage(claims.language)) return null;
  if (typeof claims.state !== 'string' || typeof claims.verifier !== 'string') return null;
  return { provider: claims.provider, state: claims.state, verifier: claims.verifier, language: claims.language };
}

function pendingFrom(claims: Record<string, unknown> | null): PendingLink | null {
  if (!claims || !isProvider(claims.provider)) return null;
  const { subject, email, userId } = claims;
  if (typeof subject !== 'string' || typeof email !== 'string' || typeof userId !== 'string') return null;
  return { provider: claims.provider, subject, email, userId };
}
