import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { approveAsOperator, billingOverview } from './billing-helpers.ts';
import { fillRegistration, newAccount, register } from './helpers.ts';

/** Full-page screenshots of the main pages in both themes, both languages, wide and narrow, saved as artefacts. */
const DIRECTORY = 'artifacts/screenshots';
const WIDTHS = [1440, 375] as const;
const THEMES = ['light', 'dark'] as const;
const LANGUAGES = ['en', 'tr'] as const;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

async function prepare(page: Page, theme: string, language: string, width: number) {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
  await page.evaluate(
    ([storedTheme, storedLanguage]) => {
      localStorage.setItem('soundstudio_theme', storedTheme ?? 'light');
      localStorage.setItem('soundstudio_language', storedLanguage ?? 'en');
    },
    [theme, language],
  );
}

function localized(path: string, language: string) {
  if (language === 'en') return path;
  return path === '/' ? '/tr' : `/tr${path}`;
}

async function shoot(page: Page, name: string) {
  // Let fonts, lazy chunks and queries settle so the picture shows the page, not its skeleton.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('page-spinner')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // The shell scrolls inside <main>, which a full-page capture does not see: grow the window to the content.
  const viewport = page.viewportSize();
  const contentHeight = await page.evaluate(() => {
    const main = document.getElementById('main');
    return main ? main.scrollHeight + main.getBoundingClientRect().top : 0;
  });
  if (viewport && contentHeight > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.ceil(contentHeight) });
  await page.screenshot({ path: `${DIRECTORY}/${name}.png`, fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

test('public pages', async ({ page }) => {
  mkdirSync(DIRECTORY, { recursive: true });
  await page.goto('/login');
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        await prepare(page, theme, language, width);
        await page.goto(localized('/login', language));
        await shoot(page, `login-${language}-${theme}-${width}`);
        await page.goto(localized('/register', language));
        await shoot(page, `register-${language}-${theme}-${width}`);
        await page.goto(localized('/forgot-password', language));
        await shoot(page, `forgot-password-${language}-${theme}-${width}`);
        await page.goto(`${localized('/reset-password', language)}?token=screenshot`);
        await shoot(page, `reset-password-${language}-${theme}-${width}`);
        // A link without its token: the page explains it and offers a new one.
        await page.goto(localized('/reset-password', language));
        await shoot(page, `reset-password-invalid-${language}-${theme}-${width}`);
      }
    }
  }
  // The registration form showing its messages, as a reviewer would want to see them.
  await prepare(page, 'light', 'en', 1440);
  await page.goto('/register');
  await fillRegistration(page, { name: 'A', email: 'ada@', password: 'short' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await shoot(page, 'register-errors-en-light-1440');
});

test('signed-in pages', async ({ page }) => {
  mkdirSync(DIRECTORY, { recursive: true });
  await register(page, newAccount('Grace Hopper'));
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        await prepare(page, theme, language, width);
        for (const [name, path] of [
          ['home', '/'],
          ['settings', '/settings'],
          ['pricing', '/pricing'],
        ] as const) {
          await page.goto(localized(path, language));
          await shoot(page, `${name}-${language}-${theme}-${width}`);
        }
      }
    }
  }
  await prepare(page, 'light', 'en', 1440);
  await page.goto('/');
  await page.getByTestId('credits-button').click();
  await expect(page.getByTestId('credits-balance')).toBeVisible();
  await shoot(page, 'credits-popover-en-light-1440');
  await prepare(page, 'dark', 'en', 375);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await shoot(page, 'drawer-en-dark-375');
  for (const [name, path] of [
    ['text-to-speech', '/text-to-speech'],
    ['music', '/music'],
    ['voice-library', '/voice-library'],
    ['voice-design', '/voice-design'],
    ['voice-clone', '/voice-clone'],
    ['voice-isolator', '/voice-isolator'],
  ] as const) {
    await prepare(page, 'light', 'en', 1440);
    await page.goto(path);
    await shoot(page, `${name}-en-light-1440`);
  }
});

