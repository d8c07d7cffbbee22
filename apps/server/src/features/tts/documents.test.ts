import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { startFakeMiniMaxServer, type FakeMiniMaxServer } from '@sound-studio/audio/testing';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_NAMESPACES, TTS_JOB_UPDATED_EVENT, type DocumentReply, type TtsHistoryReply, type TtsJob } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, TestApp } from '../../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor } from '../../../test/ledger.ts';
import { documentJob, uploadDocument } from '../../../test/documents.ts';
import { multipart } from '../../../test/multipart.ts';
import { englishProse } from '../../../test/speech.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  await engine?.close();
  await database?.close();
});

async function pdfWith(lines: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage();
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 750 - index * 20, font, size: 12 }));
  return Buffer.from(await document.save());
}

/** The smallest DOCX Word and mammoth accept: content types, the package relationship and the document part. */
async function docxWith(paragraphs: string[], includeDocument = true): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  if (includeDocument) {
    const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`).join('');
    zip.file(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    );
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

describe('POST /api/tts/documents: text that fits the editor', () => {
  it('extracts text from .txt, .html, .pdf and .docx, whitespace normalised', async () => {
    const user = await t.register();
    const cases: Array<[string, Buffer | string, string]> = [
      ['notes.txt', '\uFEFFFirst line.\r\n\r\n\r\n\tSecond   line.  ', 'First line.\n\nSecond line.'],
      [
        'page.html',
        '<!doctype html><html><head><title>Ignored</title><style>p { color: red }</style><script>alert("no")</script></head>' +
          '<body><h1>Chapter One</h1><p>It was a <b>bright</b> cold day.</p><a href="https://example.com">A link</a></body></html>',
        'Chapter One\n\nIt was a bright cold day.\n\nA link',
      ],
      ['report.pdf', await pdfWith(['Hello from a PDF.', 'A second line.']), 'Hello from a PDF.\nA second line.'],
      ['letter.docx', await docxWith(['Dear reader,', 'Thank you for listening.']), 'Dear reader,\n\nThank you for listening.'],
    ];
    for (const [fileName, content, expected] of cases) {
      const reply = await uploadDocument(t, user, fileName, content);
      expect(dataOf<DocumentReply>(reply), fileName).toEqual({ kind: 'text', fileName, text: expected, characters: expected.length });
    }
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
  });

  it('decodes UTF-16 text files and keeps non-Latin scripts', async () => {
    const user = await t.register();
    const text = 'Merhaba dünya. Привет, мир. こんにちは。';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(dataOf<DocumentReply>(await uploadDocument(t, user, 'greeting.txt', utf16))).toMatchObject({ text });
  });
});

describe('POST /api/tts/documents: files it refuses', () => {
  it('answers each bad file with a clear error and charges nothing', async () => {
    const user = await t.register();
    const cases: Array<[string, Buffer | string, number, string, string]> = [
      ['picture.png', PNG, 415, 'UNSUPPORTED_MEDIA', 'Unsupported file type. Please upload a .pdf, .txt, .html or .docx file'],
      ['notes', 'No extension at all.', 415, 'UNSUPPORTED_MEDIA', 'Unsupported file type. Please upload a .pdf, .txt, .html or .docx file'],
      ['spoofed.pdf', PNG, 415, 'UNSUPPORTED_MEDIA', "The file's content does not match its extension: it is not a PDF document"],
      ['spoofed.docx', await docxWith([], false), 415, 'UNSUPPORTED_MEDIA', "The file's content does not match its extension: it is not a Word document (.docx)"],
      ['spoofed.txt', await pdfWith(['Hi']), 415, 'UNSUPPORTED_MEDIA', "The file's content does not match its extension: it is not a text file"],
      ['binary.txt', Buffer.from([0x41, 0x00, 0x42, 0x00, 0x43, 0x01, 0x02]), 415, 'UNSUPPORTED_MEDIA', 'The file is not a text document'],
      ['corrupt.pdf', '%PDF-1.7\nthis is not really a PDF', 400, 'VALIDATION_ERROR', 'The PDF could not be read: the file is damaged or password-protected'],
      ['corrupt.docx', Buffer.concat([Buffer.from('PK\x03\x04word/document.xml'), randomBytes(100)]), 400, 'VALIDATION_ERROR', 'The Word document could not be read: the file is damaged'],
      ['empty.txt', '', 400, 'VALIDATION_ERROR', 'The file is empty'],
      ['blank.txt', ' \n\t \n', 400, 'VALIDATION_ERROR', 'No readable text was found in the document'],
      ['scanned.pdf', await pdfWith([]), 400, 'VALIDATION_ERROR', 'No readable text was found in the document'],
      ['huge.txt', 'word '.repeat(40_001), 400, 'VALIDATION_ERROR', 'Document text is too long (max 200,000 characters)'],
    ];
    for (const [fileName, content, status, code, message] of cases) {
      const reply = await uploadDocument(t, user, fileName, content);
      expect(reply.statusCode, fileName).toBe(status);
      expect(errorOf(reply), fileName).toMatchObject({ code, error: message });
    }
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
  });

  it('refuses files over 50 MB with 413', async () => {
    const user = await t.register();
    const reply = await uploadDocument(t, user, 'big.txt', Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect(reply.statusCode).toBe(413);
    expect(errorOf(reply)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'The file is too large (max 50 MB)' });
  });

  it('needs a multipart body with a file, and a signed-in caller', async () => {
    const user = await t.register();
    const json = await t.request({ method: 'POST', url: '/api/tts/documents', token: user.session.accessToken, body: { text: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('UNSUPPORTED_MEDIA');
    const form = multipart([{ name: 'voiceId', value: 'en-us-madison' }]);
    const noFile = await t.request({
      method: 'POST',
      url: '/api/tts/documents',
      token: user.session.accessToken,
      headers: { 'content-type': form.contentType },
      body: form.body,
    });
    expect(noFile.statusCode).toBe(400);
    expect(firstFieldMessages(noFile)).toEqual({ file: 'Please choose a file to upload' });
    const anonymous = await t.request({ method: 'POST', url: '/api/tts/documents', headers: { 'content-type': form.contentType }, body: form.body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/tts/documents: long documents become a job', () => {
  const LONG_TEXT = englishProse(5100);

  function connectUser(token: string): Promise<Socket> {
    const socket = connect(`${baseUrl}${REALTIME_NAMESPACES.user}`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('holds the credits, speaks the text piece by piece into one MP3 with progress events, then keeps and charges it', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const socket = await connectUser(user.session.accessToken);
    const events: TtsJob[] = [];
    socket.on(TTS_JOB_UPDATED_EVENT, (job: TtsJob) => events.push(job));

    const reply = dataOf<DocumentReply>(
      await uploadDocument(t, user, 'story.txt', LONG_TEXT, { voiceId: 'en-us-madison', speed: '2', model: 'speech-1.5-hd-preview' }),
    );
    if (reply.kind !== 'job') throw new Error('expected a job');
    expect(reply).toMatchObject({ fileName: 'story.txt', characters: LONG_TEXT.length });
    expect(reply.job).toMatchObject({ status: 'queued', progress: 0, characters: LONG_TEXT.length, audioUrl: null, generationId: null });
    // Every character is held at once.
    expect((await balanceAndLedger(database.db, userId)).balance).toBe(10_000 - LONG_TEXT.length);

    const done = await waitFor(async () => {
      const job = await documentJob(t, user, reply.job.id);
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 60_000, 200);
    expect(done).toMatchObject({ status: 'completed', progress: 1, error: null, generationId: reply.job.id });

    await waitFor(async () => events.some((event) => event.status === 'completed'));
    const progress = events.filter((event) => event.status === 'processing').map((event) => event.progress);
    expect(progress.length).toBeGreaterThanOrEqual(3); // claimed, then after each of the three pieces
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.some((value) => value > 0.3 && value < 0.9)).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'completed', audioUrl: expect.stringMatching(/^\/api\/media\/tts\//) });

    const audio = await t.request({ url: done.audioUrl ?? '' });
    const frames = parseMp3Frames(audio.bytes);
    expect(frames.sampleRate).toBe(22_050);
    expect(frames.durationSeconds).toBeGreaterThan(100); // about 5,100 characters at double speed
    expect(readdirSync(path.join(t.mediaRoot, 'tts', userId)).sort()).toEqual([`${reply.job.id}.mp3`, `${reply.job.id}.timings.json`]);

    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      id: reply.job.id,
      source: 'document',
      text: LONG_TEXT,
      characters: LONG_TEXT.length,
      credits: LONG_TEXT.length,
      settings: { speed: 2, model: 'speech-1.5-hd-preview' },
    });
    expect(Math.abs((history.items[0]?.durationSeconds ?? 0) - frames.durationSeconds)).toBeLessThan(1);
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000 - LONG_TEXT.length, ledgerSum: 10_000 - LONG_TEXT.length });
    expect(await ledgerRowsFor(database.db, `tts:${reply.job.id}`)).toEqual([
      { reason: 'hold', amount: -LONG_TEXT.length },
      { reason: 'release', amount: LONG_TEXT.length },
      { reason: 'charge', amount: -LONG_TEXT.length },
    ]);
  });

  it('releases the credits and records the error when the speech provider fails', async () => {
    const minimax: FakeMiniMaxServer = await startFakeMiniMaxServer();
    const ownDatabase = await openTestDatabase(); // only the MiniMax app's queue may run this job
    const cloud = await TestApp.start({
      database: ownDatabase,
      env: { SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.baseUrl },
    });
    try {
      const user = await cloud.register();
      minimax.failNext({ statusCode: 1000, statusMsg: 'unknown error' });
      const reply = dataOf<DocumentReply>(await uploadDocument(cloud, user, 'story.docx', await docxWith([LONG_TEXT]), { voiceId: 'Radiant Girl' }));
      if (reply.kind !== 'job') throw new Error('expected a job');
      const done = await waitFor(async () => {
        const job = await documentJob(cloud, user, reply.job.id);
        return job.status === 'failed' ? job : null;
      });
      expect(done).toMatchObject({ status: 'failed', error: 'Speech generation failed', audioUrl: null });
      expect(await balanceAndLedger(ownDatabase.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
      const history = dataOf<TtsHistoryReply>(await cloud.request({ url: '/api/tts/history', token: user.session.accessToken }));
      expect(history.total).toBe(0);
      expect(existsSync(path.join(cloud.mediaRoot, 'tts', user.session.user.id, `${reply.job.id}.mp3`))).toBe(false);
    } finally {
      await cloud.close();
      await minimax.close();
      await ownDatabase.close();
    }
  });

  it('fails the job with a safe message, no server path, when its audio cannot be stored, and gives the credits back', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    // A file where the user's audio folder should be: the store cannot create it.
    mkdirSync(path.join(t.mediaRoot, 'tts'), { recursive: true });
    writeFileSync(path.join(t.mediaRoot, 'tts', userId), '');
    const reply = dataOf<DocumentReply>(await uploadDocument(t, user, 'story.txt', LONG_TEXT, { voiceId: 'en-us-madison' }));
    if (reply.kind !== 'job') throw new Error('expected a job');
    const done = await waitFor(async () => {
      const job = await documentJob(t, user, reply.job.id);
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 60_000, 200);
    expect(done).toMatchObject({ status: 'failed', error: 'Speech generation failed', audioUrl: null });
    expect(JSON.stringify(done)).not.toContain(t.config.dataDir);
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
  });

  it('needs a voice and enough credits for the whole document', async () => {
    const user = await t.register();
    const noVoice = await uploadDocument(t, user, 'story.txt', LONG_TEXT);
    expect(noVoice.statusCode).toBe(400);
    expect(firstFieldMessages(noVoice)).toEqual({ voiceId: 'Please select a voice to turn this document into speech' });
    const unknown = await uploadDocument(t, user, 'story.txt', LONG_TEXT, { voiceId: 'Nobody' });
    expect(firstFieldMessages(unknown)).toEqual({ voiceId: 'Voice not found' });
    const badSpeed = await uploadDocument(t, user, 'story.txt', LONG_TEXT, { voiceId: 'en-us-madison', speed: '9' });
    expect(badSpeed.statusCode).toBe(400);

    await t.app.credits.reserve(user.session.user.id, 9_000, 'Something else', 'elsewhere');
    const broke = await uploadDocument(t, user, 'story.txt', LONG_TEXT, { voiceId: 'en-us-madison' });
    expect(broke.statusCode).toBe(402);
    expect(errorOf(broke)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { redirectUrl: '/pricing', required: LONG_TEXT.length, available: 1000 } });
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 1000, ledgerSum: 1000 });
  });
});

describe('POST /api/tts/documents with mode=estimate', () => {
  it('prices a long document at the voice rate and in parts, holding and queueing nothing', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const text = englishProse(5100);
    const reply = dataOf<DocumentReply>(await uploadDocument(t, user, 'story.txt', text, { voiceId: 'en-us-madison', mode: 'estimate' }));
    expect(reply).toEqual({
      kind: 'estimate',
      fileName: 'story.txt',
      characters: text.length,
      credits: text.length,
      creditsPerCharacter: 1,
      parts: 3,
      voiceName: 'Madison',
      balance: 10_000,
    });
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
    expect(history.items).toHaveLength(0);

    const short = dataOf<DocumentReply>(await uploadDocument(t, user, 'note.txt', 'A short note.', { mode: 'estimate' }));
    expect(short).toEqual({ kind: 'text', fileName: 'note.txt', text: 'A short note.', characters: 13 });
    const badMode = await uploadDocument(t, user, 'story.txt', text, { voiceId: 'en-us-madison', mode: 'later' });
    expect(badMode.statusCode).toBe(400);
  });
});

describe('GET /api/tts/jobs/{id}', () => {
  it("answers 404 for someone else's job and for unknown ids", async () => {
    const owner = await t.register();
    const other = await t.register();
    const reply = dataOf<DocumentReply>(await uploadDocument(t, owner, 'story.txt', englishProse(5050), { voiceId: 'en-us-madison' }));
    if (reply.kind !== 'job') throw new Error('expected a job');
    for (const [user, id] of [
      [other, reply.job.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const response = await t.request({ url: `/api/tts/jobs/${id}`, token: user.session.accessToken });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', error: 'Job not found' });
    }
    expect((await t.request({ url: `/api/tts/jobs/${reply.job.id}` })).statusCode).toBe(401);
  });
});
