import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_EXTRACTOR_LIMITS, DocumentExtractor, type DocumentExtractorOptions } from './document-extractor.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sound-studio-extractor-'));
const extractors: DocumentExtractor[] = [];

afterAll(async () => {
  await Promise.all(extractors.map((extractor) => extractor.close()));
  rmSync(folder, { recursive: true, force: true });
});

function extractorWith(limits: Partial<Omit<DocumentExtractorOptions, 'log'>>): DocumentExtractor {
  const extractor = new DocumentExtractor({ ...DEFAULT_EXTRACTOR_LIMITS, ...limits, log: { error: () => undefined } });
  extractors.push(extractor);
  return extractor;
}

function file(name: string, content: string): string {
  const target = path.join(folder, name);
  writeFileSync(target, content);
  return target;
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('DocumentExtractor', () => {
  it('refuses a document that exhausts the worker heap, then reads the next one in a fresh worker', async () => {
    const extractor = extractorWith({ memoryLimitMb: 64, timeLimitMs: 60_000 });
    // Millions of elements: the parsed page alone needs several times the 64 MB heap.
    const heavy = file('heavy.html', `<html><body>${'<p>x</p>'.repeat(2_000_000)}</body></html>`);
    const refusal = await refusalOf(extractor.extract('heavy.html', heavy));
    expect(refusal).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', statusCode: 422, details: { reason: 'memory' } });
    expect(await extractor.extract('fine.txt', file('fine.txt', 'Still reading.'))).toEqual({ kind: 'txt', text: 'Still reading.', characters: 14 });
  });

  it('answers 503 at once when more documents wait than the queue holds', async () => {
    const extractor = extractorWith({ maxQueued: 1 });
    const first = extractor.extract('a.txt', file('a.txt', 'First.'));
    const refusal = await refusalOf(extractor.extract('b.txt', file('b.txt', 'Second.')));
    expect(refusal).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Too many documents are being read right now. Please try again in a moment' });
    expect(await first).toMatchObject({ text: 'First.' });
  });
});
