import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a round of headers. */
const MIN_BYTES = 1024;

export interface PrecompressedSizes {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file over 1 KB in `folder`. */
export async function precompressFolder(folder: string): Promise<PrecompressedSizes[]> {
  const files = (await filesUnder(folder)).filter((file) => COMPRESSIBLE_FILE.test(file));
  const sizes: PrecompressedSizes[] = [];
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [brotliBytes, gzipBytes] = await Promise.all([
      brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, brotliBytes), writeFile(`${file}.gz`, gzipBytes)]);
    sizes.push({ file, bytes: content.length, brotliBytes: brotliBytes.length, gzipBytes: gzipBytes.length });
  }
  return sizes;
}

/**
 * Precompresses the finished build (after the service worker is written) so the server sends brotli or gzip by
 * Accept-Encoding without compressing anything per request.
 */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sound-studio-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const sizes = await precompressFolder(outDir);
        const total = sizes.reduce((sum, size) => ({ bytes: sum.bytes + size.bytes, brotli: sum.brotli + size.brotliBytes }), { bytes: 0, brotli: 0 });
        this.info(`precompressed ${sizes.length} files: ${(total.bytes / 1024).toFixed(0)} KB -> ${(total.brotli / 1024).toFixed(0)} KB brotli`);
      },
    },
  };
}
