import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REALTIME_PATH } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name the current build; browsers must always revalidate them. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

export const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sound Studio</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Sound Studio</h1>
<p>The API is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> in the repository, then restart the server.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p>
</body>
</html>
`;

export interface WebStaticOptions {
  /** Path prefixes that belong to another API (the developer API's /v1, /v2): never the web app. */
  foreignApiPrefixes?: readonly string[];
  /** How such an API answers a path it does not have (its own JSON 404). */
  foreignApiNotFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/**
 * Serves the built web app (WEB_DIST_DIR) at /. Any GET of a path without a file extension outside /api/,
 * /socket.io and the foreign API prefixes is a client-side route and gets index.html; unknown /api paths get the JSON
 * NOT_FOUND envelope, unknown foreign API paths that API's own 404.
 */
export const webStaticRoutes: FastifyPluginAsync<WebStaticOptions> = async (app, options) => {
  const distDir = app.config.webDistDir;
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const prerenderedFiles = new Set(PRERENDERED_FILES.filter((file) => existsSync(path.join(distDir, file))));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The build writes file.br and file.gz beside each text asset; the client's Accept-Encoding picks one (with
      // Vary: Accept-Encoding, the original's Content-Type and an ETag of the file actually sent).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(distDir, filePath)));
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html').send(MISSING_BUILD_PAGE));
  }

  const foreignPrefixes = options.foreignApiPrefixes ?? [];
  app.setNotFoundHandler(async (request, reply) => {
    if (options.foreignApiNotFound && hasPrefix(pathOf(request), foreignPrefixes)) return options.foreignApiNotFound(request, reply);
    if (!isClientRoute(request)) {
      throw new AppError('NOT_FOUND', `Route ${request.method} ${pathOf(request)} not found`);
    }
    if (!hasBuild) return reply.type('text/html').send(MISSING_BUILD_PAGE);
    const prerendered = prerenderedPageFor(request, prerenderedFiles);
    if (prerendered.varies) reply.header('vary', 'Accept-Language');
    return reply.header('cache-control', 'no-cache').sendFile(prerendered.file ?? 'index.html');
  });
};

/**
 * The pages drawn at build time, by language (`apps/web/scripts/prerender.ts`): the sign-in page, and the studio's
 * text-to-speech frame (its layout and texts, nobody's data), which the page shows only to a browser holding a session.
 */
const PRERENDERED_PAGES: Record<string, { file: string; varies: boolean }> = {
  '/login': { file: 'prerendered/login.en.html', varies: true },
  '/tr/login': { file: 'prerendered/login.tr.html', varies: false },
  '/text-to-speech': { file: 'prerendered/text-to-speech.en.html', varies: true },
  '/tr/text-to-speech': { file: 'prerendered/text-to-speech.tr.html', varies: false },
};
const PRERENDERED_FILES = Object.values(PRERENDERED_PAGES).map((page) => page.file);

/**
 * These paths get the page drawn ahead of time, so a first visit paints before any script runs. An unprefixed path
 * is English unless the browser asks for Turkish, which the app would switch to (the stored choice and the time zone
 * the server cannot see; the app drops a page drawn in the wrong language at once).
 */
function prerenderedPageFor(request: FastifyRequest, built: ReadonlySet<string>): { file: string | null; varies: boolean } {
  const page = PRERENDERED_PAGES[pathOf(request).replace(/\/$/, '')];
  if (!page) return { file: null, varies: false };
  const wanted = !(page.varies && prefersTurkish(request.headers['accept-language'])) && built.has(page.file);
  return { file: wanted ? page.file : null, varies: page.varies };
}

function prefersTurkish(acceptLanguage: string | undefined): boolean {
  return (acceptLanguage ?? '').split(',').some((entry) => entry.trim().toLowerCase().startsWith('tr'));
}

/** A precompressed copy (`x.js.br`, `x.js.gz`) is cached like the file it encodes. */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/').replace(PRECOMPRESSED_SUFFIX, '');
  if (normalized.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(normalized) || normalized.startsWith('prerendered/')) return 'no-cache';
  return 'public, max-age=3600';
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

function hasPrefix(urlPath: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = pathOf(request);
  if (urlPath.startsWith('/api/') || urlPath === REALTIME_PATH || urlPath.startsWith(`${REALTIME_PATH}/`)) return false;
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
