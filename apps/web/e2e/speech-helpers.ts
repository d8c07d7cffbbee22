import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, type Page } from '@playwright/test';

/** A minimal Word document holding one paragraph per line. */
export async function docxOf(lines: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A one-page PDF with real text objects. */
export async function pdfOf(lines: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 20, size: 12, font }));
  return Buffer.from(await document.save());
}

/** Opens the voice modal from the settings panel, narrows it with filters and uses the named voice. */
export async function pickVoiceWithFilters(page: Page, filters: { testId: string; option: string }[], voiceName: string) {
  await page.getByTestId('change-voice').click();
  const modal = page.getByTestId('voice-modal');
  await expect(modal.getByTestId('voice-row').first()).toBeVisible();
  for (const filter of filters) {
    await modal.getByTestId(filter.testId).click();
    await page.getByRole('option', { name: filter.option, exact: true }).click();
  }
  await modal.getByRole('button', { name: `Use ${voiceName}`, exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('selected-voice-name')).toHaveText(voiceName);
}

/** Waits until the player's clock has moved past the start: real playback, not just a loaded file. */
export async function expectPlaying(page: Page) {
  await expect(page.getByTestId('player-bar')).toBeVisible();
  await expect.poll(async () => (await page.getByTestId('player-time').textContent())?.split(' / ')[0], { timeout: 20_000 }).not.toBe('0:00');
}
