import type { Language } from '@sound-studio/shared';
import type { TrackRow } from './repository.ts';

/** What a crawler (a chat app unfurling a link) reads from a share page's head. */
export interface SharePreview {
  title: string;
  description: string;
  /** Absolute URLs. */
  pageUrl: string;
  imageUrl: string;
  audioUrl: string | null;
  language: Language;
}

const SITE_NAME = 'Sound Studio';
const DESCRIPTION_MAX = 200;

/** The share page's words in each language; the product name is the same in both. */
const TEXTS: Record<Language, { generic: string; track: (duration: string) => string; imageAlt: (title: string) => string; locale: string }> = {
  en: {
    generic: 'Music and speech made with Sound Studio.',
    track: (duration) => `A ${duration} track made with Sound Studio.`,
    imageAlt: (title) => `Cover art of ${title}`,
    locale: 'en_US',
  },
  tr: {
    generic: 'Sound Studio ile yapılmış müzik ve sesler.',
    track: (duration) => `Sound Studio ile yapılmış ${duration} uzunluğunda bir parça.`,
    imageAlt: (title) => `${title} kapak görseli`,
    locale: 'tr_TR',
  },
};

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A completed track's preview: its title, length and prompt. */
export function trackPreview(track: Pick<TrackRow, 'title' | 'prompt' | 'durationSeconds'>, language: Language, urls: Pick<SharePreview, 'pageUrl' | 'imageUrl' | 'audioUrl'>): SharePreview {
  const description = shorten(`${TEXTS[language].track(clock(track.durationSeconds))} ${track.prompt}`, DESCRIPTION_MAX);
  return { title: shorten(track.title || SITE_NAME, 100), description, language, ...urls };
}

/** A missing or private track: the product's own words, nothing about the track. */
export function genericPreview(language: Language, urls: Pick<SharePreview, 'pageUrl' | 'imageUrl'>): SharePreview {
  return { title: SITE_NAME, description: TEXTS[language].generic, language, audioUrl: null, ...urls };
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);
}

function metaTags(preview: SharePreview): string[] {
  const texts = TEXTS[preview.language];
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    property('og:site_name', SITE_NAME),
    property('og:type', preview.audioUrl ? 'music.song' : 'website'),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', preview.pageUrl),
    property('og:locale', texts.locale),
    property('og:image', preview.imageUrl),
    property('og:image:type', 'image/png'),
    property('og:image:alt', texts.imageAlt(preview.title)),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', preview.title),
    named('twitter:description', preview.description),
    named('twitter:image', preview.imageUrl),
    named('twitter:image:alt', texts.imageAlt(preview.title)),
  ];
  if (preview.audioUrl) tags.push(property('og:audio', preview.audioUrl), property('og:audio:type', 'audio/mpeg'));
  return tags;
}

/**
 * The web app's index.html with the preview in its head: the title and description replaced, the Open Graph and
 * Twitter card tags added. Every value is escaped; the page still boots the app for a person.
 */
export function injectPreview(indexHtml: string, preview: SharePreview): string {
  const title = `<title>${escapeHtml(preview.title === SITE_NAME ? SITE_NAME : `${preview.title} · ${SITE_NAME}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(preview.description)}" />`;
  const head = `${metaTags(preview).join('\n    ')}\n  </head>`;
  return indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${preview.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/<meta name="description"[^>]*>/, () => description)
    .replace('</head>', () => head);
}
