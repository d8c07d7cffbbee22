import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Starts the app's scripts once the page has painted, rather than from the HTML as Vite writes it. Every page the server
 * sends first holds something to see before the app runs: the sign-in form or the studio frame drawn at build time
 * (`prerender.ts`). With the scripts in the HTML, the browser fetched about 25 of them beside the stylesheet the first
 * paint waits for, sharing a slow connection six ways, and ran them before it painted. Now the stylesheet and the font
 * have the connection to themselves, and the scripts start in the task after the first frame: the entry, which the
 * browser follows to its imports, and any modulepreloads Vite wrote, in its order (the build turns those off, see
 * vite.config.ts). A page opened in a background tab paints nothing until it is shown, so there the app starts at once.
 */
export function appAfterFirstPaint(): Plugin {
  return {
    name: 'sound-studio-app-after-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferAppScripts },
  };
}

/** index.html with its entry script and modulepreload links replaced by the inline loader. */
export function deferAppScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) throw new Error('app-after-paint: index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const loader = `<script>${appLoaderSource(entry[1], preloads)}</script>\n    `;
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], loader);
}

/** A visible page whose browser never runs animation frames (some embedded views) starts the app after this. */
const FRAME_WAIT_LIMIT_MS = 3000;

/**
 * The inline loader: after the first frame (a timer set from an animation frame runs once that frame is painted), or at
 * once in a hidden page, or when the page is hidden before it painted, or after FRAME_WAIT_LIMIT_MS at the latest. The server allows it by its hash (the security
 * headers hash every inline script of index.html), so it must stay the same in every page built from index.html.
 */
export function appLoaderSource(entry: string, preloads: readonly string[]): string {
  return (
    `(function(){var d=document,started=0;function start(){if(started)return;started=1;` +
    (preloads.length > 0
      ? `${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});`
      : '') +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    `if(d.visibilityState==='hidden'){start();return}` +
    `d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')start()});` +
    `requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,${FRAME_WAIT_LIMIT_MS})})()`
  );
}
