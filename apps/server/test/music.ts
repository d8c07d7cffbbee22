import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { MusicTrack } from '@sound-studio/shared';
import type { Environment } from '../src/config.ts';
import { waitFor } from './queue-contract.ts';
import { dataOf, type RegisteredUser, type TestApp } from './harness.ts';
import { TEST_REDIS_URL } from './redis.ts';

export interface QueueMode {
  name: 'in-process' | 'bullmq';
  env: Environment;
  /** Removes the run's Redis keys. */
  cleanUp: () => Promise<void>;
}

/** The two ways jobs travel; BullMQ runs get a key prefix of their own. */
export function queueModes(): QueueMode[] {
  const prefix = `sound-studio-music-test:${randomBytes(4).toString('hex')}:`;
  return [
    { name: 'in-process', env: {}, cleanUp: async () => {} },
    {
      name: 'bullmq',
      env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix },
      cleanUp: async () => {
        const redis = new Redis(TEST_REDIS_URL);
        try {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
        } finally {
          await redis.quit();
        }
      },
    },
  ];
}

export const MUSIC_TEST_ENV: Environment = { FEATURED_CATALOGUE: 'off', MUSIC_WORKERS: '1', JOB_CONCURRENCY: '1' };

export async function getTrack(t: TestApp, user: RegisteredUser, id: string): Promise<MusicTrack> {
  return dataOf<MusicTrack>(await t.request({ url: `/api/music/${id}`, token: user.session.accessToken }));
}

/** Polls until the track leaves generating/processing. */
export async function settledTrack(t: TestApp, user: RegisteredUser, id: string, timeoutMs = 150_000): Promise<MusicTrack> {
  return waitFor(async () => {
    const track = await getTrack(t, user, id);
    return track.status === 'completed' || track.status === 'failed' ? track : null;
  }, timeoutMs, 100);
}

export async function startTrack(t: TestApp, user: RegisteredUser, body: Record<string, unknown>): Promise<MusicTrack> {
  const reply = await t.request({ method: 'POST', url: '/api/music/generate', token: user.session.accessToken, body });
  if (reply.statusCode !== 201) throw new Error(`generate failed: ${reply.statusCode} ${reply.text}`);
  return dataOf<MusicTrack>(reply);
}
