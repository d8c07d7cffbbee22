import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';
import { seedPlans } from '../db/plan-seeds.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated and seeded PGlite data folder; null when tests run against PostgreSQL. */
    pgliteTemplatePath: string | null;
  }
}

/**
 * A fresh PGlite costs 2-3 s; loading a dumped data folder costs about 0.5 s. So the migrated database is built once
 * per run and every test file starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', null);
    return () => {};
  }
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
