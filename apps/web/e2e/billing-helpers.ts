import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { BillingOverview } from '@sound-studio/shared';

const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));

/** GET /api/billing as the signed-in page's user. */
export async function billingOverview(page: Page): Promise<BillingOverview> {
  const reply = await page.evaluate(async () => {
    const token = localStorage.getItem('soundstudio_access_token');
    const response = await fetch('/api/billing', { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as BillingOverview;
}

/**
 * What the operator does under manual billing: `npm run admin -- subscriptions approve <id>`, run the same way
 * against the test server (the runner passes its URL and admin token).
 */
export function approveAsOperator(pendingChangeId: string): string {
  const adminToken = process.env.E2E_ADMIN_TOKEN;
  if (!adminToken) throw new Error('E2E_ADMIN_TOKEN not set: run through scripts/e2e.mjs');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'subscriptions', 'approve', pendingChangeId], {
    cwd: SERVER_DIR,
    env: { ...process.env, ADMIN_URL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000', ADMIN_TOKEN: adminToken },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`admin approve failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The header's balance as a number (the button shows it formatted in English). */
export async function headerBalance(page: Page): Promise<number> {
  const button = page.getByTestId('credits-button');
  await expect(button).not.toHaveText('—');
  return Number((await button.innerText()).replace(/[^\d]/g, ''));
}
