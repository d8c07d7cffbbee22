import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi, signedInStorage } from './helpers.ts';

/** Holds a script back (the app's entry by default), as a slow connection would, while the page drawn at build time is on screen. */
async function holdAppScript(page: Page, script = /\/assets\/index-[^/]+\.js$/): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Notes whether the loading spinner was ever on screen, that is present while no frame covered it. */
async function watchForUncoveredSpinner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __spinnerSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-spinner"]') && !document.querySelector('[data-prerendered-layer]:not([hidden])')) seen.push('spinner');
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The animations the page is running, by the class of the element each animates. */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.getAttribute('class') ?? ''),
  );
}

test.describe('signed in', () => {
  test.use({ locale: 'en-US' });

  test('the studio frame paints before the app has loaded, in either language, and the app takes over with no spinner', async ({ browser, request, baseURL }) => {
    const account = await registerThroughApi(request);
    const context = await browser.newContext({ storageState: signedInStorage(baseURL ?? '', account.session), locale: 'en-US' });
    const page = await context.newPage();
    const release = await holdAppScript(page);
    await watchForUncoveredSpinner(page);
    await page.goto('/text-to-speech', { waitUntil: 'commit' });
    const frame = page.locator('[data-prerendered-page="text-to-speech"]');
    await expect(frame).toBeVisible();
    await expect(frame.getByText('Turn any text into natural speech with the voice that fits.')).toBeVisible();
    await expect(frame.getByPlaceholder('Type or paste the text you want to hear…')).toBeVisible();
    // A picture of the page, nobody's data in it: inert, hidden from assistive technology, no balance, no name.
    await expect(frame).toHaveAttribute('inert', '');
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await expect(frame).not.toContainText(account.name);
    await expect(frame.locator('textarea')).toHaveAttribute('readonly', '');
    // A still picture: its loading placeholders do not pulse (every animation frame is painted on the loading page's cores).
    expect(await runningAnimations(page)).toEqual([]);

    release();
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const editor = page.getByPlaceholder('Type or paste the text you want to hear…');
    await editor.fill('Hello from the studio.');
    await expect(editor).toHaveValue('Hello from the studio.');
    expect(await page.evaluate(() => (window as unknown as { __spinnerSeen: string[] }).__spinnerSeen)).toEqual([]);

    // The Turkish address gets the Turkish frame.
    const turkish = await context.newPage();
    const releaseTurkish = await holdAppScript(turkish);
    await turkish.goto('/tr/text-to-speech', { waitUntil: 'commit' });
    await expect(turkish.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(turkish.locator('[data-prerendered="tr"]').getByText('Her metni, ona en uygun sesle doğal bir konuşmaya dönüştürün.')).toBeVisible();
    releaseTurkish();
    await expect(turkish.locator('[data-prerendered-page]')).toHaveCount(0);
    await expect(turkish.getByRole('heading', { name: 'Metinden sese' })).toBeVisible();
    await context.close();
  });

  test('the app loading beneath the frame runs no animation, and the frame leaves the document after it is hidden', async ({ browser, request, baseURL }) => {
    const account = await registerThroughApi(request);
    const context = await browser.newContext({ storageState: signedInStorage(baseURL ?? '', account.session), locale: 'en-US' });
    const page = await context.newPage();
    // The signed-in shell held back: the app shows its loading spinner under the frame.
    const release = await holdAppScript(page, /\/assets\/AppShell-[^/]+\.js$/);
    await page.goto('/text-to-speech', { waitUntil: 'commit' });
    await expect(page.locator('#root [data-testid="page-spinner"]')).toBeAttached();
    await expect(page.locator('[data-prerendered-page="text-to-speech"]')).toBeVisible();
    expect(await runningAnimations(page)).toEqual([]);

    release();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.locator('[data-prerendered-layer]')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('data-beneath-frame');
    await context.close();
  });

  test('the studio draws without Intl objects that load the browser’s locale data', async ({ browser, request, baseURL }) => {
    const account = await registerThroughApi(request);
    const context = await browser.newContext({ storageState: signedInStorage(baseURL ?? '', account.session), locale: 'en-US' });
    const page = await context.newPage();
    // The first of these in a page costs Chromium 50-130 ms of main thread (lib/number-format.ts).
    await page.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { __intlMade: made });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'DisplayNames', 'Collator'] as const) {
        const original = Intl[name];
        Object.defineProperty(Intl, name, {
          configurable: true,
          value: new Proxy(original, {
            construct: (target, args: unknown[]) => (made.push(name), Reflect.construct(target, args)),
            apply: (target, self, args: unknown[]) => (made.push(name), Reflect.apply(target, self, args)),
          }),
        });
      }
    });
    await page.goto('/text-to-speech');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    // The page as a user first sees it: the voice named with its language, the sliders with their values.
    await expect(page.getByTestId('voice-card')).toContainText('English');
    await expect(page.getByTestId('tts-counter')).toContainText('0 / 5,000');
    expect(await page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade)).toEqual([]);
    await context.close();
  });

  test('a session the server refuses: the frame goes and the sign-in page comes', async ({ browser, request, baseURL }) => {
    const account = await registerThroughApi(request);
    const refused = { ...account.session, accessToken: `${account.session.accessToken.slice(0, -4)}AAAA`, refreshToken: 'not-a-refresh-token' };
    const context = await browser.newContext({ storageState: signedInStorage(baseURL ?? '', refused), locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/text-to-speech');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('[data-prerendered-page], [data-prerendered-layer]')).toHaveCount(0);
    await context.close();
  });
});

test('a visitor without a session never sees the studio frame on the way to the sign-in page', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/text-to-speech', { waitUntil: 'commit' });
  await expect(page.locator('[data-prerendered-page="text-to-speech"]')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
