import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { hashApiKey } from '../../lib/api-keys/key-format.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';
import { isRedisReachable, itReachesRedis, TEST_REDIS_URL as REDIS_URL } from '../../../test/redis.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, env: { API_KEY_RATE_LIMIT_MAX: '3', API_KEY_RATE_LIMIT_WINDOW_SECONDS: '60', API_KEY_RATE_LIMIT_BLOCK_SECONDS: '30' } });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

async function onPlan(app: TestApp, planName: string): Promise<RegisteredUser> {
  const user = await app.register();
  await app.db.update(users).set({ planName }).where(eq(users.id, user.session.user.id));
  return user;
}

async function createKey(app: TestApp, user: RegisteredUser, body: Record<string, unknown> = { name: 'My app' }) {
  return app.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body });
}

async function newKey(app: TestApp, user: RegisteredUser, name = 'My app'): Promise<CreatedApiKey> {
  const reply = await createKey(app, user, { name });
  expect(reply.statusCode).toBe(201);
  return dataOf<CreatedApiKey>(reply);
}

function callModels(app: TestApp, headers: Record<string, string>) {
  return app.request({ url: '/v1/models', headers });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('creating, listing and revoking keys', () => {
  it('shows the full key once, stores only its hash, and lists the prefix', async () => {
    const user = await onPlan(t, 'starter');
    const created = await newKey(t, user, 'Home Assistant');
    expect(created.key).toMatch(/^ss_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    expect(created.apiKey.prefix).toHaveLength(11);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row?.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = dataOf<ApiKeyList>(await t.request({ url: '/api/api-keys', token: user.session.accessToken }));
    expect(list.apiAccess).toBe(true);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ name: 'Home Assistant', prefix: created.apiKey.prefix, revokedAt: null, lastUsedAt: null });
    expect(list.items[0]?.usage).toEqual({ requests: 0, credits: 0, characters: 0 });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it("refuses a free-plan user's key creation with a clear error", async () => {
    const user = await t.register();
    const reply = await createKey(t, user);
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply)).toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      details: { feature: 'apiAccess', plan: 'free', upgradeUrl: '/pricing' },
    });
    expect(errorOf(reply).error).toMatch(/API access is not included in your plan/);
    const list = dataOf<ApiKeyList>(await t.request({ url: '/api/api-keys', token: user.session.accessToken }));
    expect(list).toEqual({ items: [], apiAccess: false });
  });

  it('validates the name and the expiry', async () => {
    const user = await onPlan(t, 'creator');
    expect((await createKey(t, user, { name: '  ' })).statusCode).toBe(400);
    const past = await createKey(t, user, { name: 'Old', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).details).toEqual({ fields: { expiresAt: ['Expiry must be in the future'] } });
  });

  it('revokes a key: the next request with it is refused; someone else cannot revoke it', async () => {
    const owner = await onPlan(t, 'pro');
    const stranger = await onPlan(t, 'pro');
    const { key, apiKey } = await newKey(t, owner);
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);

    const foreign = await t.request({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, token: stranger.session.accessToken });
    expect(foreign.statusCode).toBe(404);
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);

    const revoked = await t.request({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, token: owner.session.accessToken });
    expect(dataOf<ApiKey>(revoked).revokedAt).not.toBeNull();
    const refused = await callModels(t, bearer(key));
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toEqual({
      error: { message: 'This API key has been revoked', type: 'invalid_request_error', code: 'key_revoked', param: null },
    });
  });

  it('stops an expired key', async () => {
    const user = await onPlan(t, 'starter');
    const expiresAt = new Date(t.clock.now() + 60 * 60 * 1000).toISOString();
    const { key } = await newKey(t, user);
    const { key: expiring } = dataOf<CreatedApiKey>(await createKey(t, user, { name: 'Short', expiresAt }));
    expect((await callModels(t, bearer(expiring))).statusCode).toBe(200);
    t.clock.advanceSeconds(60 * 60);
    const expired = await callModels(t, bearer(expiring));
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toMatchObject({ error: { code: 'key_expired' } });
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);
  });
});

