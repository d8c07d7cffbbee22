import { buffer } from 'node:stream/consumers';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { drawCover } from '../../lib/image/draw-cover.ts';
import { sniffArtwork } from './artwork-upload.ts';

/** Share covers are square; large enough for chat apps' big previews, small enough to draw quickly. */
export const SHARE_COVER_SIZE = 480;
const CACHED_COVERS = 64;

/** The brand cover for a missing or private track, and for artwork this cannot draw (JPEG). */
const BRAND_COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">' +
  '<defs><linearGradient id="bg" gradientTransform="rotate(45 0.5 0.5)"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>' +
  '<rect width="1024" height="1024" fill="url(#bg)"/>' +
  [120, 260, 400, 180, 320, 460, 240, 140, 300, 200]
    .map((height, index) => `<rect x="${172 + index * 72}" y="${512 - height / 2}" width="40" height="${height}" fill="#ffffff" fill-opacity="0.9"/>`)
    .join('') +
  '</svg>';

/**
 * PNG covers for shared tracks: the track's artwork (our generated SVG covers are drawn to PNG in a thread, PNG
 * uploads pass through), else the brand cover. Drawings are kept in a small in-memory cache keyed by the artwork's
 * file, and drawn one at a time so a burst of crawlers costs one core at most.
 */
export class ShareCovers {
  readonly #cache = new Map<string, Promise<Buffer>>();
  #brand: Promise<Buffer> | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly files: FileStore) {}

  brand(): Promise<Buffer> {
    this.#brand ??= this.#drawSvg(BRAND_COVER_SVG);
    // A failed drawing is not kept: the next request tries again.
    this.#brand.catch(() => {
      this.#brand = null;
    });
    return this.#brand;
  }

  forArtwork(artworkKey: string | null): Promise<Buffer> {
    if (!artworkKey) return this.brand();
    const cached = this.#cache.get(artworkKey);
    if (cached) return cached;
    const cover = this.#draw(artworkKey);
    this.#cache.set(artworkKey, cover);
    cover.catch(() => this.#cache.delete(artworkKey));
    if (this.#cache.size > CACHED_COVERS) this.#cache.delete(this.#cache.keys().next().value ?? artworkKey);
    return cover;
  }

  async #draw(artworkKey: string): Promise<Buffer> {
    if (!(await this.files.stat(artworkKey))) return this.brand();
    const bytes = await buffer(await this.files.read(artworkKey));
    const kind = sniffArtwork(bytes);
    if (kind === 'png') return bytes;
    if (kind !== 'svg') return this.brand();
    try {
      return await this.#drawSvg(bytes.toString('utf8'));
    } catch {
      return this.brand();
    }
  }

  #drawSvg(svg: string): Promise<Buffer> {
    const drawn = this.#queue.then(() => drawCover({ svg, size: SHARE_COVER_SIZE }));
    this.#queue = drawn.catch(() => undefined);
    return drawn;
  }
}
