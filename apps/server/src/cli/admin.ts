import path from 'node:path';
import { ADMIN_TOKEN_FILE, resolveDataDir } from '../config.ts';
import { readSecretFile } from '../lib/secret-files.ts';
import { AdminRequestError, parseAdminCommand, runAdminCommand, UsageError } from './admin-command.ts';

/**
 * `npm run admin -- <command>`: operator tasks over the running server's admin API. It never opens the database,
 * so it is safe while the server runs (PGlite allows one process per data folder).
 */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  const baseUrl = process.env.ADMIN_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  await runAdminCommand(command, {
    baseUrl,
    token: command.kind === 'help' ? '' : adminToken(),
    write: (text) => process.stdout.write(text),
  });
}

function adminToken(): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const tokenFile = path.join(resolveDataDir(), ADMIN_TOKEN_FILE);
  const token = readSecretFile(tokenFile);
  if (!token) {
    throw new AdminRequestError(`No admin token: set ADMIN_TOKEN, or start the server once so it creates ${tokenFile}.`);
  }
  return token;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof AdminRequestError) {
    console.error(error.message);
  } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`${error.message}. See --help.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
