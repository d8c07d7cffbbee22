import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import type { ApiClient } from './api-client.ts';
import { multipartBody, request, type RawReply } from './http.ts';
import type { ReplyAudit } from './reply-audit.ts';
import type { Report } from './report.ts';
import { sleep, type ServerProcess } from './server-process.ts';

/** How long a bomb may take before the server counts as frozen by it (the fix answers within seconds). */
const BOMB_TIMEOUT_MS = 30_000;
/** A health probe slower than this counts as "not answering" (a liveness bound, not a speed target). */
export const HEALTH_TIMEOUT_MS = 5_000;
const HEALTH_INTERVAL_MS = 100;

interface Bomb {
  name: string;
  fileName: string;
  contentType: string;
  build: () => Promise<Buffer>;
}

export const BOMBS: Bomb[] = [
  {
    name: 'docx of 2 million empty paragraphs',
    fileName: 'bomb.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    build: () => docxOfEmptyParagraphs(2_000_000),
  },
  {
    name: 'HTML nested 100k divs deep',
    fileName: 'bomb.html',
    contentType: 'text/html',
    build: async () => Buffer.from(`<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`),
  },
  {
    name: 'PDF whose stream inflates to 50 MB',
    fileName: 'bomb.pdf',
    contentType: 'application/pdf',
    build: async () => pdfWithInflatingStream(50 * 1024 * 1024),
  },
];

async function docxOfEmptyParagraphs(count: number): Promise<Buffer> {
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
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      `${'<w:p/>'.repeat(count)}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A one-page PDF whose content stream (text operators, FlateDecode) inflates to `inflatedBytes`. */
function pdfWithInflatingStream(inflatedBytes: number): Buffer {
  const line = 'BT /F1 12 Tf 72 720 Td (chaos) Tj ET\n';
  const content = deflateSync(Buffer.from(line.repeat(Math.ceil(inflatedBytes / line.length))), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object =
      body === null
        ? Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
            content,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(object);
    length += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

interface HealthWatch {
  stop: () => Promise<{ maxMs: number; probes: number; unanswered: number }>;
}

/** Probes /api/health one call after another until stopped; a probe past the timeout counts as unanswered. */
function watchHealth(baseUrl: string): HealthWatch {
  let running = true;
  let maxMs = 0;
  let probes = 0;
  let unanswered = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const reply = await request(baseUrl, { path: '/api/health', timeoutMs: HEALTH_TIMEOUT_MS }).catch(() => null);
      probes += 1;
      maxMs = Math.max(maxMs, performance.now() - started);
      if (reply?.status !== 200) unanswered += 1;
      await sleep(HEALTH_INTERVAL_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { maxMs, probes, unanswered };
    },
  };
}

export interface BombContext {
  server: ServerProcess;
  client: ApiClient;
  accessToken: string;
  audit: ReplyAudit;
  report: Report;
}

/** Each bomb against POST /api/tts/documents: a 4xx, and /api/health answering all along. Returns the latency seen. */
export async function runBombs(context: BombContext): Promise<{ maxMs: number; unanswered: number }> {
  let overallMaxMs = 0;
  let unanswered = 0;
  for (const bomb of BOMBS) {
    const bytes = await bomb.build();
    const form = multipartBody({}, { name: 'file', fileName: bomb.fileName, contentType: bomb.contentType, bytes });
    const health = watchHealth(context.server.baseUrl);
    let reply: RawReply | null = null;
    let failure = '';
    try {
      reply = await context.client.send({
        method: 'POST',
        path: '/api/tts/documents',
        token: context.accessToken,
        headers: { 'content-type': form.contentType },
        body: form.body,
        timeoutMs: BOMB_TIMEOUT_MS,
      });
      context.audit.record(`bomb ${bomb.name}`, reply);
    } catch (error) {
      failure = String(error);
      context.audit.requests += 1; // the bomb's own check reports the missing answer
    }
    const latency = await health.stop();
    overallMaxMs = Math.max(overallMaxMs, latency.maxMs);
    unanswered += latency.unanswered;
    const size = `${(bytes.length / 1024).toFixed(0)} KB upload`;
    const outcome = reply ? `${reply.status} ${reply.body.toString('utf8').slice(0, 160)}` : failure;
    context.report.check(`bomb: ${bomb.name} is refused with a 4xx`, reply !== null && reply.status >= 400 && reply.status < 500, `${size}, got ${outcome}`);
    context.report.check(
      `bomb: ${bomb.name}: /api/health keeps answering`,
      latency.unanswered === 0,
      `${latency.probes} probes, ${latency.unanswered} unanswered within ${HEALTH_TIMEOUT_MS} ms (a probe gives up then), max ${latency.maxMs.toFixed(0)} ms`,
    );
    context.report.check(`bomb: ${bomb.name}: the server process survives`, context.server.running);
    await recoverIfStuck(context.server);
  }
  return { maxMs: overallMaxMs, unanswered };
}

/** A crashed or still-frozen server is restarted on the same database, so the next section starts clean. */
async function recoverIfStuck(server: ServerProcess): Promise<void> {
  const reply = server.running ? await request(server.baseUrl, { path: '/api/health', timeoutMs: HEALTH_TIMEOUT_MS }).catch(() => null) : null;
  if (reply?.status !== 200) await server.restart();
}
