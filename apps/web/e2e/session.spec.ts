import { expect, test } from '@playwright/test';
import { register } from './helpers.ts';

const MINUTE = 60_000;
const WARNING = 'Your session will expire in 5 minutes due to inactivity. Would you like to continue?';
const EXPIRED = 'Your session has expired due to inactivity. Please log in again.';

test('warns after 25 idle minutes; continuing extends the session', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await page.clock.fastForward(24 * MINUTE);
  await expect(page.getByTestId('session-warning')).toHaveCount(0);
  await page.clock.fastForward(1 * MINUTE + 1000);
  const dialog = page.getByTestId('session-warning');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(WARNING);
  await dialog.getByRole('button', { name: 'Continue session' }).click();
  await expect(dialog).toHaveCount(0);
  // A fresh 30 minutes: nothing at the old 30-minute mark.
  await page.clock.fastForward(10 * MINUTE);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test('activity resets the timers', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await page.clock.fastForward(20 * MINUTE);
  await page.mouse.move(200, 200);
  await page.keyboard.press('Shift');
  await page.clock.fastForward(20 * MINUTE);
  await expect(page.getByTestId('session-warning')).toHaveCount(0);
  await page.clock.fastForward(6 * MINUTE);
  await expect(page.getByTestId('session-warning')).toBeVisible();
});

test('declining the warning ends the session', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await page.clock.fastForward(25 * MINUTE + 1000);
  await page.getByTestId('session-warning').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('soundstudio_access_token'))).toBeNull();
});

test('expires after 30 idle minutes with the alert and a redirect to /login', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await page.clock.fastForward(25 * MINUTE + 1000);
  await expect(page.getByTestId('session-warning')).toBeVisible();
  await page.clock.fastForward(5 * MINUTE);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('soundstudio_access_token'))).toBeNull();
});
