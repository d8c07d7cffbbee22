/**
 * Server benchmark: the credit ledger (reserve + settle, the path every generation takes) on the embedded database
 * and on native PostgreSQL, and password hashing in node:crypto against OpenSSL's native scrypt, each pair measured in
 * the same run. Run with `npm run bench` from the repository root.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { seedPlans } from '../src/db/plan-seeds.ts';
import { users } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { CreditService } from '../src/lib/credit-service.ts';
import { hashPassword } from '../src/lib/passwords.ts';

const LEDGER_OPERATIONS = 300;
const HASHES = 8;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function ledgerOperationsPerSecond(handle: DatabaseHandle): Promise<number> {
  await seedPlans(handle.db);
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });
  if (!user) throw new Error('could not create the bench user');
  const credits = new CreditService(handle.db, systemClock);
  await credits.grant(user.id, LEDGER_OPERATIONS * 10, 'admin_grant', 'bench');
  const started = performance.now();
  for (let index = 0; index < LEDGER_OPERATIONS; index += 1) {
    const reservation = await credits.reserve(user.id, 10, 'bench', `bench-${index}`);
    await credits.settle(reservation, 7);
  }
  return LEDGER_OPERATIONS / ((performance.now() - started) / 1000);
}

async function withPostgresDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T | null> {
  const name = `sound_studio_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  try {
    return await run(handle);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function nodeScryptMs(): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < HASHES; index += 1) await hashPassword(`Bench-Password-${index}!`);
  return (performance.now() - started) / HASHES;
}

/** OpenSSL's scrypt with the same parameters, minus the cost of starting the process. */
function opensslScryptMs(): number | null {
  const run = (args: string[]) => {
    const started = performance.now();
    execFileSync('openssl', args, { stdio: 'ignore' });
    return performance.now() - started;
  };
  try {
    run(['version']);
  } catch {
    return null;
  }
  let total = 0;
  for (let index = 0; index < HASHES; index += 1) {
    const kdf = run(['kdf', '-keylen', '64', '-kdfopt', `pass:Bench-Password-${index}!`, '-kdfopt', 'salt:0123456789abcdef',
      '-kdfopt', 'n:32768', '-kdfopt', 'r:8', '-kdfopt', 'p:1', '-kdfopt', 'maxmem_bytes:67108864', 'SCRYPT']);
    total += Math.max(0, kdf - run(['version']));
  }
  return total / HASHES;
}

const embedded = await openPglite({});
const pgliteRate = await ledgerOperationsPerSecond(embedded);
await embedded.close();
const postgresRate = await withPostgresDatabase(ledgerOperationsPerSecond);
const nodeHash = await nodeScryptMs();
const nativeHash = opensslScryptMs();

const rows = [
  ['credit ledger reserve+settle (PGlite, embedded)', `${pgliteRate.toFixed(0)} ops/s`, ''],
  [
    'credit ledger reserve+settle (PostgreSQL, native)',
    postgresRate === null ? 'unavailable' : `${postgresRate.toFixed(0)} ops/s`,
    postgresRate === null ? '' : `embedded = ${(pgliteRate / postgresRate).toFixed(2)}x native`,
  ],
  ['password hash, scrypt N=2^15 (node:crypto)', `${nodeHash.toFixed(1)} ms`, ''],
  [
    'password hash, scrypt N=2^15 (OpenSSL native)',
    nativeHash === null ? 'unavailable' : `${nativeHash.toFixed(1)} ms`,
    nativeHash === null ? '' : `node = ${(nativeHash / nodeHash).toFixed(2)}x native speed`,
  ],
];
console.log('\n## Server');
console.log('| measure | result | ratio |\n| --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
