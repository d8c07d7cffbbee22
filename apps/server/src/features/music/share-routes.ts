import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { musicSharePath, type Language } from '@sound-studio/shared';
import { z } from 'zod';
import { isUuid } from '../../lib/ids.ts';
import { MusicRepository, type TrackRow } from './repository.ts';
import { ShareCovers } from './share-cover.ts';
import { genericPreview, injectPreview, trackPreview } from './share-page.ts';

/** Used when the web app has not been built: crawlers still get their tags. */
const BARE_PAGE = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Sound Studio</title>\n  </head>\n  <body></body>\n</html>\n';
const GENERIC_COVER_PATH = '/share/cover.png';
/** Previews are read by crawlers that keep their own copy; an hour keeps a renamed or deleted track from lingering. */
const PAGE_CACHE = 'public, max-age=300';
const COVER_CACHE = 'public, max-age=3600';

/** PUBLIC_URL when the operator set it (a cache in front must not keep links to whichever host was asked). */
function originOf(request: FastifyRequest, publicUrl: string | null): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/**
 * The share page of a track as the server sends it (/share/music/{id} and /tr/share/music/{id}): the web app's
 * index.html with Open Graph and Twitter card tags, so chat apps that read no JavaScript can unfurl the link, and the
 * cover they show as a PNG (/share/music/{id}/cover.png). A track that is missing or not completed (not public) gets
 * the generic tags and the brand cover: nothing about it leaks.
 */
export const musicSharePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = new MusicRepository(app.db);
  const covers = new ShareCovers(app.files);
  let indexHtml: Promise<string> | null = null;
  const page = () => {
    indexHtml ??= readFile(path.join(app.config.webDistDir, 'index.html'), 'utf8').catch(() => BARE_PAGE);
    return indexHtml;
  };

  async function publicTrack(id: string): Promise<{ track: TrackRow; artworkKey: string | null } | null> {
    const track = isUuid(id) ? await repository.findTrack(id) : null;
    if (!track || track.status !== 'completed') return null;
    const featured = await repository.findFeatured(track.id);
    return { track, artworkKey: featured?.artworkKey ?? track.artworkKey };
  }

  const sharePage = (language: Language) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const origin = originOf(request, app.config.mail.publicUrl);
    const id = request.params.id;
    const shared = await publicTrack(id);
    const pageUrl = `${origin}${language === 'en' ? '' : `/${language}`}${musicSharePath(id)}`;
    const preview = shared
      ? trackPreview(shared.track, language, {
          pageUrl,
          imageUrl: `${origin}${musicSharePath(id)}/cover.png`,
          audioUrl: shared.track.audioKey ? `${origin}${app.mediaLinks.urlFor(shared.track.audioKey)}` : null,
        })
      : genericPreview(language, { pageUrl: `${origin}${language === 'en' ? '' : `/${language}`}/`, imageUrl: `${origin}${GENERIC_COVER_PATH}` });
    return reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE).send(injectPreview(await page(), preview));
  };

  const params = z.object({ id: z.string().max(100) });
  app.get('/share/music/:id', { schema: { hide: true, params } }, sharePage('en'));
  app.get('/tr/share/music/:id', { schema: { hide: true, params } }, sharePage('tr'));

  app.get('/share/music/:id/cover.png', { schema: { hide: true, params } }, async (request, reply) => {
    const shared = await publicTrack(request.params.id);
    const cover = shared ? await covers.forArtwork(shared.artworkKey) : await covers.brand();
    return reply.type('image/png').header('cache-control', COVER_CACHE).send(cover);
  });
  app.get(GENERIC_COVER_PATH, { schema: { hide: true } }, async (_request, reply) => reply.type('image/png').header('cache-control', COVER_CACHE).send(await covers.brand()));
};
