import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, wherever the repository is checked out: the nearest folder above this module with a package.json
 * (src/lib from source, dist when compiled).
 */
export const SERVER_PACKAGE_DIR = packageDirAbove(path.dirname(fileURLToPath(import.meta.url)));

function packageDirAbove(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}
