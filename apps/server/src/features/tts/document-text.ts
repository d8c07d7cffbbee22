import path from 'node:path';
import { convert as htmlToText, type HtmlToTextOptions } from 'html-to-text';
import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import { DOCUMENT_EXTENSIONS, FILE_FAILURE_MESSAGES, UPLOAD_LIMITS, type FileFailureMessageKey } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { htmlNestsDeeperThan } from './html-depth.ts';
import { pdfStreamsInflateBeyond } from './pdf-streams.ts';
import { readZipDirectory, type ZipEntry } from './zip-directory.ts';

export type DocumentKind = 'pdf' | 'docx' | 'html' | 'txt';

export interface ExtractedDocument {
  kind: DocumentKind;
  text: string;
  characters: number;
}

export const DOCUMENT_TOO_LONG_MESSAGE = FILE_FAILURE_MESSAGES.documentTooLong;
export const DOCUMENT_TOO_COMPLEX_MESSAGE = FILE_FAILURE_MESSAGES.documentTooComplex;

/** Why a document was refused as too complex (in the reply's details, for support and logs). */
export type ComplexityReason = 'uncompressed-size' | 'compression-ratio' | 'zip-structure' | 'nesting-depth' | 'time' | 'memory' | 'crash';

/**
 * Limits that keep one upload from exhausting the reader. A DOCX is judged by its central directory before anything
 * is inflated: its XML parts together, every entry together, and how far any sizeable entry claims to inflate.
 */
export const DOCUMENT_LIMITS = {
  docxMaxEntries: 5000,
  docxMaxXmlBytes: 32 * 1024 * 1024,
  docxMaxTotalBytes: 256 * 1024 * 1024,
  /** Word's XML compresses about 5 to 20 times; millions of empty paragraphs compress a thousand times. */
  docxMaxCompressionRatio: 100,
  docxRatioCheckedFromBytes: 1024 * 1024,
  htmlMaxDepth: 512,
  /** What a PDF's compressed streams may inflate to in all: text documents need a few MB; a bomb needs far more. */
  pdfMaxInflatedBytes: 40 * 1024 * 1024,
  /** 200,000 characters take at most 4 bytes each, with room for whitespace that normalisation removes. */
  textMaxBytes: UPLOAD_LIMITS.documentMaxCharacters * 8,
} as const;
const UNSUPPORTED_TYPE_MESSAGE = FILE_FAILURE_MESSAGES.documentTypeUnsupported;

/** What the first bytes say a file is; binary formats a text-named file must not be. */
type Sniffed = 'pdf' | 'zip' | 'binary' | 'text';

const BINARY_SIGNATURES: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WAV, WebP, AVI)
  [0x49, 0x44, 0x33], // MP3 with ID3
  [0x4f, 0x67, 0x67, 0x53], // Ogg
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf], // 7-Zip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // Windows executable
  [0xd0, 0xcf, 0x11, 0xe0], // legacy Office (.doc)
];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function sniff(bytes: Buffer): Sniffed {
  if (bytes.subarray(0, 1024).toString('latin1').trimStart().startsWith('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) return 'binary';
  return 'text';
}

/**
 * Extracts the readable text of an uploaded document. The extension must be one of the four the spec allows and the
 * content must agree with it (a PNG renamed .pdf is refused); PDF, DOCX and HTML are parsed, text is decoded.
 */
export async function extractDocumentText(fileName: string, bytes: Buffer): Promise<ExtractedDocument> {
  const kind = kindFromName(fileName);
  if (bytes.length === 0) throw fileError(FILE_FAILURE_MESSAGES.mediaEmpty);
  const sniffed = sniff(bytes);
  const raw = await extractRaw(kind, sniffed, bytes);
  const text = normalizeWhitespace(raw);
  if (text.length === 0) throw fileError(FILE_FAILURE_MESSAGES.documentNoText);
  if (text.length > UPLOAD_LIMITS.documentMaxCharacters) throw documentTooLong(text.length);
  return { kind, text, characters: text.length };
}

function kindFromName(fileName: string): DocumentKind {
  const extension = path.extname(fileName).toLowerCase();
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_TYPE_MESSAGE, { fields: { file: [UNSUPPORTED_TYPE_MESSAGE] } });
  }
  return extension.slice(1) as DocumentKind;
}

async function extractRaw(kind: DocumentKind, sniffed: Sniffed, bytes: Buffer): Promise<string> {
  switch (kind) {
    case 'pdf':
      if (sniffed !== 'pdf') throw mismatch('documentNotPdf');
      return readPdf(bytes);
    case 'docx': {
      if (sniffed !== 'zip') throw mismatch('documentNotDocx');
      assertReadableDocx(bytes);
      return readDocx(bytes);
    }
    case 'html': {
      if (sniffed !== 'text') throw mismatch('documentNotHtml');
      const html = decodeText(bytes);
      if (htmlNestsDeeperThan(html, DOCUMENT_LIMITS.htmlMaxDepth)) throw documentTooComplex('nesting-depth');
      return htmlToText(html, HTML_OPTIONS);
    }
    case 'txt':
      if (sniffed !== 'text') throw mismatch('documentNotTextFile');
      if (bytes.length > DOCUMENT_LIMITS.textMaxBytes) throw documentTooLong();
      return decodeText(bytes);
  }
}

