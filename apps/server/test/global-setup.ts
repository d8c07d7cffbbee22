import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedPlans } from '../src/db/plan-seeds.ts';
import { databaseUrl, runAdminQuery } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated and seeded PGlite data folder; null when tests run against PostgreSQL. */
    pgliteTemplatePath: string | null;
    /** A migrated and seeded PostgreSQL database each test file copies (CREATE DATABASE ... TEMPLATE); null on PGlite. */
    postgresTemplateName: string | null;
  }
}

/**
 * A fresh PGlite costs 2-3 s; loading a dumped data folder costs about 0.5 s. So the migrated database is built once
 * per run and every test file starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplatePath', null);
    return preparePostgresTemplate(project, serverUrl);
  }
  project.provide('postgresTemplateName', null);
  const folder = mkdtempSync(path.join(tmpdir(), 'sound-studio-template-'));
  const templatePath = path.join(folder, 'pglite-template.tar');
  const database = await openPglite({});
  try {
    await seedPlans(database.db);
    const dump = await database.client.dumpDataDir('none');
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplatePath', templatePath);
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * On PostgreSQL, migrating a fresh database per test file costs seconds each; copying a migrated template is a
 * file-level copy. The template is made once per run and dropped at the end.
 */
async function preparePostgresTemplate(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  const name = `sound_studio_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runAdminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  try {
    const database = await openPostgres(databaseUrl(serverUrl, name));
    try {
      await seedPlans(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  project.provide('postgresTemplateName', name);
  return () => runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
