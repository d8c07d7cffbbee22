import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { SERVER_PACKAGE_DIR } from '../lib/paths.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import * as schema from './schema.ts';

/** One type for both drivers, so repositories are written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = DatabaseTarget['kind'];

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(SERVER_PACKAGE_DIR, 'drizzle');

export function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite({ dataDir: target.dataDir });
}

/**
 * Embedded PostgreSQL. With `dataDir` the folder is locked to this process; without it the database lives in memory
 * (tests), optionally started from a dumped data folder.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle & { client: PGlite }> {
  let releaseLock = () => {};
  if (options.dataDir) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    releaseLock = lockDataFolder(options.dataDir);
  }
  try {
    const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client, { schema });
    const close = async () => {
      await client.close();
      releaseLock();
    };
    try {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await close();
      throw error;
    }
    return { db, kind: 'pglite', client, close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePostgres(pool, { schema });
  try {
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}
