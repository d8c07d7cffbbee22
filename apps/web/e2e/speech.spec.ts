import { expect } from '@playwright/test';
import { test } from './signed-in.ts';
import { docxOf, expectPlaying, pdfOf, pickVoiceWithFilters } from './speech-helpers.ts';

const STORY = 'The harbour lights flickered as the evening ferry slipped away from the quay, carrying tired travellers home to their families.';

test.describe('speech', () => {
  test('pick a voice with filters, generate, play, download and find it in the history', async ({ page }) => {
    await page.goto('/text-to-speech');
    await pickVoiceWithFilters(
      page,
      [
        { testId: 'filter-language', option: 'English' },
        { testId: 'filter-accent', option: 'British' },
        { testId: 'filter-gender', option: 'Male' },
      ],
      'Oliver',
    );

    const editor = page.getByLabel('Text', { exact: true });
    await editor.fill(STORY);
    await expect(page.getByTestId('tts-counter')).toContainText(`${STORY.length} / 5,000`);
    await page.getByTestId('tts-create').click();
    await expectPlaying(page);
    await expect(page.getByTestId('player-title')).toHaveText('Oliver - The harbour lights flickered as the…');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tts-download').click()]);
    expect(download.suggestedFilename()).toBe('Oliver - The harbour lights flickered as the….mp3');

    await page.getByTestId('open-history').click();
    const history = page.getByTestId('history-dialog');
    await expect(history.getByTestId('history-item')).toHaveCount(1);
    await expect(history.getByTestId('history-text')).toHaveText(STORY);
    await history.getByRole('searchbox').fill('ferry');
    await expect(history.getByTestId('history-item')).toHaveCount(1);
    await history.getByRole('searchbox').fill('zebra crossing');
    await expect(history.getByText('Nothing matches')).toBeVisible();
    await history.getByRole('searchbox').fill('');
    await history.getByRole('button', { name: 'Today' }).click();
    await expect(history.getByTestId('history-item')).toHaveCount(1);
    await history.getByRole('button', { name: 'This month' }).click();
    await expect(history.getByTestId('history-item')).toHaveCount(1);
  });

  test('a long text streams: playback starts before the file is complete', async ({ page }) => {
    // When the audio started playing and when the download (the finished file) appeared: 5,000 characters can finish
    // within a second, so the order is taken from the page's own clock rather than from polling after the fact.
    await page.addInitScript(() => {
      const moments: { playing?: number; download?: number } = {};
      Object.assign(window, { __moments: moments });
      // The player's audio element is not in the document, so its events are heard where it is asked to play.
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function playAndNote(this: HTMLMediaElement) {
        this.addEventListener('playing', () => (moments.playing ??= performance.now()), { once: true });
        return play.call(this);
      };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="tts-download"]')) moments.download ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/text-to-speech');
    const sentence = 'Every sentence of this long reading is rendered and sent on its own, so the listener hears the start at once. ';
    const text = sentence.repeat(Math.floor(5000 / sentence.length)).trim();
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByTestId('tts-create').click();
    await expect(page.getByTestId('player-bar')).toContainText('Streaming as it is spoken');
    await expectPlaying(page);
    await expect(page.getByTestId('tts-download')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('player-bar')).not.toContainText('Streaming as it is spoken');
    // It played while still streaming: before the file was complete and offered for download.
    const moments = await page.evaluate(() => (window as unknown as { __moments: { playing?: number; download?: number } }).__moments);
    expect(moments.playing).toBeDefined();
    expect(moments.download).toBeDefined();
    expect(moments.playing as number).toBeLessThan(moments.download as number);
  });

  test('documents fill the editor (.txt, .docx, .pdf); a long one becomes a job that completes', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/text-to-speech');
    const editor = page.getByLabel('Text', { exact: true });

    const upload = async (name: string, mimeType: string, buffer: Buffer) => {
      await page.getByTestId('open-document').click();
      await page.getByTestId('document-input').setInputFiles({ name, mimeType, buffer });
      await expect(page.getByTestId('document-file')).toContainText(name);
      await page.getByTestId('document-create').click();
      await expect(page.getByTestId('document-dialog')).toBeHidden({ timeout: 30_000 });
    };

    await upload('notes.txt', 'text/plain', Buffer.from('Plain text notes, read aloud.'));
    await expect(editor).toHaveValue('Plain text notes, read aloud.');
    await upload('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await docxOf(['Dear reader,', 'thank you for listening.']));
    await expect(editor).toHaveValue(/Dear reader,\s+thank you for listening\./);
    await upload('flyer.pdf', 'application/pdf', await pdfOf(['Grand opening on Saturday.', 'Music and coffee for everyone.']));
    await expect(editor).toHaveValue(/Grand opening on Saturday\.\s+Music and coffee for everyone\./);

    // A wrong type never leaves the browser.
    await page.getByTestId('open-document').click();
    await page.getByTestId('document-input').setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') });
    await expect(page.getByTestId('document-dialog').getByRole('alert')).toContainText('This file type is not supported');
    await page.getByTestId('document-dialog').getByRole('button', { name: 'Cancel' }).click();

    // A long document is priced first (the server's rate for the chosen voice) and starts only when confirmed.
    const chapter = 'The long road wound through the valley, past orchards and quiet farms, towards the distant sea. ';
    const chapterText = chapter.repeat(70).trim();
    const balanceBefore = await page.getByTestId('credits-button').textContent();
    const dialog = page.getByTestId('document-dialog');
    const priceChapter = async () => {
      await page.getByTestId('open-document').click();
      await page.getByTestId('document-input').setInputFiles({ name: 'chapter.txt', mimeType: 'text/plain', buffer: Buffer.from(chapter.repeat(70)) });
      await page.getByTestId('document-create').click();
      await expect(dialog.getByTestId('document-cost')).toHaveText(`${chapterText.length.toLocaleString('en-US')} credits`);
    };
    await priceChapter();
    await expect(dialog.getByTestId('document-estimate')).toContainText(`“chapter.txt” has ${chapterText.length.toLocaleString('en-US')} characters`);
    await expect(dialog.getByTestId('document-estimate')).toContainText(/reads it in \d+ parts?/);
    await expect(dialog.getByTestId('document-estimate')).toContainText('kept in your History');
    await dialog.getByTestId('document-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('job-progress')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('credits-button')).toHaveText(balanceBefore ?? '');
    await page.getByTestId('open-history').click();
    await expect(page.getByTestId('history-dialog').getByTestId('history-item')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await priceChapter();
    await dialog.getByTestId('document-confirm').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const job = page.getByTestId('job-progress');
    await expect(job).toBeVisible();
    await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 150_000 });
    await expect(job).toContainText('100%');
    await expectPlaying(page);
    await expect(page.getByTestId('player-title')).toHaveText('chapter');
  });

  test('a paste over 5,000 characters says how much was cut; a loaded document takes the old downloads away', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/text-to-speech');
    const editor = page.getByLabel('Text', { exact: true });
    await editor.fill(STORY);
    await page.getByTestId('tts-create').click();
    await expectPlaying(page);
    await expect(page.getByTestId('tts-download')).toBeVisible();
    await expect(page.getByTestId('tts-download-srt')).toBeVisible();

    // The editor's text is replaced by a document: the downloads of the story's audio go.
    await page.getByTestId('open-document').click();
    await page.getByTestId('document-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Plain text notes, read aloud.') });
    await page.getByTestId('document-create').click();
    await expect(editor).toHaveValue('Plain text notes, read aloud.');
    await expect(page.getByTestId('tts-download')).toHaveCount(0);
    await expect(page.getByTestId('tts-download-srt')).toHaveCount(0);
    await expect(page.getByTestId('tts-download-vtt')).toHaveCount(0);

    // 29 characters in the editor, 5,200 pasted at its end: 4,971 fit, 229 are cut and the editor says so.
    const pasted = 'x'.repeat(5200);
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await editor.press('End');
    await editor.press('ControlOrMeta+V');
    await expect(editor).toHaveValue(`Plain text notes, read aloud.${'x'.repeat(4971)}`);
    await expect(page.getByTestId('tts-counter')).toContainText('5,000 / 5,000');
    await expect(page.getByTestId('tts-paste-cut')).toHaveText(
      'The text is limited to 5,000 characters: 229 characters of what you pasted were left out. For longer texts, upload them as a document.',
    );
    await editor.press('Backspace');
    await expect(page.getByTestId('tts-paste-cut')).toHaveCount(0);

    await page.goto('/tr/text-to-speech');
    const turkishEditor = page.getByLabel('Metin', { exact: true });
    await turkishEditor.fill('');
    await turkishEditor.press('ControlOrMeta+V');
    await expect(turkishEditor).toHaveValue('x'.repeat(5000));
    await expect(page.getByTestId('tts-paste-cut')).toHaveText(
      'Metin en fazla 5.000 karakter olabilir: yapıştırdığınız metnin 200 karakteri dışarıda kaldı. Daha uzun metinleri belge olarak yükleyin.',
    );
  });

  test('voice library Use opens text to speech with that voice; home generates and previews play', async ({ page }) => {
    await page.goto('/voice-library');
    await expect(page.getByTestId('voice-row').first()).toHaveAttribute('data-voice-id', 'en-us-radiant-girl');
    await page.getByTestId('filter-language').click();
    await page.getByRole('option', { name: 'Turkish', exact: true }).click();
    await page.getByRole('button', { name: 'Use Emre', exact: true }).click();
    await expect(page).toHaveURL(/\/text-to-speech$/);
    await expect(page.getByTestId('selected-voice-name')).toHaveText('Emre');
    await expect(page.getByRole('combobox', { name: 'Language' })).toContainText('Turkish');

    await page.goto('/voice-library');
    await expect(page.getByTestId('voice-row').first()).toHaveAttribute('data-voice-id', 'tr-emre');
    await page.getByRole('tab', { name: 'Selected' }).click();
    await page.getByTestId('selected-voice').click();
    await expect(page).toHaveURL(/\/text-to-speech$/);

    await page.goto('/');
    await expect(page.getByTestId('explore-voice')).toHaveCount(6);
    await page.getByTestId('explore-voice').first().getByTestId('voice-preview').click();
    await expectPlaying(page);
    await page.getByRole('button', { name: 'Tell a story' }).click();
    await page.getByTestId('home-generate').click();
    await expect(page.getByTestId('player-title')).toHaveText(/^Emre - Once upon a time/, { timeout: 20_000 });
    await expectPlaying(page);
  });

  test('Turkish interface of the speech pages', async ({ page }) => {
    await page.goto('/tr/text-to-speech');
    await expect(page.getByRole('heading', { name: 'Metinden sese' })).toBeVisible();
    await expect(page.getByTestId('tts-counter')).toHaveText('0 / 5.000 · 0 kelime');
    await page.getByLabel('Metin', { exact: true }).fill('a'.repeat(1234));
    await expect(page.getByTestId('tts-counter')).toHaveText('1.234 / 5.000 · 1 kelime');
    await expect(page.getByTestId('tts-create')).toHaveText('Oluştur');
    await page.getByTestId('change-voice').click();
    const modal = page.getByTestId('voice-modal');
    await expect(modal.getByRole('heading', { name: 'Ses seçin' })).toBeVisible();
    await expect(modal.getByRole('tab', { name: 'Kütüphane' })).toBeVisible();
    await modal.getByTestId('filter-language').click();
    await page.getByRole('option', { name: 'Almanca', exact: true }).click();
    await expect(modal.getByTestId('voice-count')).toContainText('ses');
    await page.keyboard.press('Escape');
    await page.getByTestId('open-history').click();
    await expect(page.getByTestId('history-dialog').getByRole('button', { name: 'Bu hafta' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/tr/voice-library');
    await expect(page.getByRole('heading', { name: 'Ses kütüphanesi' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Koleksiyonum' })).toBeVisible();
  });
});