describe('authenticating with a key', () => {
  it('accepts Authorization: Bearer and xi-api-key, and records when the key was last used', async () => {
    const user = await onPlan(t, 'starter');
    const { key, apiKey } = await newKey(t, user);
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);
    expect((await callModels(t, { 'xi-api-key': key })).statusCode).toBe(200);
    const list = dataOf<ApiKeyList>(await t.request({ url: '/api/api-keys', token: user.session.accessToken }));
    expect(list.items.find((item) => item.id === apiKey.id)?.lastUsedAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('refuses missing, malformed and unknown keys in OpenAI shape', async () => {
    const missing = await callModels(t, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect((await callModels(t, bearer('sk-not-ours'))).statusCode).toBe(401);
    expect((await callModels(t, bearer(`ss_${'A'.repeat(43)}`))).statusCode).toBe(401);
    // A session's access token is not an API key either.
    const user = await onPlan(t, 'starter');
    expect((await callModels(t, bearer(user.session.accessToken))).statusCode).toBe(401);
  });

  it('refuses keys on account routes: profile, password and the keys themselves', async () => {
    const user = await onPlan(t, 'starter');
    const { key } = await newKey(t, user);
    const attempts = [
      t.request({ method: 'PUT', url: '/api/auth/update-profile', token: key, body: { name: 'Mallory' } }),
      t.request({ method: 'PUT', url: '/api/auth/change-password', token: key, body: { currentPassword: user.password, newPassword: 'Another-Pass-99!' } }),
      t.request({ url: '/api/api-keys', token: key }),
      t.request({ method: 'POST', url: '/api/api-keys', token: key, body: { name: 'Escalated' } }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.statusCode).toBe(401);
      expect(errorOf(reply).details).toEqual({ reason: 'API_KEY_NOT_ALLOWED' });
    }
  });

  it('refuses the keys of a user whose plan was downgraded, and accepts them again after an upgrade', async () => {
    const user = await onPlan(t, 'creator');
    const { key } = await newKey(t, user);
    await t.db.update(users).set({ planName: 'free' }).where(eq(users.id, user.session.user.id));
    const refused = await callModels(t, bearer(key));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ error: { type: 'permission_error', code: 'feature_not_in_plan' } });
    expect((refused.body as { error: { message: string } }).error.message).toMatch(/API access is not included in your plan/);
    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, user.session.user.id));
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);
  });
});

describe('per-key rate limit', () => {
  it('answers 429 with Retry-After once a key has used its requests, without affecting other keys', async () => {
    const user = await onPlan(t, 'starter');
    const { key } = await newKey(t, user, 'Busy');
    const { key: other } = await newKey(t, user, 'Quiet');
    for (let call = 0; call < 3; call += 1) expect((await callModels(t, bearer(key))).statusCode).toBe(200);
    const limited = await callModels(t, bearer(key));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.body).toMatchObject({ error: { type: 'requests', code: 'rate_limit_exceeded' } });
    expect((await callModels(t, bearer(other))).statusCode).toBe(200);
    t.clock.advanceSeconds(30);
    expect((await callModels(t, bearer(key))).statusCode).toBe(200);
  });
});