test('billing: pricing and Settings with a pending request, then the approved plan with its invoice', async ({ page }) => {
  mkdirSync(DIRECTORY, { recursive: true });
  test.skip(!process.env.E2E_ADMIN_TOKEN, 'E2E_ADMIN_TOKEN not set');
  // A phone as wide as the common 390 px handsets.
  const widths = [1440, 390] as const;
  await register(page, newAccount('Grace Hopper'));
  await page.goto('/pricing');
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.getByTestId('plan-creator').getByRole('button', { name: 'Choose plan (Creator)' }).click();
  await page.getByTestId('plan-change-confirm').click();
  await expect(page.getByTestId('pending-change')).toBeVisible();
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of widths) {
        const suffix = `${language}-${theme}-${width}`;
        await prepare(page, theme, language, width);
        await page.goto(localized('/pricing', language));
        await expect(page.getByTestId('pending-change')).toBeVisible();
        await shoot(page, `billing-pricing-pending-${suffix}`);
        await page.goto(localized('/settings/billing', language));
        await expect(page.getByTestId('pending-change')).toBeVisible();
        await shoot(page, `billing-settings-pending-${suffix}`);
      }
    }
  }
  const pending = (await billingOverview(page)).pendingChange;
  if (!pending) throw new Error('no pending change');
  approveAsOperator(pending.id);
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of widths) {
        const suffix = `${language}-${theme}-${width}`;
        await prepare(page, theme, language, width);
        await page.goto(localized('/settings/billing', language));
        await expect(page.getByTestId('invoice-row')).toHaveCount(1);
        await shoot(page, `billing-settings-creator-${suffix}`);
        await page.getByTestId('credits-button').click();
        await expect(page.getByTestId('credit-cycle')).toBeVisible();
        await shoot(page, `billing-credits-popover-${suffix}`);
      }
    }
  }
});

test('API page: keys with usage, the new key notice and the examples', async ({ page, request }) => {
  mkdirSync(DIRECTORY, { recursive: true });
  const adminToken = process.env.E2E_ADMIN_TOKEN;
  test.skip(!adminToken, 'E2E_ADMIN_TOKEN not set');
  const setApiAccess = async (apiAccess: boolean) => {
    const patch = await request.patch('/api/admin/plans/free', { headers: { 'x-admin-token': adminToken ?? '' }, data: { features: { apiAccess } } });
    expect(patch.ok(), await patch.text()).toBe(true);
  };
  await register(page, newAccount('Grace Hopper'));
  for (const language of LANGUAGES) {
    await prepare(page, 'light', language, 1440);
    await page.goto(localized('/api', language));
    await expect(page.getByTestId('upgrade-for-api')).toBeVisible();
    await shoot(page, `api-upgrade-${language}-light-1440`);
  }
  await setApiAccess(true);
  try {
    // Two keys: one used and then revoked, one fresh; then a third whose one-time notice is on screen.
    await prepare(page, 'light', 'en', 1440);
    await page.goto('/api');
    for (const name of ['Home Assistant', 'Open WebUI on the office server with a long name']) {
      await page.getByLabel('Key name').fill(name);
      await page.getByTestId('create-key').click();
      await expect(page.getByTestId('new-key-value')).toBeVisible();
      const key = (await page.getByTestId('new-key-value').textContent()) ?? '';
      await request.post('/v1/audio/speech', { headers: { authorization: `Bearer ${key}` }, data: { model: 'tts-1', voice: 'alloy', input: 'Hello there.' } });
      await page.getByRole('button', { name: 'I have saved it' }).click();
    }
    await page.getByTestId('api-key-row').first().getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('revoke-dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('api-key-row').first()).toContainText('Revoked');
    for (const language of LANGUAGES) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const suffix = `${language}-${theme}-${width}`;
          await prepare(page, theme, language, width);
          await page.goto(localized('/api', language));
          await expect(page.getByTestId('api-key-row')).toHaveCount(2);
          await shoot(page, `api-${suffix}`);
        }
      }
    }
    // The one-time notice of a new key, with the examples filled in.
    for (const [theme, width] of [['light', 1440], ['dark', 375]] as const) {
      await prepare(page, theme, 'en', width);
      await page.goto('/api');
      await page.getByLabel('Key name').fill(`SillyTavern ${theme}`);
      await page.getByTestId('create-key').click();
      await expect(page.getByTestId('new-key-value')).toBeVisible();
      await shoot(page, `api-new-key-en-${theme}-${width}`);
    }
  } finally {
    await setApiAccess(false);
  }
});

