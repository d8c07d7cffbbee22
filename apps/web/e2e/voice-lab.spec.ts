import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';
import { expectPlaying } from './speech-helpers.ts';

/** Voice lab end to end: isolate a noisy upload, design a voice and use it for speech, clone from a sample. */
const SCREENSHOTS = 'artifacts/screenshots';
test.setTimeout(180_000);

/** A mono 16-bit WAV: a gliding tone (a stand-in for a voice) under steady white noise. */
function noisyWav(seconds: number, sampleRate = 22_050): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + frames * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + frames * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(frames * 2, 40);
  let seed = 7;
  for (let frame = 0; frame < frames; frame += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const noise = (seed / 2 ** 31 - 0.5) * 0.5;
    const time = frame / sampleRate;
    const syllable = Math.sin(Math.PI * ((time * 4) % 1)) ** 2;
    const tone = 0.4 * syllable * Math.sin(2 * Math.PI * (160 + 40 * Math.sin(time * 3)) * time);
    buffer.writeInt16LE(Math.max(-32_767, Math.min(32_767, Math.round((tone + noise) * 32_767))), 44 + frame * 2);
  }
  return buffer;
}

/** Calls the API from the signed-in page (bearer token and anti-forgery token like the app). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method: verb, path: route, body: payload }) => {
      const token = localStorage.getItem('soundstudio_access_token') ?? sessionStorage.getItem('soundstudio_access_token');
      const csrf = (await (await fetch('/api/auth/csrf-token')).json()).data.token as string;
      const reply = await fetch(`/api${route}`, {
        method: verb,
        headers: { Authorization: `Bearer ${token}`, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const json = await reply.json();
      if (!json.success) throw new Error(`${route}: ${json.error}`);
      // Section 7's voice list puts its fields beside success, with no data.
      return 'data' in json ? json.data : json;
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * Opens text to speech (which caches the voice list) and goes on to a voice lab page through the sidebar, in the same
 * page: the lab's "Use in text to speech" must then find its new voice in that cached list, not only after a reload.
 */
async function openLabAfterSpeech(page: Page, link: 'Voice design' | 'Voice clone') {
  await page.goto('/text-to-speech');
  await expect(page.getByTestId('selected-voice-name')).not.toBeEmpty();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: link })).toBeVisible();
}

/** About 15 seconds of real speech as MP3, made by the app's own text to speech. */
async function speechSample(page: Page): Promise<Buffer> {
  const text =
    'Good evening and welcome to the harbour. Tonight the ferries run late, the lights along the pier are bright, ' +
    'and the fishermen are mending their nets by the water. Take a seat, listen to the waves, and let me tell you ' +
    'how this quiet little town became famous for its music and its stories.';
  const voices = await apiCall<{ voices: { _id: string; language: string; isGroup: boolean }[] }>(page, 'GET', '/voices/list-grouped');
  const voice = voices.voices.find((candidate) => candidate.language === 'en' && !candidate.isGroup);
  const reply = await apiCall<{ audioUrl: string }>(page, 'POST', '/voices/generate-tts', { text, voiceId: voice?._id });
  const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), reply.audioUrl);
  return Buffer.from(bytes);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.getElementById('main')?.scrollTo(0, 0));
  const viewport = page.viewportSize();
  const contentHeight = await page.evaluate(() => {
    const main = document.getElementById('main');
    return main ? main.scrollHeight + main.getBoundingClientRect().top : 0;
  });
  if (viewport && contentHeight > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.ceil(contentHeight) });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * Light and dark, wide and narrow, of the page as it is now (theme switched in place so results stay). Only in
 * `npm run screenshots` (E2E_SCREENSHOTS): pictures are artefacts, not part of the test run.
 */
