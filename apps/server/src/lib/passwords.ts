import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** scrypt cost: N=2^15, r=8, p=1 takes ~130 ms here and 32 MiB of memory. */
const PRODUCTION_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
let cost: ScryptCost = PRODUCTION_COST;

/**
 * Test suites only (the server suite's setup file picks 'cheap'): new hashes use a low cost, so the hundreds of accounts
 * the suite registers do not each spend 130 ms of CPU. Hashes carry their parameters, so checking them is unaffected.
 * The real servers of the end-to-end and chaos suites keep the production cost.
 */
export function setPasswordHashingForTests(mode: 'cheap' | 'production'): void {
  cost = mode === 'cheap' ? { N: 2 ** 10, r: 8, p: 1 } : PRODUCTION_COST;
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, parameters: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MiB default.
  const options: ScryptOptions = { ...parameters, maxmem: 256 * parameters.N * parameters.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (![N, r, p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const key = await derive(password, salt, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown email cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoyHash);
  return false;
}
