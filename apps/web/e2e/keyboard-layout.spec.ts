import { expect, type Page } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';

/** WCAG relative luminance contrast of two CSS rgb()/rgba() colours (alpha ignored: both are opaque here). */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The ring colour the text area's card shows while the text area has focus, and the page behind the card. */
async function focusRingColours(page: Page) {
  return page.evaluate(() => {
    const card = document.querySelector('#tts-text')?.closest('[class*="has-[textarea"]');
    if (!card) throw new Error('no editor card');
    // The ring is the card's box-shadow: its first colour, with Tailwind's ring layered on top.
    const shadow = getComputedStyle(card).boxShadow;
    const ring = shadow.match(/rgba?\([^)]*\)/g)?.find((colour) => !/, 0\)$/.test(colour)) ?? 'rgb(255, 255, 255)';
    return { ring, page: getComputedStyle(document.body).backgroundColor, border: getComputedStyle(card).borderTopColor };
  });
}

test('after Create, focus moves to the status line, not the page', async ({ page }) => {
  await openSignedIn(page, '/text-to-speech');
  await page.getByLabel('Text', { exact: true }).fill('The harbour lights flickered in the evening fog.');
  // Create turns enabled once the selected voice has loaded.
  await expect(page.getByTestId('tts-create')).toBeEnabled();
  await page.getByTestId('tts-create').focus();
  await expect(page.getByTestId('tts-create')).toBeFocused();
  await page.keyboard.press('Enter');
  const status = page.getByTestId('tts-status');
  await expect(status).toBeFocused();
  await expect(status).toContainText('Ready:', { timeout: 60_000 });
  await expect(status).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test('closing the voice dialog returns focus to Change voice, by Escape and after Use', async ({ page }) => {
  await openSignedIn(page, '/text-to-speech');
  const changeVoice = page.getByTestId('change-voice');
  await changeVoice.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('voice-modal');
  await expect(modal.getByTestId('voice-row').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(changeVoice).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('voice-row').first()).toBeVisible();
  await modal.getByTestId('use-voice').nth(1).click();
  await expect(modal).toBeHidden();
  await expect(changeVoice).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the text area's focus ring stands out at 3:1 or more (${theme})`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('soundstudio_theme', chosen), theme);
    await openSignedIn(page, '/text-to-speech');
    await page.getByLabel('Text', { exact: true }).focus();
    // The ring and the border ease in (short transitions, longer on a loaded machine): read both once settled.
    await expect
      .poll(async () => {
        const colours = await focusRingColours(page);
        return Math.min(contrast(colours.ring, colours.page), contrast(colours.border, colours.page));
      })
      .toBeGreaterThanOrEqual(3);
  });
}

test('sliders announce their values in words and count every quick arrow press (EN and TR)', async ({ page }) => {
  await openSignedIn(page, '/text-to-speech');
  const speed = page.getByRole('slider', { name: 'Speed' });
  await expect(speed).toHaveAttribute('aria-valuetext', '1×');
  await speed.focus();
  // Five presses with no pause between them: each one must move the value.
  for (let press = 0; press < 5; press++) await page.keyboard.press('ArrowRight');
  await expect(speed).toHaveAttribute('aria-valuenow', '1.5');
  await expect(speed).toHaveAttribute('aria-valuetext', '1.5×');
  await expect(page.getByTestId('tts-speed-value')).toHaveText('1.5');

  const pitch = page.getByRole('slider', { name: 'Pitch' });
  await expect(pitch).toHaveAttribute('aria-valuetext', '0, default pitch');
  await pitch.focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
  await expect(pitch).toHaveAttribute('aria-valuetext', '+0.3, higher');
  // The last move is saved (after a short pause) before the Turkish page loads the settings again.
  const saved = page.waitForResponse((reply) => reply.url().endsWith('/api/preferences/voice/settings') && reply.request().postData()?.includes('-0.3') === true);
  for (let press = 0; press < 6; press++) await page.keyboard.press('ArrowLeft');
  await expect(pitch).toHaveAttribute('aria-valuetext', '−0.3, lower');
  await saved;
  await expect(page.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '100%');

  await page.goto('/tr/text-to-speech');
  await expect(page.getByRole('slider', { name: 'Hız' })).toHaveAttribute('aria-valuetext', '1,5×');
  await expect(page.getByRole('slider', { name: 'Ton' })).toHaveAttribute('aria-valuetext', '−0,3, daha kalın');
  await expect(page.getByRole('slider', { name: 'Ses düzeyi' })).toHaveAttribute('aria-valuetext', '%100');
});

test('pricing buttons line up at 1366 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openSignedIn(page, '/pricing');
  const cards = page.locator('article[data-testid^="plan-"]');
  await expect(cards).toHaveCount(5);
  const buttons = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.querySelector('button')?.getBoundingClientRect();
      return { top: Math.round(box?.top ?? -1), height: Math.round(box?.height ?? -1) };
    }),
  );
  expect(new Set(buttons.map((button) => button.top)).size, JSON.stringify(buttons)).toBe(1);
  expect(new Set(buttons.map((button) => button.height)).size).toBe(1);
  // No price wraps under its "/ month": every price row is one line of the same height.
  const priceRows = await page.getByTestId('plan-price').evaluateAll((prices) => prices.map((price) => Math.round(price.parentElement?.getBoundingClientRect().height ?? -1)));
  expect(new Set(priceRows).size, JSON.stringify(priceRows)).toBe(1);
  await page.screenshot({ path: 'test-results/layout/pricing-1366.png', fullPage: true });
});

for (const language of ['en', 'tr'] as const) {
  test(`on a 390 px phone every voice library tab is fully visible (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, language === 'en' ? '/voice-library' : '/tr/voice-library');
    const tabs = page.getByTestId('voice-tabs').getByRole('tab');
    await expect(tabs).toHaveCount(4);
    const boxes = await tabs.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { left: box.left, right: box.right, clipped: element.scrollWidth > element.clientWidth };
      }),
    );
    for (const box of boxes) {
      expect(box.left, JSON.stringify(boxes)).toBeGreaterThanOrEqual(0);
      expect(box.right, JSON.stringify(boxes)).toBeLessThanOrEqual(390);
      expect(box.clipped).toBe(false);
    }
    const list = await page.getByTestId('voice-tabs').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(list.scroll).toBeLessThanOrEqual(list.client);
    await expect(tabs.nth(3)).toHaveText(language === 'en' ? 'Selected' : 'Seçili');
    await page.screenshot({ path: `test-results/layout/voice-library-390-${language}.png` });
  });
}

test('the three voice design candidates say how they differ', async ({ page }) => {
  await openSignedIn(page, '/voice-design');
  await page.getByRole('button', { name: 'Warm narrator' }).click();
  await page.getByTestId('design-generate').click();
  const differences = page.getByTestId('candidate-difference');
  await expect(differences).toHaveCount(3, { timeout: 60_000 });
  const texts = await differences.allTextContents();
  for (const text of texts) expect(text).toMatch(/pitch · .+ · timbre \d \([a-z]+\)$/);
  expect(new Set(texts).size).toBe(3);
  await page.getByTestId('design-candidates').screenshot({ path: 'test-results/layout/voice-design-candidates.png' });
});
