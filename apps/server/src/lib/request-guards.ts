import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './authentication.ts';
import { verifyAccessToken } from './access-tokens.ts';
import { isValidCsrfToken } from './csrf.ts';
import { AppError } from './errors.ts';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '';
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** API calls: everything under /api/ (the bare /api path is the web app's API page). */
function isApiCall(path: string): boolean {
  return path.startsWith('/api/');
}

/** The admin API authenticates with the operator key and is exempt from CSRF and the per-user limit. */
function isAdminCall(path: string): boolean {
  return isUnder(path, '/api/admin');
}

/** Payment providers' webhooks prove themselves with a signature over the raw body; they never carry a CSRF token. */
export const PAYMENT_WEBHOOKS_PREFIX = '/api/billing/webhooks';

/**
 * Every mutating API call must carry a valid, unexpired X-CSRF-Token from GET /api/auth/csrf-token (unless
 * CSRF_PROTECTION is off).
 */
export function installCsrfProtection(app: FastifyInstance): void {
  if (!app.config.csrfProtection) return;
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request);
    if (!MUTATING_METHODS.has(request.method) || !isApiCall(path) || isAdminCall(path) || isUnder(path, PAYMENT_WEBHOOKS_PREFIX)) return;
    const header = request.headers['x-csrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!isValidCsrfToken(app.config.jwtSecret, token, app.clock.now())) {
      throw new AppError('CSRF_INVALID', 'Invalid or missing CSRF token');
    }
  });
}

const UNLIMITED_PREFIXES = ['/api/admin', '/api/docs', '/api/health', PAYMENT_WEBHOOKS_PREFIX];

/**
 * The generic API limit: per signed-in user when the bearer token verifies (signature only, no database), otherwise
 * per client address.
 */
export function installApiRateLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request);
    if (!isApiCall(path) || UNLIMITED_PREFIXES.some((prefix) => isUnder(path, prefix))) return;
    if (request.routeOptions.config.apiRateLimit === false) return;
    await app.rateLimiters.api.consume(callerKey(app, request));
  });
}

function callerKey(app: FastifyInstance, request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  if (token) {
    const check = verifyAccessToken(app.config.jwtSecret, token, app.clock.now());
    if (check.valid) return `user:${check.claims.sub}`;
  }
  return `ip:${request.ip}`;
}
