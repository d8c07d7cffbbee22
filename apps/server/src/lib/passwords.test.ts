import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashingForTests, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

describe('password hashing (scrypt)', () => {
  // The suite's setup file makes hashing cheap; these tests check the production cost.
  beforeAll(() => setPasswordHashingForTests('production'));
  afterAll(() => setPasswordHashingForTests('cheap'));

  it('stores the parameters, a 16-byte salt and the key', async () => {
    const stored = await hashPassword('Correct-Horse-42!');
    const [scheme, N, r, p, salt, key] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(64);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Correct-Horse-42!');
    expect(await verifyPassword('Correct-Horse-42!', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-42!', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(first).not.toBe(second);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('Şifre-Ğüçlü-1');
    expect(await verifyPassword('Şifre-Ğüçlü-1'.normalize('NFD'), stored)).toBe(true);
  });

  it('verifies with the parameters stored in the hash', async () => {
    // A hash made with lower cost (as an older version might have) still verifies.
    const { scrypt } = await import('node:crypto');
    const salt = Buffer.alloc(16, 7);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt('legacy', salt, 64, { N: 1024, r: 8, p: 1 }, (error, derived) => (error ? reject(error) : resolve(derived))),
    );
    const stored = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('legacy', stored)).toBe(true);
  });

  it('rejects unreadable stored hashes', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$x$y$z$a$b', 'scrypt$x$8$1$c2FsdA$a2V5']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('has a decoy check for unknown accounts that always fails', async () => {
    expect(await verifyAgainstDecoy('Correct-Horse-42!')).toBe(false);
  });
});
