import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { test as signedInTest } from './signed-in.ts';

/**
 * WCAG 2.2 AA by axe-core over every page of the app, signed out and signed in, in both languages and both themes,
 * plus the dialogs that open without a generation (voice picker, legal text, menus). Each test names what it checked
 * so a violation says where it is. `npm test` checks each language and each theme once (English in light, Turkish in
 * dark); `npm run test:full` (SOUND_STUDIO_FULL_TESTS=1) adds the other two pairs.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Language = 'en' | 'tr';
type Theme = 'light' | 'dark';
const FULL_TESTS = process.env.SOUND_STUDIO_FULL_TESTS === '1';
const PAIRS: Array<[Language, Theme]> = FULL_TESTS
  ? [['en', 'light'], ['en', 'dark'], ['tr', 'light'], ['tr', 'dark']]
  : [['en', 'light'], ['tr', 'dark']];

const SIGNED_OUT_PAGES = ['/login', '/register', '/forgot-password', '/reset-password?token=not-a-real-token', '/share/music/00000000-0000-4000-8000-000000000000', '/no-such-page'];
const SHELL_PAGES = ['/', '/text-to-speech', '/music', '/voice-design', '/voice-clone', '/voice-isolator', '/voice-library', '/settings', '/pricing'];

function localized(path: string, language: Language): string {
  if (language === 'en') return path;
  return path === '/' ? '/tr' : `/tr${path}`;
}

/** The stored choices the app reads on start: the theme, and the language (which the /tr prefix also sets). */
async function chooseLookAndLanguage(page: Page, theme: Theme, language: Language) {
  await page.addInitScript(
    ([chosenTheme, chosenLanguage]) => {
      localStorage.setItem('soundstudio_theme', chosenTheme);
      localStorage.setItem('soundstudio_language', chosenLanguage);
    },
    [theme, language] as const,
  );
}

/** One line per violating node: rule, impact, where, and axe's summary (contrast ratios included). */
async function violationsOf(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''} [${where}]`),
  );
}

/** The same shell element fails on every page: report each once, with the first page it was seen on. */
function distinct(found: string[]): string[] {
  const byProblem = new Map<string, string>();
  for (const line of found) {
    const problem = line.replace(/ \[[^\]]*\]$/, '');
    if (!byProblem.has(problem)) byProblem.set(problem, line);
  }
  return [...byProblem.values()];
}

/** Waits until lazy pages, skeletons and entrance motion have settled, so axe sees the page a person sees. */
async function settle(page: Page) {
  await expect(page.getByRole('status', { name: /Loading…|Yükleniyor…/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid$="skeleton"], .animate-pulse')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

for (const [language, theme] of PAIRS) {
  test(`signed-out pages have no WCAG 2.2 AA violations (${language}, ${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chooseLookAndLanguage(page, theme, language);
    const found: string[] = [];
    for (const path of SIGNED_OUT_PAGES) {
      await page.goto(localized(path, language));
      await expect(page.locator('main')).toBeVisible();
      await settle(page);
      found.push(...(await violationsOf(page, path)));
    }
    // The legal texts open in a dialog from the registration form.
    await page.goto(localized('/register', language));
    await page.getByTestId('open-terms').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    found.push(...(await violationsOf(page, 'terms dialog')));
    expect(distinct(found)).toEqual([]);
  });

  signedInTest(`signed-in pages and dialogs have no WCAG 2.2 AA violations (${language}, ${theme})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chooseLookAndLanguage(page, theme, language);
    const found: string[] = [];
    for (const path of [...SHELL_PAGES.map((shellPath) => localized(shellPath, language)), '/api']) {
      await page.goto(path);
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
      await settle(page);
      found.push(...(await violationsOf(page, path)));
    }

    await page.goto(localized('/text-to-speech', language));
    await page.getByTestId('change-voice').click();
    await expect(page.getByTestId('voice-modal').getByTestId('voice-row').first()).toBeVisible();
    await settle(page);
    found.push(...(await violationsOf(page, 'voice picker')));
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await violationsOf(page, 'user menu')));
    await page.keyboard.press('Escape');

    await page.getByTestId('credits-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    found.push(...(await violationsOf(page, 'credits popover')));
    await page.keyboard.press('Escape');

    for (const tab of ['voice-tab-myVoices', 'voice-tab-collected', 'voice-tab-selected']) {
      await page.goto(localized('/voice-library', language));
      await page.getByTestId(tab).click();
      await settle(page);
      found.push(...(await violationsOf(page, `voice library ${tab}`)));
    }
    expect(distinct(found)).toEqual([]);
  });
}
