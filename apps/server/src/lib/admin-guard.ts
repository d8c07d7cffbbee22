import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** Constant-time comparison; hashing first makes the lengths equal. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The one guard of every operator route under /api/admin: each admin plugin installs it on its own scope, so a route
 * cannot be added there without the X-Admin-Token check (ADMIN_TOKEN or DATA_DIR/admin-token).
 */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !sameSecret(token, app.config.adminToken)) {
      throw new AppError('FORBIDDEN', 'A valid X-Admin-Token header is required');
    }
  });
}
