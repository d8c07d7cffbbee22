import { fileURLToPath } from 'node:url';

/** apps/server, wherever the repository is checked out. */
export const SERVER_PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