describe('per-user ceiling across keys', () => {
  let ceiling: TestApp;

  beforeAll(async () => {
    ceiling = await TestApp.start({
      database,
      env: { API_KEY_RATE_LIMIT_MAX: '3', API_KEY_USER_RATE_LIMIT_MAX: '5', API_KEY_RATE_LIMIT_BLOCK_SECONDS: '30' },
    });
  });

  afterAll(async () => {
    await ceiling?.close();
  });

  const xiKey = (key: string) => ({ 'xi-api-key': key });
  const callVoices = (app: TestApp, key: string) => app.request({ url: '/v1/voices', headers: xiKey(key) });

  it('refuses the call after the ceiling across three keys, in the same 429 as a key over its own limit', async () => {
    const user = await onPlan(ceiling, 'starter');
    const [first, second, third] = await Promise.all(['One', 'Two', 'Three'].map((name) => newKey(ceiling, user, name)));
    for (let call = 0; call < 3; call += 1) expect((await callModels(ceiling, bearer(first!.key))).statusCode).toBe(200);
    // Refused by the key's own limit, so it does not count toward the ceiling.
    const keyLimited = await callModels(ceiling, bearer(first!.key));
    const keyLimitedElevenLabs = await callVoices(ceiling, first!.key);
    expect(keyLimited.statusCode).toBe(429);
    expect((await callModels(ceiling, bearer(second!.key))).statusCode).toBe(200);
    expect((await callVoices(ceiling, second!.key)).statusCode).toBe(200);

    // Five calls across keys: the sixth is refused, on a key that has made none of its own.
    const userLimited = await callModels(ceiling, bearer(third!.key));
    expect(userLimited.statusCode).toBe(429);
    expect(userLimited.headers['retry-after']).toBe(keyLimited.headers['retry-after']);
    expect(userLimited.body).toEqual(keyLimited.body);
    expect(userLimited.body).toMatchObject({ error: { type: 'requests', code: 'rate_limit_exceeded' } });
    const userLimitedElevenLabs = await callVoices(ceiling, third!.key);
    expect(userLimitedElevenLabs.statusCode).toBe(429);
    expect(userLimitedElevenLabs.body).toEqual(keyLimitedElevenLabs.body);

    // Another account's keys have a ceiling of their own.
    const other = await onPlan(ceiling, 'starter');
    expect((await callModels(ceiling, bearer((await newKey(ceiling, other)).key))).statusCode).toBe(200);

    ceiling.clock.advanceSeconds(30);
    expect((await callModels(ceiling, bearer(third!.key))).statusCode).toBe(200);
  });
});

const redisReachable = await isRedisReachable(REDIS_URL);
itReachesRedis(redisReachable, REDIS_URL);

describe.skipIf(!redisReachable)('API key rate limits on Redis (REDIS_URL)', () => {
  it('shares a key’s count between two server nodes', async () => {
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `api-keys-test-${process.pid}-${Date.now()}:`,
      API_KEY_RATE_LIMIT_MAX: '4',
      API_KEY_RATE_LIMIT_BLOCK_SECONDS: '45',
    };
    const clock = new TestClock(Date.now());
    const first = await TestApp.start({ database, env, clock });
    const second = await TestApp.start({ database, env, clock });
    try {
      const user = await onPlan(first, 'starter');
      const { key } = await newKey(first, user);
      expect((await callModels(first, bearer(key))).statusCode).toBe(200);
      expect((await callModels(second, bearer(key))).statusCode).toBe(200);
      expect((await callModels(first, bearer(key))).statusCode).toBe(200);
      expect((await callModels(second, bearer(key))).statusCode).toBe(200);
      const limited = await callModels(first, bearer(key));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(45);
      expect((await callModels(second, bearer(key))).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('shares the per-user ceiling across keys between two server nodes', async () => {
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `api-keys-test-${process.pid}-${Date.now()}-user:`,
      API_KEY_USER_RATE_LIMIT_MAX: '3',
    };
    const clock = new TestClock(Date.now());
    const first = await TestApp.start({ database, env, clock });
    const second = await TestApp.start({ database, env, clock });
    try {
      const user = await onPlan(first, 'starter');
      const keys = [await newKey(first, user, 'A'), await newKey(first, user, 'B'), await newKey(first, user, 'C')];
      expect((await callModels(first, bearer(keys[0]!.key))).statusCode).toBe(200);
      expect((await callModels(second, bearer(keys[1]!.key))).statusCode).toBe(200);
      expect((await callModels(first, bearer(keys[2]!.key))).statusCode).toBe(200);
      expect((await callModels(second, bearer(keys[2]!.key))).statusCode).toBe(429);
      expect((await callModels(first, bearer(keys[0]!.key))).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
