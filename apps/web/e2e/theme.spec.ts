import { expect } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';

test('the theme defaults to light, switches, persists and follows the OS in system mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignedIn(page);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('soundstudio_theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveClass(/dark/);

  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);

  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
});
