import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser, type TestReply } from '../../../test/harness.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { uploadDocument } from '../../../test/documents.ts';
import { streamFileUpload } from '../../../test/multipart.ts';
import { documentUploadDirectory } from './documents.ts';

/**
 * Uploads built to exhaust a document reader (issue 9): each must be answered with a 4xx envelope, leave no temporary
 * file behind and never stop the server from answering others.
 */
let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;
let user: RegisteredUser;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  baseUrl = await t.listen();
  user = await t.register();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

function upload(fileName: string, content: Buffer | string): Promise<TestReply> {
  return uploadDocument(t, user, fileName, content);
}

function streamUpload(fileName: string, fileBytes: number, stopAfterBytes?: number) {
  return streamFileUpload({
    url: `${baseUrl}/api/tts/documents`,
    headers: { authorization: `Bearer ${user.session.accessToken}`, 'x-csrf-token': t.csrfToken() },
    fileName,
    fileBytes,
    stopAfterBytes,
  });
}

/** The files waiting in the documents' temporary folder (each process keeps its own folder inside it). */
function leftovers(): string[] {
  const folder = documentUploadDirectory(t.config.dataDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which of the reader's limits ends an exhausting document first (time or memory) depends on the machine's speed. */
const RESOURCE_LIMIT = expect.stringMatching(/^(time|memory)$/);

function expectTooComplex(reply: TestReply, reason: unknown): void {
  expect(reply.statusCode).toBe(422);
  expect(errorOf(reply)).toMatchObject({
    success: false,
    code: 'DOCUMENT_TOO_COMPLEX',
    error: 'The document is too complex to read. Save it as plain text or simplify it, then try again',
    details: { reason },
  });
}

/** A DOCX whose document.xml is `paragraphs` empty paragraphs: a few hundred KB that inflate to megabytes. */
async function docxOfEmptyParagraphs(paragraphs: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file(
    'word/document.xml',
    `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p/>'.repeat(paragraphs)}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

function nestedHtml(depth: number): string {
  return `<html><body>${'<div>'.repeat(depth)}Deep inside.${'</div>'.repeat(depth)}</body></html>`;
}

/** A one-page PDF whose FlateDecode content stream inflates from about 70 KB to 50 MB of text operators. */
function pdfWithInflatingStream(): Buffer {
  const content = Buffer.from(`BT /F1 12 Tf 50 700 Td ${'(A) Tj '.repeat(50_000_000 / 7)}ET`);
  const stream = deflateSync(content, { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(length);
    parts.push(object);
    length += object.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

describe('POST /api/tts/documents: decompression bombs and pathological files', () => {
  it('refuses a DOCX of millions of empty paragraphs from its central directory, before inflating it', async () => {
    const overSize = await docxOfEmptyParagraphs(6_000_000); // 36 MB of XML
    const overRatio = await docxOfEmptyParagraphs(2_000_000); // 12 MB, compressed about a thousand times
    expect(overSize.length).toBeLessThan(1024 * 1024);
    expectTooComplex(await upload('bomb.docx', overSize), 'uncompressed-size');
    expectTooComplex(await upload('paragraphs.docx', overRatio), 'compression-ratio');
    expect(leftovers()).toEqual([]);
  });

  it('refuses HTML nested 100,000 and 2,000 deep without a stack overflow, and reads a page nested 300 deep', async () => {
    expectTooComplex(await upload('deep.html', nestedHtml(100_000)), 'nesting-depth');
    expectTooComplex(await upload('deeper-than-the-stack.html', nestedHtml(2_000)), 'nesting-depth');
    expect(dataOf<DocumentReply>(await upload('nested.html', nestedHtml(300)))).toMatchObject({ kind: 'text', text: 'Deep inside.' });
    expect(leftovers()).toEqual([]);
  });

  it('refuses a PDF whose stream inflates to 50 MB, counting what its streams inflate to before parsing', async () => {
    const pdf = pdfWithInflatingStream();
    expect(pdf.length).toBeLessThan(200 * 1024);
    expectTooComplex(await upload('bomb.pdf', pdf), 'uncompressed-size');
    expect(leftovers()).toEqual([]);
  });

  it('refuses a text file of 20 MB as too long without decoding it', async () => {
    const reply = await upload('long.txt', Buffer.alloc(20 * 1024 * 1024, 'word '));
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Document text is too long (max 200,000 characters)' });
    expect(leftovers()).toEqual([]);
  });

  it('stops a streamed upload past 50 MB with 413 and keeps none of it', async () => {
    const { reply } = streamUpload('huge.txt', 60 * 1024 * 1024);
    expect(await reply).toMatchObject({
      statusCode: 413,
      body: { success: false, code: 'PAYLOAD_TOO_LARGE', error: 'The file is too large (max 50 MB)' },
    });
    expect(leftovers()).toEqual([]);
  });

  it('removes the temporary file of an upload the client abandons halfway', async () => {
    const streamed = streamUpload('abandoned.txt', 40 * 1024 * 1024, 8 * 1024 * 1024);
    streamed.reply.catch(() => undefined); // the connection is cut on purpose
    await waitFor(async () => leftovers().some((file) => statSync(file).size > 0));
    streamed.abort();
    await waitFor(async () => leftovers().length === 0);
    expect(leftovers()).toEqual([]);
  });

  it('answers /api/health while a document that exhausts the reader is being read', async () => {
    // 1,000,000 paragraphs: html-to-text needs far longer than the time limit, all of it synchronous work.
    const html = `<html><body>${'<p>x</p>'.repeat(1_000_000)}</body></html>`;
    let answered = false;
    const pending = upload('slow.html', html).finally(() => {
      answered = true;
    });
    // Received in full and on disk: from here on the upload is being read.
    await waitFor(async () => leftovers().some((file) => statSync(file).size === html.length));
    const health = await t.request({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(answered).toBe(false);
    expectTooComplex(await pending, RESOURCE_LIMIT);
    expect(leftovers()).toEqual([]);
  });

  it('keeps reading ordinary documents after all of that, and charged nothing', async () => {
    expect(dataOf<DocumentReply>(await upload('fine.txt', 'Still here.'))).toMatchObject({ kind: 'text', text: 'Still here.' });
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
  });
});
