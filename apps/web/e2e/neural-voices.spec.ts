import { execFileSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './signed-in.ts';
import { expectPlaying } from './speech-helpers.ts';

const VOICE_ID = 'neural-tr-tr-tiny-x-low';

test.describe('neural voices', () => {
  test('a model added to MODELS_DIR joins the library with its badge and speaks in the editor', async ({ page }) => {
    const modelsDir = process.env.E2E_MODELS_DIR;
    test.skip(!modelsDir, 'needs E2E_MODELS_DIR (npm run test:e2e sets it)');
    // Installed the way `npm run models -- add` does: written aside, then renamed into place while the server runs.
    const staging = path.join(modelsDir ?? '', '.staging-e2e');
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/audio/src/testing/tiny-voice-cli.ts', 'piper', staging, 'tr_TR-tiny-x_low', 'tr', 'tr_TR']);
    renameSync(staging, path.join(modelsDir ?? '', 'tr_TR-tiny-x_low'));

    // The running server lists it within seconds, without a restart.
    await expect(async () => {
      await page.goto('/voice-library');
      await page.getByPlaceholder('Search by name, language or style').fill('Tiny');
      await expect(page.locator(`[data-voice-id="${VOICE_ID}"]`)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const row = page.locator(`[data-voice-id="${VOICE_ID}"]`);
    await expect(row.getByTestId('neural-badge')).toHaveText('Neural');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/neural-voice-library.png' });

    await row.getByRole('button', { name: 'Use Tiny' }).click();
    // The editor takes ?voiceId= once and then drops it from the address, so the selected voice is what shows it came.
    await expect(page).toHaveURL(/\/text-to-speech/);
    await expect(page.getByTestId('selected-voice-name')).toHaveText('Tiny');
    await expect(page.getByTestId('neural-mood-notice')).toContainText('Neural voices have no mood presets');
    // Long enough to keep playing while the test looks (the tiny model speaks about 20 phonemes a second).
    const text = 'Merhaba dünya. Bugün hava çok güzel, deniz sakin ve rüzgâr hafif. Akşam sahilde yürüyüp gün batımını izleyeceğiz.';
    await page.getByLabel('Text', { exact: true }).fill(text);
    await expect(page.getByTestId('tts-cost')).toHaveText(`Cost: ${text.length * 2} credits (2 credits per character for a neural voice)`);
    await page.getByTestId('tts-create').click();
    await expectPlaying(page);
    await page.screenshot({ path: 'test-results/neural-voice-editor.png' });
  });
});
