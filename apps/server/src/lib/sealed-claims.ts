import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Small signed records for cookies: `base64url(json).mac`, the mac an HMAC over the payload with a key derived from
 * the JWT secret and the record's purpose (so one kind can never be replayed as another). Tamper-proof, not secret:
 * put nothing in them the browser must not read. Any node can check them.
 */
function keyFor(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`sound-studio/sealed-claims/${purpose}/v1`).digest();
}

export function sealClaims(secret: string, purpose: string, claims: object, expiresAtMs: number): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: expiresAtMs })).toString('base64url');
  const mac = createHmac('sha256', keyFor(secret, purpose)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The claims when the mac matches and the record has not expired; otherwise null. */
export function openClaims(secret: string, purpose: string, sealed: string | undefined, nowMs: number): Record<string, unknown> | null {
  const [payload, mac, extra] = sealed?.split('.') ?? [];
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', keyFor(secret, purpose)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const record = claims as Record<string, unknown>;
  return typeof record.exp === 'number' && record.exp > nowMs ? record : null;
}
