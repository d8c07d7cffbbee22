import { eq } from 'drizzle-orm';
import { FULL_TESTS, FULL_TIER_TITLE } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs, musicTracks } from '../../db/schema.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { openTestDatabase, TestApp } from '../../../test/harness.ts';
import { ledgerRowsFor, reservationFor } from '../../../test/ledger.ts';
import { getTrack, MUSIC_TEST_ENV, settledTrack, startTrack } from '../../../test/music.ts';
import { MUSIC_JOB_TYPE } from './service.ts';

// Full tier (about 20 s of rendering): `npm test` skips it; `npm run test:full` and CI's full-tier pass run it. The chaos
// suite and the cluster test also take a music job over after kill -9 in every CI run.
// The real engine: its render takes long enough for the first server to stop while the job is processing.
describe.skipIf(!FULL_TESTS)(`music restart recovery${FULL_TIER_TITLE}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('completes a track left processing by a server that stopped mid-job', async () => {
    const first = await TestApp.start({ database, env: MUSIC_TEST_ENV });
    await first.app.ready();
    const user = await first.register();
    const track = await startTrack(first, user, { prompt: 'Slow romantic piano ballad', duration: 60 });
    await waitFor(async () => (await getTrack(first, user, track._id)).status === 'processing', 120_000);
    await first.close();
    const [left] = await database.db.select().from(musicTracks).where(eq(musicTracks.id, track._id));
    expect(left?.status).not.toBe('completed');

    const second = await TestApp.start({ database, env: MUSIC_TEST_ENV });
    try {
      await second.app.ready();
      const done = await settledTrack(second, user, track._id);
      expect(done.status).toBe('completed');
      expect((await reservationFor(database.db, track._id))?.status).toBe('settled');
      const [job] = await database.db.select().from(jobs).where(eq(jobs.id, track._id));
      expect(job).toMatchObject({ type: MUSIC_JOB_TYPE, status: 'completed' });
      expect(job?.attempts).toBeGreaterThanOrEqual(2);
      expect(await ledgerRowsFor(database.db, track._id)).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'hold', amount: -400 })]));
    } finally {
      await second.close();
    }
  }, 180_000);
});