async function readPdf(bytes: Buffer): Promise<string> {
  if (pdfStreamsInflateBeyond(bytes, DOCUMENT_LIMITS.pdfMaxInflatedBytes)) throw documentTooComplex('uncompressed-size');
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      return (await extractPdfText(document, { mergePages: true })).text;
    } finally {
      await document.destroy();
    }
  } catch {
    throw fileError(FILE_FAILURE_MESSAGES.pdfUnreadable);
  }
}

const DOCX_DAMAGED_MESSAGE = FILE_FAILURE_MESSAGES.docxDamaged;

/** A DOCX must name word/document.xml and must not inflate into more than the reader can take. */
function assertReadableDocx(bytes: Buffer): void {
  const directory = readZipDirectory(bytes, DOCUMENT_LIMITS.docxMaxEntries);
  if (directory.kind === 'broken') throw fileError(DOCX_DAMAGED_MESSAGE);
  if (directory.kind === 'unsupported') throw documentTooComplex('zip-structure');
  const { entries } = directory;
  if (!entries.some((entry) => entry.name === 'word/document.xml')) throw mismatch('documentNotDocx');
  const total = sumOf(entries);
  const xml = sumOf(entries.filter((entry) => /\.(xml|rels)$/i.test(entry.name)));
  if (xml > DOCUMENT_LIMITS.docxMaxXmlBytes || total > DOCUMENT_LIMITS.docxMaxTotalBytes) throw documentTooComplex('uncompressed-size');
  if (entries.some(inflatesTooFar)) throw documentTooComplex('compression-ratio');
}

function sumOf(entries: ZipEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0);
}

function inflatesTooFar(entry: ZipEntry): boolean {
  if (entry.uncompressedBytes < DOCUMENT_LIMITS.docxRatioCheckedFromBytes) return false;
  return entry.uncompressedBytes > Math.max(1, entry.compressedBytes) * DOCUMENT_LIMITS.docxMaxCompressionRatio;
}

async function readDocx(bytes: Buffer): Promise<string> {
  try {
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    throw fileError(DOCX_DAMAGED_MESSAGE);
  }
}

const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...['script', 'style', 'noscript', 'template', 'img', 'svg', 'iframe', 'head'].map((selector) => ({ selector, format: 'skip' })),
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'ul', options: { itemPrefix: ' ' } },
  ],
};

/** Share of undecodable or control characters above which a "text" file is treated as binary. */
const MAX_GARBAGE_RATIO = 0.02;

/** UTF-8 (or UTF-16 with a byte-order mark); files with NUL bytes or much invalid UTF-8 are not text. */
function decodeText(bytes: Buffer): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) throw notText();
  const text = new TextDecoder('utf-8').decode(bytes);
  let garbage = 0;
  for (const character of text) {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what binary data is full of
    if (character === '\uFFFD' || /[\u0001-\u0008\u000E-\u001F\u007F]/.test(character)) garbage += 1;
  }
  if (garbage > Math.max(3, text.length * MAX_GARBAGE_RATIO)) throw notText();
  return text.replace(/\uFFFD/g, '');
}

/** One space between words, at most one blank line between paragraphs, no invisible control characters. */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- invisible control characters must not reach the speech engine
    .replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F\u200B\uFEFF]/g, '')
    .replace(/[\t\f\u00A0\u2000-\u200A\u202F\u205F\u3000 ]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function documentTooLong(characters?: number): AppError {
  return new AppError('VALIDATION_ERROR', DOCUMENT_TOO_LONG_MESSAGE, {
    fields: { file: [DOCUMENT_TOO_LONG_MESSAGE] },
    ...(characters === undefined ? {} : { characters }),
    maxCharacters: UPLOAD_LIMITS.documentMaxCharacters,
  });
}

export function documentTooComplex(reason: ComplexityReason): AppError {
  return new AppError('DOCUMENT_TOO_COMPLEX', DOCUMENT_TOO_COMPLEX_MESSAGE, { fields: { file: [DOCUMENT_TOO_COMPLEX_MESSAGE] }, reason });
}

function fileError(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fields: { file: [message] } });
}

/** Whole sentences from packages/shared, so the web app can show them translated. */
function mismatch(key: Exclude<FileFailureMessageKey, 'mediaUnsupported' | 'documentNotText'>): AppError {
  const message = FILE_FAILURE_MESSAGES[key];
  return new AppError('UNSUPPORTED_MEDIA', message, { fields: { file: [message] } });
}

function notText(): AppError {
  const message = FILE_FAILURE_MESSAGES.documentNotText;
  return new AppError('UNSUPPORTED_MEDIA', message, { fields: { file: [message] } });
}
