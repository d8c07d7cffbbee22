import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './signed-in.ts';

const run = promisify(execFile);

/** Switching a plan's API access needs the server's admin token; the runner passes it as E2E_ADMIN_TOKEN. */
const adminToken = process.env.E2E_ADMIN_TOKEN;
const admin = { 'x-admin-token': adminToken ?? '' };

async function setFreePlanApiAccess(request: APIRequestContext, apiAccess: boolean) {
  const patch = await request.patch('/api/admin/plans/free', { headers: admin, data: { features: { apiAccess } } });
  expect(patch.ok(), await patch.text()).toBe(true);
}

function speech(request: APIRequestContext, key: string) {
  return request.post('/v1/audio/speech', {
    headers: { authorization: `Bearer ${key}` },
    data: { model: 'tts-1', voice: 'alloy', input: 'Hello from the end to end test.', response_format: 'mp3' },
  });
}

/** An MP3 starts with an ID3 tag or an MPEG audio frame sync (11 set bits). */
function looksLikeMp3(bytes: Buffer): boolean {
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') return true;
  return bytes.length > 1 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
}

/**
 * Runs an example exactly as the API page shows it, in an empty folder, and returns the speech.mp3 it writes. The
 * JavaScript one finds the `openai` package through a link to the repository's node_modules.
 */
async function runExample(page: Page, language: 'curl' | 'javascript'): Promise<Buffer> {
  await page.getByRole('tab', { name: language === 'curl' ? 'curl' : 'JavaScript' }).click();
  const code = (await page.getByTestId(`example-${language}`).textContent()) ?? '';
  const folder = mkdtempSync(path.join(tmpdir(), 'api-example-'));
  try {
    if (language === 'curl') {
      await run('sh', ['-c', code], { cwd: folder });
    } else {
      symlinkSync(path.join(process.cwd(), 'node_modules'), path.join(folder, 'node_modules'));
      writeFileSync(path.join(folder, 'example.mjs'), code);
      await run(process.execPath, ['example.mjs'], { cwd: folder });
    }
    return readFileSync(path.join(folder, 'speech.mp3'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('an API key made on the API page speaks through /v1, shows its usage and stops working once revoked', async ({ page, request, context }) => {
  test.skip(!adminToken, 'E2E_ADMIN_TOKEN not set');
  // A shared, busy machine can take well over a minute for this many steps.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // New accounts are on the free plan: give that plan API access for this test only.
  await setFreePlanApiAccess(request, true);
  try {
    await page.goto('/api');
    await page.getByLabel('Key name').fill('E2E laptop');
    await page.getByTestId('create-key').click();

    const shown = page.getByTestId('new-key-value');
    await expect(shown).toHaveText(/^ss_\S{20,}$/);
    await page.getByTestId('copy-key').click();
    await expect(page.getByTestId('copy-key')).toHaveText('Copied');
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toBe(await shown.textContent());
    // The examples use the new key and this server's own address.
    await expect(page.getByTestId('example-curl')).toContainText(key);
    await expect(page.getByTestId('example-curl')).toContainText(new URL(page.url()).origin);

    const spoken = await speech(request, key);
    expect(spoken.status(), await spoken.text()).toBe(200);
    expect(spoken.headers()['content-type']).toContain('audio/mpeg');
    const audio = await spoken.body();
    expect(audio.length).toBeGreaterThan(1000);
    expect(looksLikeMp3(audio)).toBe(true);
    // The page's examples work as shown: curl, and JavaScript with the openai package.
    for (const language of ['curl', 'javascript'] as const) {
      const written = await runExample(page, language);
      expect(looksLikeMp3(written), `${language} example wrote ${written.subarray(0, 200).toString()}`).toBe(true);
    }

    // The full key is shown only once: after a reload the row shows its prefix and the call.
    await page.reload();
    await expect(page.getByTestId('new-key')).toHaveCount(0);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'E2E laptop' });
    await expect(row).toContainText(`${key.slice(0, 8)}`);
    await expect(row.getByTestId('key-usage')).toHaveText(/This month: 3 requests · [1-9][\d,]* credits/);
    await expect(row).not.toContainText('never used');

    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByTestId('revoke-dialog');
    await expect(dialog).toContainText('E2E laptop');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

    const refused = await speech(request, key);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error).toMatchObject({ type: expect.any(String), message: expect.any(String) });
  } finally {
    await setFreePlanApiAccess(request, false);
  }
});
