/**
 * When the app has drawn its first page: work the visitor does not wait for (the service worker's install, which
 * fetches and stores every asset of the app) starts after it, rather than beside the scripts and requests that draw it.
 */
let drawn = false;
const waiting: Array<() => void> = [];

/** Called by the page boundaries once a page's content has committed; later calls do nothing. */
export function markFirstPageDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const run of waiting.splice(0)) run();
}

/** Whether a page has been drawn yet. */
export function isFirstPageDrawn(): boolean {
  return drawn;
}

/** Runs `run` once the first page is drawn (at once if it already is). */
export function afterFirstPageDrawn(run: () => void): void {
  if (drawn) run();
  else waiting.push(run);
}