test('speech pages, dialogs and the player bar', async ({ page }) => {
  test.setTimeout(600_000);
  mkdirSync(DIRECTORY, { recursive: true });
  await register(page, newAccount('Grace Hopper'));
  // One generation so the history has something to show.
  await page.goto('/text-to-speech');
  await page.getByLabel('Text', { exact: true }).fill('Welcome to the studio. This take was generated for the screenshots.');
  await page.getByTestId('tts-create').click();
  await expect(page.getByTestId('tts-download')).toBeVisible({ timeout: 30_000 });

  const playPreview = async (scope: ReturnType<Page['getByTestId']>) => {
    await scope.getByTestId('voice-preview').first().click();
    await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true', { timeout: 20_000 });
    await page.getByTestId('player-toggle').click();
    // Let the waveform draw.
    await page.waitForTimeout(600);
  };

  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const suffix = `${language}-${theme}-${width}`;
        await prepare(page, theme, language, width);
        await page.goto(localized('/', language));
        await playPreview(page.getByTestId('explore-voice').first());
        await shoot(page, `home-player-${suffix}`);

        await page.goto(localized('/text-to-speech', language));
        await playPreview(page.getByTestId('voice-card'));
        await shoot(page, `text-to-speech-${suffix}`);
        await page.getByTestId('change-voice').click();
        await expect(page.getByTestId('voice-row').first()).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${DIRECTORY}/voice-modal-${suffix}.png` });
        await page.keyboard.press('Escape');
        await page.getByTestId('open-history').click();
        await expect(page.getByTestId('history-item').first()).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${DIRECTORY}/history-${suffix}.png` });
        await page.keyboard.press('Escape');
        await page.getByTestId('open-document').click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${DIRECTORY}/document-${suffix}.png` });
        await page.keyboard.press('Escape');

        await page.goto(localized('/voice-library', language));
        await expect(page.getByTestId('voice-row').first()).toBeVisible();
        await shoot(page, `voice-library-${suffix}`);
      }
    }
  }
});

test('music pages: my work, featured, home, share page and lyrics in time', async ({ page, request }) => {
  test.setTimeout(900_000);
  mkdirSync(DIRECTORY, { recursive: true });
  // The featured catalogue is composed in the background on first start.
  await expect
    .poll(async () => ((await (await request.get('/api/public/discover?category=mood&limit=6')).json()).data ?? []).length, { timeout: 300_000, intervals: [2_000, 5_000] })
    .toBe(6);
  await register(page, newAccount('Grace Hopper'));
  await page.goto('/music');
  const create = async (prompt: string, seconds: '30 s' | '4 min', lyrics?: string) => {
    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    // Lyrics are sent in Advanced mode only.
    await page.getByRole('tab', { name: lyrics ? 'Advanced' : 'Simple' }).click();
    if (lyrics) await page.getByLabel('Lyrics').fill(lyrics);
    await page.getByTestId('music-duration').click();
    await page.getByRole('option', { name: seconds }).click();
    await page.getByTestId('music-create').click();
    await expect(page.getByTestId('music-create')).toHaveText('Create');
  };
  await create('Uplifting cinematic trailer with big drums and soaring strings', '30 s');
  await create('Warm pop ballad with piano and strings, hopeful', '30 s', '[Verse]\nCity lights are calling me home\nI follow every sign\n[Chorus]\nHold on to the night\nWe will be fine');
  await expect(page.locator('[data-testid="music-track"][data-status="completed"]')).toHaveCount(2, { timeout: 120_000 });
  const sharedId = await page.getByTestId('music-track').first().getAttribute('data-track-id');
  // A long track still rendering, so the first picture shows progress.
  await create('Dreamy synthwave for a night drive, retro 80s, driving bass', '4 min');

  const waitForCards = async () => {
    await expect(page.getByTestId('featured-card')).toHaveCount(6);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="featured-card"] img')].every((image) => (image as HTMLImageElement).complete), null, { timeout: 15_000 });
  };
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const suffix = `${language}-${theme}-${width}`;
        await prepare(page, theme, language, width);
        await page.goto(localized('/music', language));
        await expect(page.getByTestId('music-track')).toHaveCount(3);
        await shoot(page, `music-work-${suffix}`);
        await page.goto(`${localized('/music', language)}?tab=featured`);
        await waitForCards();
        await shoot(page, `music-featured-${suffix}`);
        await page.goto(localized('/', language));
        await waitForCards();
        await shoot(page, `home-music-${suffix}`);
        await page.goto(localized(`/share/music/${sharedId}`, language));
        await expect(page.getByTestId('share-title')).toBeVisible();
        await page.screenshot({ path: `${DIRECTORY}/share-${suffix}.png`, fullPage: true });
      }
    }
  }
  // The lyrics follow the player: play the track with lyrics and let a line come up.
  for (const [theme, width] of [['light', 1440], ['dark', 375]] as const) {
    await prepare(page, theme, 'en', width);
    await page.goto('/music');
    const withLyrics = page.locator(`[data-track-id="${sharedId}"]`);
    await withLyrics.getByTestId('track-play').click();
    await expect(page.getByTestId('lyrics-current')).toHaveText(/City lights|I follow|Hold on|We will/, { timeout: 20_000 });
    await page.getByTestId('player-toggle').click();
    await page.waitForTimeout(600);
    await page.evaluate(() => document.getElementById('main')?.scrollTo(0, 0));
    await shoot(page, `music-lyrics-en-${theme}-${width}`);
  }
});
