import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi, signedInStorage } from './helpers.ts';

/** Holds the app's entry script back, as a slow connection would, while the page drawn at build time is on screen. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
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
      if (document.querySelector('[data-testid="page-spinner"]') && !document.querySelector('[data-prerendered-layer]')) seen.push('spinner');
    }).observe(document, { childList: true, subtree: true });
  });
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
