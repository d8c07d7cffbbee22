import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

export interface DownloadOptions {
  url: string;
  /** Where the finished file goes; bytes arrive in `<target>.part` until the whole file is there and checked. */
  target: string;
  size: number | null;
  md5: string | null;
  onProgress?: (received: number, total: number | null) => void;
}

/**
 * Fetches one file, resuming a `.part` a previous run left (HTTP Range), then checks the size and MD5 the publisher
 * gives. A transfer that ends early keeps its `.part` for the next run; a file whose size or digest is wrong is deleted
 * and refused, so it can never be installed.
 */
export async function downloadFile(options: DownloadOptions): Promise<void> {
  const part = `${options.target}.part`;
  let have = (await stat(part).catch(() => null))?.size ?? 0;
  if (options.size !== null && have > options.size) {
    await rm(part, { force: true });
    have = 0;
  }
  if (options.size === null || have < options.size) await fetchInto(options, part, have);
  const received = (await stat(part)).size;
  if (options.size !== null && received !== options.size) {
    await rm(part, { force: true });
    throw new DownloadError(`${options.url}: got ${received} bytes, the catalogue says ${options.size}; the download was deleted`);
  }
  if (options.md5 !== null) {
    const digest = await md5Of(part);
    if (digest !== options.md5.toLowerCase()) {
      await rm(part, { force: true });
      throw new DownloadError(`${options.url}: MD5 ${digest} does not match the published ${options.md5}; the download was deleted`);
    }
  }
  await rename(part, options.target);
}

async function fetchInto(options: DownloadOptions, part: string, have: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(options.url, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
  } catch (error) {
    throw new DownloadError(`Cannot reach ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // 416: nothing left to send (the part is already whole); the checks below decide.
  if (response.status === 416 && have > 0) return;
  if (!response.ok) throw new DownloadError(`${options.url}: HTTP ${response.status}`);
  const resumed = response.status === 206;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = Number.isFinite(length) ? (resumed ? have : 0) + length : options.size;
  const file = await open(part, resumed ? 'a' : 'w');
  let received = resumed ? have : 0;
  try {
    if (!response.body) throw new DownloadError(`${options.url}: empty response`);
    for await (const chunk of response.body) {
      await file.write(chunk);
      received += chunk.length;
      options.onProgress?.(received, total);
    }
  } catch (error) {
    throw new DownloadError(
      `Download of ${options.url} was interrupted at ${received} of ${total ?? '?'} bytes (${error instanceof Error ? error.message : String(error)}); run the same command again to resume`,
    );
  } finally {
    await file.close();
  }
  if (total !== null && received < total) {
    throw new DownloadError(`Download of ${options.url} stopped at ${received} of ${total} bytes; run the same command again to resume`);
  }
}

export async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `[#######.............]  35%  22.1/63.2 MB` on one terminal line (or a line per 10% when not a terminal). */
export function progressBar(write: (text: string) => void, label: string, isTty: boolean): (received: number, total: number | null) => void {
  let lastShown = -1;
  return (received, total) => {
    const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
    if (total === null || total <= 0) {
      if (isTty) write(`\r${label}  ${mb(received)} MB`);
      return;
    }
    const percent = Math.min(100, Math.floor((received / total) * 100));
    if (!isTty && (percent < lastShown + 10 && percent !== 100)) return;
    if (percent === lastShown) return;
    lastShown = percent;
    const filled = Math.round(percent / 5);
    const line = `${label}  [${'#'.repeat(filled)}${'.'.repeat(20 - filled)}] ${String(percent).padStart(3)}%  ${mb(received)}/${mb(total)} MB`;
    write(isTty ? `\r${line}${percent === 100 ? '\n' : ''}` : `${line}\n`);
  };
}