async function shootVariants(page: Page, name: string, language: 'en' | 'tr' = 'en') {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await shoot(page, `${name}-${theme}-${language}-${width}`);
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('voice lab', () => {
  test.describe.configure({ mode: 'serial' });

  test('isolates an uploaded noisy file, plays the clean result, A/B switches and downloads, history reopens it', async ({ page }) => {
    await page.goto('/voice-isolator');
    await expect(page.getByRole('heading', { name: 'Voice isolator' })).toBeVisible();
    await page.getByTestId('isolator-file-input').setInputFiles({ name: 'street-interview.wav', mimeType: 'audio/wav', buffer: noisyWav(8) });
    const job = page.getByTestId('isolator-job');
    await expect(job).toBeVisible();
    await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
    await expect(job).toContainText('100 credits');
    await expect(page.getByTestId('download-mp3')).toHaveAttribute('href', /download=street-interview-isolated\.mp3/);
    await expect(page.getByTestId('download-wav')).toHaveAttribute('href', /download=street-interview-isolated\.wav/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-wav').click()]);
    expect(download.suggestedFilename()).toBe('street-interview-isolated.wav');

    await page.getByTestId('ab-play').click();
    await expect.poll(() => page.getByTestId('audio-after').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await page.getByTestId('ab-before').click();
    await expect.poll(() => page.getByTestId('audio-before').evaluate((audio: HTMLAudioElement) => (audio.paused ? 0 : audio.currentTime)), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await page.getByTestId('audio-after').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    await page.getByTestId('ab-play').click();

    await expect(page.getByTestId('isolator-history-item')).toHaveCount(1);
    await expect(page.getByTestId('isolator-history-item')).toContainText('street-interview.wav');
    await shootVariants(page, 'voice-isolator');

    await page.goto('/tr/voice-isolator');
    await expect(page.getByRole('heading', { name: 'Ses ayırıcı' })).toBeVisible();
    await page.getByTestId('isolator-history-item').getByRole('button').click();
    await expect(page.getByTestId('ab-compare')).toBeVisible();
    await shootVariants(page, 'voice-isolator', 'tr');
  });

  test('designs a voice, saves it to My Voices and speaks with it on the text to speech page', async ({ page }) => {
    await openLabAfterSpeech(page, 'Voice design');
    await expect(page.getByTestId('voice-slots')).toBeVisible();
    const remaining = Number(await page.getByTestId('voice-slots').getAttribute('data-remaining'));
    await page.getByRole('button', { name: 'Warm narrator' }).click();
    await page.getByTestId('design-generate').click();
    await expect(page.getByTestId('design-candidate')).toHaveCount(3, { timeout: 60_000 });
    await page.getByTestId('design-candidate').nth(1).getByTestId('play-candidate').click();
    await expectPlaying(page);
    await page.getByTestId('design-candidate').nth(1).getByTestId('choose-candidate').click();
    await page.getByLabel('Name the chosen voice').fill('Harbour narrator');
    await page.getByTestId('design-save').click();
    await expect(page.getByTestId('custom-voice-result')).toContainText('Harbour narrator');
    await expect(page.getByTestId('voice-slots')).toHaveAttribute('data-remaining', String(remaining - 1));
    await shootVariants(page, 'voice-design');

    await page.getByTestId('use-in-tts').click();
    await expect(page).toHaveURL(/\/text-to-speech/);
    await expect(page.getByTestId('selected-voice-name')).toHaveText('Harbour narrator');
    await page.getByLabel('Text', { exact: true }).fill('The harbour lights flicker as the last ferry comes home.');
    await page.getByTestId('tts-create').click();
    await expectPlaying(page);

    await page.goto('/voice-library');
    await page.getByRole('tab', { name: 'My voices' }).click();
    await expect(page.getByTestId('voice-row')).toHaveCount(1);
    await expect(page.getByTestId('voice-row')).toContainText('Harbour narrator');

    await page.goto('/tr/voice-design');
    await expect(page.getByRole('heading', { name: 'Ses tasarımı' })).toBeVisible();
    await shootVariants(page, 'voice-design-form', 'tr');
  });

  test('clones a voice from an uploaded speech sample, says how close it is, and the preview plays', async ({ page }) => {
    await openSignedIn(page);
    const sample = await speechSample(page);
    await openLabAfterSpeech(page, 'Voice clone');
    await expect(page.getByTestId('clone-cost')).toContainText('2,000 credits');
    await page.getByTestId('clone-file-input').setInputFiles({ name: 'harbour-sample.mp3', mimeType: 'audio/mpeg', buffer: sample });
    await expect(page.getByTestId('sample-count')).toHaveText('Uploaded samples 1 / 10');
    await page.getByLabel('Voice name').fill('My harbour voice');
    await page.getByTestId('clone-create').click();
    await expect(page.getByText('Please confirm you have the right to use this voice')).toBeVisible();
    await page.getByLabel(/I confirm that this is my voice/).click();
    await page.getByTestId('clone-create').click();
    // The clone is a job: its progress shows until the voice is ready.
    await expect(page.getByTestId('clone-job')).toBeVisible();
    const result = page.getByTestId('custom-voice-result');
    await expect(result).toContainText('My harbour voice', { timeout: 90_000 });
    await expect(page.getByTestId('clone-match')).toBeVisible();
    // scripts/e2e.mjs starts the server without provider keys: the clone is the local engine's, and says so.
    await expect(page.getByTestId('clone-match')).toHaveAttribute('data-provider', 'local');
    await expect(page.getByTestId('clone-match')).toContainText("not the speaker's timbre");
    await result.getByRole('button').first().click();
    await expectPlaying(page);
    await shootVariants(page, 'voice-clone');

    // The text to speech page was open before the clone existed: its voice list must learn of the clone.
    await page.getByTestId('use-in-tts').click();
    await expect(page).toHaveURL(/\/text-to-speech$/);
    await expect(page.getByTestId('selected-voice-name')).toHaveText('My harbour voice');

    await page.goto('/tr/voice-clone');
    await expect(page.getByRole('heading', { name: 'Ses klonlama' })).toBeVisible();
    await page.getByTestId('clone-file-input').setInputFiles({ name: 'ornek.mp3', mimeType: 'audio/mpeg', buffer: sample });
    await expect(page.getByTestId('sample-count')).toHaveText('Yüklenen örnekler 1 / 10');
    await shootVariants(page, 'voice-clone-form', 'tr');
  });
});
