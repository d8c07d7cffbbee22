import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test as signedInTest } from './signed-in.ts';

// These tests are about the service worker, which playwright.config.ts blocks elsewhere.
test.use({ serviceWorkers: 'allow' });
signedInTest.use({ serviceWorkers: 'allow' });

test('the app is installable: manifest with icons and a service worker', async ({ page }) => {
  await page.goto('/login');
  // Linked by the app once its first page has settled (about 5 s), not by the HTML the server sends.
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveCount(0);
  await expect(link).toHaveAttribute('href', '/manifest.webmanifest', { timeout: 20_000 });
  const href = await link.getAttribute('href');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Sound Studio', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(registered).toMatch(/\/sw\.js$/);
});

signedInTest('the installed app opens offline to a friendly screen', async ({ page, context }) => {
  await openSignedIn(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load may not be controlled yet: reload once online so the worker serves the shell.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
