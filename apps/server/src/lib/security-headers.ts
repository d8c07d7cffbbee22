import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stored media and uploaded artwork opened on their own (a signed link pasted in the address bar) render in a sandbox:
 * an SVG cannot run script or reach anything, whatever slipped past the upload checks.
 */
export const STORED_MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Hashes of the inline scripts of the built index.html (the theme boot script that runs before the first paint), so
 * the policy allows exactly those and no other inline script.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');
  return inlineScripts.filter((script) => script.trim()).map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
}

/**
 * Helmet's headers on every reply, with a content policy that suits the SPA and Swagger UI: scripts only from our origin
 * (plus the hashed inline boot script), inline style attributes (React, Radix and Swagger UI set them), data: and blob:
 * images and audio (waveforms, recordings, previews), the realtime socket on our origin, the PWA's service worker, and
 * no framing, plugins or foreign form targets. No upgrade-insecure-requests: the server also runs on plain HTTP on a LAN.
 */
export async function installSecurityHeaders(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDistDir)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
}

/** Headers by which a request proves who is calling: access tokens, API keys (either header) and cookies. */
const CREDENTIAL_HEADERS = ['authorization', 'xi-api-key', 'cookie'];

/**
 * Replies to a request that carries credentials, and every /api/auth reply (tokens, the profile), may hold one user's
 * data: `Cache-Control: no-store` keeps them out of the browser's cache and any shared cache between. A route that
 * chose its own caching (signed media links, voice previews, static assets) keeps it.
 */
export function installPrivateReplyCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (isAuthRoute(request.url) || carriesCredentials(request.headers))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

function isAuthRoute(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api/auth' || path.startsWith('/api/auth/');
}

function carriesCredentials(headers: FastifyRequest['headers']): boolean {
  return CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined);
}
