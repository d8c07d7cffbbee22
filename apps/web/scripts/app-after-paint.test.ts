import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appLoaderSource, deferAppScripts } from './app-after-paint.ts';

const VITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script>boot()</script>
    <title>Sound Studio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** What the loader has appended to <head> (kept, not attached: the test document loads no script). */
let appended: Node[] = [];

/** What the loader has started so far: [kind, url] in order. */
function started(): string[][] {
  return appended.map((element) =>
    element instanceof HTMLScriptElement
      ? [`script ${element.type}`, element.getAttribute('src') ?? '']
      : [(element as HTMLLinkElement).rel, (element as HTMLLinkElement).getAttribute('href') ?? ''],
  );
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('app scripts after the first paint', () => {
  beforeEach(() => {
    appended = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      appended.push(node);
      return node;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('takes the entry script and its modulepreloads out of the HTML and leaves the rest', () => {
    const html = deferAppScripts(VITE_HTML);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain('<script>boot()</script>');
    expect(html).toContain(`<script>${appLoaderSource('/assets/index-abc.js', ['/assets/react-dom-1.js', '/assets/i18n-2.js'])}</script>`);
    expect(() => deferAppScripts('<html><head></head></html>')).toThrow(/no module entry script/);
  });

  it('starts the scripts in the task after the first frame, preloads first, each once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    new Function(appLoaderSource('/assets/index-abc.js', ['/assets/react-dom-1.js', '/assets/i18n-2.js']))();
    vi.advanceTimersByTime(100);
    expect(started()).toEqual([]);
    frames.forEach((frame) => frame(0));
    // The frame's callbacks run before it is painted: still nothing.
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(0);
    const expected = [
      ['modulepreload', '/assets/react-dom-1.js'],
      ['modulepreload', '/assets/i18n-2.js'],
      ['script module', '/assets/index-abc.js'],
    ];
    expect(started()).toEqual(expected);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.runAllTimers();
    expect(started()).toEqual(expected);
  });

  it('writes no preload loop when the build has no modulepreloads', () => {
    const source = appLoaderSource('/assets/index-abc.js', []);
    expect(source).not.toContain('modulepreload');
    expect(source).toContain('"/assets/index-abc.js"');
  });

  it('starts after 3 s in a visible page whose browser runs no animation frame', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    new Function(appLoaderSource('/assets/index-abc.js', []))();
    vi.advanceTimersByTime(2999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toEqual([['script module', '/assets/index-abc.js']]);
  });

  it('starts at once in a hidden page, and when the page is hidden before its first frame', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    setVisibility('hidden');
    new Function(appLoaderSource('/assets/index-abc.js', []))();
    expect(started()).toEqual([['script module', '/assets/index-abc.js']]);

    appended = [];
    setVisibility('visible');
    new Function(appLoaderSource('/assets/index-def.js', []))();
    expect(started()).toEqual([]);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(started()).toEqual([['script module', '/assets/index-def.js']]);
  });
});
