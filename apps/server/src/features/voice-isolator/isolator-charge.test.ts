import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveFfmpeg } from '@sound-studio/audio';
import type { IsolatorJob } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, openTestDatabase, temporaryFolder, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor } from '../../../test/ledger.ts';
import { postForm } from '../../../test/voice-lab.ts';

const SLOW_TEST_MS = 180_000;
const REAL_SECONDS = 75;
const CLAIMED_SECONDS = 31;
const MP3_RATE = 44_100;

let database: DatabaseHandle;
let t: TestApp;
let lyingMp3: Buffer;
const scratch = temporaryFolder('sound-studio-isolator-charge-');

/**
 * A 75 s MP3 whose Xing/Info header says it has 31 s worth of frames: the probe reads 31 s (one started minute) while
 * the decoder plays every frame (two started minutes).
 */
function mp3WithUnderstatedLength(): Buffer {
  const file = path.join(scratch.folder, 'real.mp3');
  // Debian's ffmpeg when installed, else the npm-shipped one: both have lavfi and LAME.
  execFileSync(resolveFfmpeg().path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `sine=frequency=220:duration=${REAL_SECONDS}:sample_rate=${MP3_RATE}`,
    '-c:a', 'libmp3lame', '-b:a', '32k', file,
  ]);
  const bytes = readFileSync(file);
  const tagAt = [bytes.indexOf('Xing'), bytes.indexOf('Info')].find((index) => index >= 0 && index < 4096);
  if (tagAt === undefined) throw new Error('ffmpeg wrote no Xing/Info header');
  const hasFrameCount = (bytes.readUInt32BE(tagAt + 4) & 1) === 1;
  if (!hasFrameCount) throw new Error('the Xing/Info header has no frame count');
  bytes.writeUInt32BE(Math.floor((CLAIMED_SECONDS * MP3_RATE) / 1152), tagAt + 8);
  return bytes;
}

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, env: { FEATURED_CATALOGUE: 'off' } });
  await t.app.ready();
  lyingMp3 = mp3WithUnderstatedLength();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  scratch.remove();
});

function upload(user: RegisteredUser, bytes: Buffer) {
  return postForm(t, user, '/api/voice-isolator/jobs', [{ name: 'file', value: bytes, fileName: 'lying.mp3' }]);
}

async function finished(user: RegisteredUser, id: string): Promise<IsolatorJob> {
  return waitFor(async () => {
    const job = dataOf<IsolatorJob>(await t.request({ url: `/api/voice-isolator/jobs/${id}`, token: user.session.accessToken }));
    return job.status === 'completed' || job.status === 'failed' ? job : null;
  }, 120_000, 250);
}

describe('voice isolator charges what it decoded', () => {
  it('a header that understates the length is charged for the decoded length, not the probed one', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await t.app.credits.balance(userId);
    const created = dataOf<IsolatorJob>(await upload(user, lyingMp3));
    expect(created.durationSeconds).toBeCloseTo(CLAIMED_SECONDS, 0);
    expect(created.credits).toBe(100);

    const done = await finished(user, created.id);
    expect(done).toMatchObject({ status: 'completed', credits: 200, error: null });
    expect(done.durationSeconds).toBeGreaterThan(REAL_SECONDS - 1);
    expect(await t.app.credits.balance(userId)).toBe(before - 200);
    expect(await ledgerRowsFor(t.db, `isolator:${created.id}`)).toEqual([
      { reason: 'hold', amount: -100 },
      { reason: 'hold', amount: -100 },
      { reason: 'release', amount: 200 },
      { reason: 'charge', amount: -200 },
    ]);
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: before - 200, ledgerSum: before - 200 });
  }, SLOW_TEST_MS);

  it('refuses to work past the hold when the balance cannot cover the decoded length, charging nothing', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const balance = await t.app.credits.balance(userId);
    // Leave exactly the probed minute's 100 credits.
    await t.app.credits.settle(await t.app.credits.reserve(userId, balance - 100, 'Spent elsewhere', 'elsewhere'));
    const created = dataOf<IsolatorJob>(await upload(user, lyingMp3));

    const done = await finished(user, created.id);
    expect(done).toMatchObject({ status: 'failed', credits: 0, resultUrl: null });
    expect(await t.app.credits.balance(userId)).toBe(100);
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 100, ledgerSum: 100 });
  }, SLOW_TEST_MS);
});
