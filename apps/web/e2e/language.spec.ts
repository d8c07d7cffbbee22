import { expect, test } from '@playwright/test';
import { test as signedInTest } from './signed-in.ts';

test('/tr pages are Turkish, and the public switch keeps the page', async ({ page }) => {
  await page.goto('/tr/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('heading', { name: 'Tekrar hoş geldiniz' })).toBeVisible();
  await expect(page.getByTestId('logo')).toContainText('Sound Studio');
  await page.getByTestId('language-toggle').click();
  // The unprefixed page (a pattern ending in /login would also take /tr/login).
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('soundstudio_language'))).toBe('en');
});

signedInTest('the shell speaks Turkish under /tr and the language menu adds or removes the prefix', async ({ page }) => {
  await page.goto('/tr/pricing');
  await expect(page.getByRole('heading', { name: 'Her içerik üreticisine uygun planlar' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toContainText('Ses kütüphanesi');
  await expect(page.getByTestId('logo')).toContainText('Sound Studio');

  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: /English/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Plans for every creator' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('soundstudio_language'))).toBe('en');

  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: /Türkçe/ }).click();
  await expect(page).toHaveURL(/\/tr\/pricing$/);
  // The stored choice now sends unprefixed addresses to their Turkish page.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/tr\/settings$/);
  await expect(page.getByRole('heading', { name: 'Ayarlar' })).toBeVisible();
  // The API page keeps one address.
  await page.goto('/api');
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('heading', { name: 'API erişimi' })).toBeVisible();
});

test('a Turkish browser gets Turkish by default', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/tr\/login$/);
  await expect(page.getByRole('heading', { name: 'Tekrar hoş geldiniz' })).toBeVisible();
  await context.close();
});
