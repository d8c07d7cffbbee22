// Creates (initdb) and migrates the embedded database in the given folder, then closes it: scripts/e2e.mjs runs this
// beside the builds, so the server it starts next opens a fresh database that is already set up.
import { openPglite } from '../apps/server/src/db/client.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node --import tsx scripts/e2e-database.mjs <DATA_DIR>/db');
const database = await openPglite({ dataDir });
await database.close();
