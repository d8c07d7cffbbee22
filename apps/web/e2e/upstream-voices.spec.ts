import { expect } from '@playwright/test';
import { test } from './signed-in.ts';
import { expectPlaying } from './speech-helpers.ts';

const VOICE_ID = 'upstream:kokoro:af_bella';

test.describe('upstream speech providers', () => {
  test("a provider's voice is in the library under its name, priced at its rate, and speaks in the editor", async ({ page }) => {
    // npm run test:e2e points SPEECH_PROVIDERS at a Kokoro-FastAPI-shaped fake named "Kokoro" (0.5 credits a character).
    await page.goto('/voice-library');
    await page.getByPlaceholder('Search by name, language or style').fill('af_bella');
    const row = page.locator(`[data-voice-id="${VOICE_ID}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('provider-badge')).toHaveText('Kokoro');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/upstream-voice-library.png' });

    await row.getByRole('button', { name: 'Use af_bella' }).click();
    await expect(page).toHaveURL(/\/text-to-speech/);
    await expect(page.getByTestId('selected-voice-name')).toHaveText('af_bella');
    const text = 'Hello from a speech server this studio is connected to.';
    await page.getByLabel('Text', { exact: true }).fill(text);
    await expect(page.getByTestId('tts-cost')).toHaveText(`Cost: ${Math.ceil(text.length * 0.5)} credits (0.5 credits per character for Kokoro voices)`);
    await page.getByTestId('tts-create').click();
    await expectPlaying(page);
    await expect(page.getByTestId('upstream-settings-notice')).toHaveText('Kokoro voices take the speed only: pitch and volume do not change them.');
    await page.screenshot({ path: 'test-results/upstream-voice-editor.png' });
  });
});
