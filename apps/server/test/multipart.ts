import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface MultipartPart {
  name: string;
  value: Buffer | string;
  fileName?: string;
  contentType?: string;
}

function newBoundary(): string {
  return `----sound-studio-${randomBytes(8).toString('hex')}`;
}

function partHeader(boundary: string, part: Omit<MultipartPart, 'value'>): Buffer {
  const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
  const type = part.fileName === undefined ? '' : `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`);
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = newBoundary();
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(partHeader(boundary, part), Buffer.from(part.value), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface StreamedUpload {
  /** Resolves with the reply once the server answers (rejects if the connection fails first). */
  reply: Promise<{ statusCode: number; body: unknown }>;
  /** Ends the connection mid-upload, as a closed browser tab would. */
  abort(): void;
}

/**
 * POSTs one file part of `fileBytes` bytes over real HTTP, generated chunk by chunk (never held in memory), so uploads
 * far larger than a test should buffer can be sent. With `stopAfterBytes` the body stops there and stays open until
 * `abort()`.
 */
export function streamFileUpload(options: {
  url: string;
  headers: Record<string, string>;
  fileName: string;
  fileBytes: number;
  fill?: number;
  stopAfterBytes?: number;
}): StreamedUpload {
  const boundary = newBoundary();
  const request = http.request(options.url, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const reply = new Promise<{ statusCode: number; body: unknown }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    request.on('error', reject);
  });
  void writeBody(request, boundary, options);
  return { reply, abort: () => request.destroy() };
}

async function writeBody(
  request: http.ClientRequest,
  boundary: string,
  options: { fileName: string; fileBytes: number; fill?: number; stopAfterBytes?: number },
): Promise<void> {
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      if (request.destroyed || request.write(chunk)) resolve();
      else request.once('drain', resolve);
    });
  await write(partHeader(boundary, { name: 'file', fileName: options.fileName }));
  const chunk = Buffer.alloc(1024 * 1024, options.fill ?? 0x61);
  const limit = Math.min(options.fileBytes, options.stopAfterBytes ?? Infinity);
  for (let sent = 0; sent < limit && !request.destroyed; sent += chunk.length) {
    await write(chunk.subarray(0, Math.min(chunk.length, limit - sent)));
  }
  if (options.stopAfterBytes !== undefined || request.destroyed) return;
  await write(Buffer.from(`\r\n--${boundary}--\r\n`));
  request.end();
}
