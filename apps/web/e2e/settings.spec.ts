import { expect } from '@playwright/test';
import { login, logout } from './helpers.ts';
import { test } from './signed-in.ts';

const NEW_PASSWORD = 'Quiet-Harbour-73?';

test('updates the profile and stores the new name and email', async ({ page, account }) => {
  await page.goto('/settings');
  const newEmail = account.email.replace('@', '+renamed@');
  await page.getByLabel('Name').fill('Ada King');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const storedUser = await page.evaluate(() => JSON.parse(localStorage.getItem('soundstudio_user') ?? '{}'));
  expect(storedUser).toMatchObject({ name: 'Ada King', email: newEmail });
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText('Ada King');
  await page.keyboard.press('Escape');

  // A name the rules refuse never reaches the server.
  await page.getByLabel('Name').fill('A');
  await expect(page.getByText('Name must be at least 2 characters long')).toBeVisible();
});

test('changes the password, clears the fields, and the new password signs in', async ({ page, account }) => {
  await page.goto('/settings');

  // The registration rules hold here too: "abcdef" was once accepted.
  await page.getByLabel('New password', { exact: true }).fill('abcdef');
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();

  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Failed to change password')).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirm new password')).toHaveValue('');

  await page.goto('/');
  await logout(page);
  await login(page, { ...account, password: NEW_PASSWORD });
});
