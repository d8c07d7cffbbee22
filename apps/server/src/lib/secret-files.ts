import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Reads a generated secret from `path`, creating it on first use (owner-only permissions) so that it survives
 * restarts: sessions stay valid and the operator's admin token keeps working.
 */
export function readOrCreateSecretFile(path: string, byteLength: number): string {
  if (existsSync(path)) {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length > 0) return stored;
  }
  const secret = randomBytes(byteLength).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

/** Reads a secret file written by the server, or null when it does not exist yet. */
export function readSecretFile(path: string): string | null {
  if (!existsSync(path)) return null;
  const stored = readFileSync(path, 'utf8').trim();
  return stored.length > 0 ? stored : null;
}
