import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, TEST_ADMIN_TOKEN, TestApp, TestClock } from '../../../test/harness.ts';
import { isRedisReachable, itReachesRedis, TEST_REDIS_URL as REDIS_URL } from '../../../test/redis.ts';
import { connectUserSocket, disconnection, handshakeRefusal } from '../../../test/sockets.ts';
import { RedisRateLimitStore } from './redis-store.ts';
import { attemptStoreContract, rateLimitStoreContract } from '../../../test/rate-limit-store-contract.ts';

const reachable = await isRedisReachable(REDIS_URL);
itReachesRedis(reachable, REDIS_URL);
const runId = randomBytes(4).toString('hex');

describe.skipIf(!reachable)(`Redis (${REDIS_URL})${reachable ? '' : ': skipped, Redis is not reachable'}`, () => {
  let redis: Redis;
  let store: RedisRateLimitStore;
  let keyCounter = 0;

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
    store = new RedisRateLimitStore(redis, `sound-studio-test:${runId}:`);
  });

  afterAll(async () => {
    const keys = await redis.keys(`sound-studio-test:${runId}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  describe('RedisRateLimitStore', () => {
    rateLimitStoreContract(
      () => store,
      () => `key-${(keyCounter += 1)}`,
    );
    attemptStoreContract(
      () => store,
      () => `attempt-${(keyCounter += 1)}`,
    );
  });

  describe('two server nodes sharing Redis', () => {
    let database: DatabaseHandle;
    let nodeA: TestApp;
    let nodeB: TestApp;
    let baseUrlB: string;

    beforeAll(async () => {
      database = await openTestDatabase();
      const clock = new TestClock(Date.now());
      const env = { REDIS_URL, REDIS_KEY_PREFIX: `sound-studio-test:${runId}:` };
      nodeA = await TestApp.start({ database, clock, env });
      nodeB = await TestApp.start({ database, clock, env });
      baseUrlB = await nodeB.listen();
    });

    afterAll(async () => {
      await nodeA?.close();
      await nodeB?.close();
      await database?.close();
    });

    it('report Redis in the health check', async () => {
      expect(dataOf(await nodeA.request({ url: '/api/health' }))).toMatchObject({ redis: true });
    });

    it('share login counters: failures on one node count on the other', async () => {
      const { email } = await nodeA.register();
      const login = (node: TestApp) =>
        node.request({ method: 'POST', url: '/api/auth/login', body: { email, password: 'Wrong-Password-1!' } });
      for (const node of [nodeA, nodeB, nodeA, nodeB]) await login(node);
      expect(errorOf(await login(nodeB)).details).toEqual({ attemptsRemaining: 0 });
      const blocked = await login(nodeA);
      expect(blocked.statusCode).toBe(429);
      expect(errorOf(blocked).details).toEqual({ scope: 'login', retryAfterSeconds: 900 });

      nodeA.clock.advanceSeconds(15 * 60);
      expect(errorOf(await login(nodeA)).details).toEqual({ attemptsRemaining: 4 });
    });

    it('count parallel login guesses before checking them: 29 wrong then the right password never gets in', async () => {
      const { email } = await nodeA.register();
      const guesses = [...Array.from({ length: 29 }, () => 'Wrong-Password-1!'), STRONG_PASSWORD];
      const replies = await Promise.all(
        guesses.map((password) => nodeA.request({ method: 'POST', url: '/api/auth/login', body: { email, password } })),
      );
      expect(replies.map((reply) => reply.statusCode)).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
    });

    it('let no more than the limit of parallel guesses through across both nodes', async () => {
      const { email } = await nodeA.register();
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? nodeA : nodeB).request({
            method: 'POST',
            url: '/api/auth/login',
            body: { email, password: 'Wrong-Password-1!' },
          }),
        ),
      );
      const statuses = replies.map((reply) => reply.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    });

    it('deliver plan_updated from one node to clients of the other', async () => {
      const { session } = await nodeA.register();
      const socket = await connectUserSocket(baseUrlB, session.accessToken);
      try {
        const received = new Promise<Plan>((resolve) => socket.once('plan_updated', resolve));
        const reply = await nodeA.request({
          method: 'PATCH',
          url: '/api/admin/plans/creator',
          headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
          body: { badge: `Node A ${runId}` },
        });
        expect((await received).display.badge).toBe(dataOf<Plan>(reply).display.badge);
      } finally {
        socket.disconnect();
      }
    });

    it("close a session's sockets on every node when one node revokes it", async () => {
      const { session } = await nodeA.register();
      const socket = await connectUserSocket(baseUrlB, session.accessToken);
      try {
        const closed = disconnection(socket);
        const reply = await nodeA.request({ method: 'POST', url: '/api/auth/logout', token: session.accessToken, body: {} });
        expect(reply.statusCode).toBe(200);
        expect(await closed).toBe('io server disconnect');
        expect(await handshakeRefusal(baseUrlB, session.accessToken)).toBe('SESSION_REVOKED');
      } finally {
        socket.disconnect();
      }
    });
  });
});
