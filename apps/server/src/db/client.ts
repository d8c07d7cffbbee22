import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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

/** Stops a `listen`. */
export type StopListening = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` (delivered on commit, from any process writing to this database).
   * `channel` must be a plain identifier.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<StopListening>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(SERVER_PACKAGE_DIR, 'drizzle');

/** Reports a failure that happens outside any query, e.g. an idle PostgreSQL connection dropped by a restart. */
export type ConnectionErrorListener = (error: Error) => void;

/** A round trip to the database (the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

export function openDatabase(target: DatabaseTarget, onConnectionError?: ConnectionErrorListener): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, onConnectionError) : openPglite({ dataDir: target.dataDir });
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
    const listen = async (channel: string, onPayload: (payload: string) => void): Promise<StopListening> =>
      client.listen(assertIdentifier(channel), onPayload);
    return { db, kind: 'pglite', client, listen, close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function openPostgres(url: string, onConnectionError: ConnectionErrorListener = () => {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener a dropped idle connection would crash the process; the pool replaces it on the next query.
  pool.on('error', onConnectionError);
  const openClients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    openClients.add(client);
    client.once('end', () => openClients.delete(client));
  });
  const close = async () => {
    const closing = [...openClients].map((client) => once(client, 'end').catch(() => undefined));
    await pool.end();
    // pool.end() resolves before the sockets are closed; wait for them so nothing outlives close().
    await Promise.all(closing);
  };
  const db = drizzlePostgres(pool, { schema });
  try {
    await migrateExclusively(pool, () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  } catch (error) {
    await close();
    throw error;
  }
  const listen = (channel: string, onPayload: (payload: string) => void) =>
    listenOnPostgres(url, assertIdentifier(channel), onPayload, onConnectionError);
  return { db, kind: 'postgres', listen, close };
}

const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN needs a connection of its own (a pooled one would be handed to queries). When it drops (a restart), it is
 * opened again; notifications sent meanwhile are lost, which suits hints such as "this balance changed".
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnectionError: ConnectionErrorListener,
): Promise<StopListening> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client.on('error', (error) => {
      onConnectionError(error);
      void client.end().catch(() => undefined);
    });
    client.once('end', () => {
      if (current === client) current = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(onConnectionError), RELISTEN_DELAY_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    current = client;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

function assertIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** Arbitrary, fixed key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_413_902_117;

/**
 * Several processes may start against one PostgreSQL at once (API nodes, `npm run worker`): an advisory lock lets one
 * migrate while the others wait, then find nothing left to do.
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
