import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LocalSpeechEngine } from '@sound-studio/audio';
import { FULL_TESTS, FULL_TIER_TITLE } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReply, TtsHistoryReply } from '@sound-studio/shared';
import { documentJob, uploadDocument } from '../../../test/documents.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, openTestDatabase, TestApp } from '../../../test/harness.ts';
import { ledgerRowsFor } from '../../../test/ledger.ts';
import { englishProse } from '../../../test/speech.ts';

// Full tier (a long document spoken one and a half times): `npm test` skips it; `npm run test:full` and CI's full-tier
// pass run it. The chaos suite's kill -9 cases check that no credit is lost across a crash in every CI run.
describe.skipIf(!FULL_TESTS)(`long documents across a restart${FULL_TIER_TITLE}`, () => {
  const LONG_TEXT = englishProse(5100);
  let engine: LocalSpeechEngine;

  beforeAll(() => {
    engine = new LocalSpeechEngine({ workers: 1 });
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('runs an interrupted job again from the start after a restart, on the same hold and into one file', async () => {
    // A database of its own: the queue of the file's main app must not compete for this job.
    const ownDatabase = await openTestDatabase();
    const first = await TestApp.start({ database: ownDatabase, speechEngine: engine });
    const user = await first.register();
    const userId = user.session.user.id;
    const fastest = { voiceId: 'en-us-madison', speed: '2', model: 'speech-1.5-hd-preview' };
    const reply = dataOf<DocumentReply>(await uploadDocument(first, user, 'story.txt', LONG_TEXT, fastest));
    if (reply.kind !== 'job') throw new Error('expected a job');
    await waitFor(async () => (await documentJob(first, user, reply.job.id)).progress > 0.3, 60_000, 100);
    await first.close(); // shutdown: the job goes back to the queue

    const restarted = await TestApp.start({ database: ownDatabase, speechEngine: engine });
    try {
      const job = await documentJob(restarted, user, reply.job.id);
      expect(['queued', 'processing']).toContain(job.status);
      const done = await waitFor(async () => {
        const current = await documentJob(restarted, user, reply.job.id);
        return current.status === 'completed' || current.status === 'failed' ? current : null;
      }, 60_000, 200);
      expect(done.status).toBe('completed');
      expect(done.progress).toBe(1);
      expect(await ledgerRowsFor(ownDatabase.db, `tts:${reply.job.id}`)).toEqual([
        { reason: 'hold', amount: -LONG_TEXT.length },
        { reason: 'release', amount: LONG_TEXT.length },
        { reason: 'charge', amount: -LONG_TEXT.length },
      ]);
      const history = dataOf<TtsHistoryReply>(await restarted.request({ url: '/api/tts/history', token: user.session.accessToken }));
      expect(history.total).toBe(1);
      const folder = path.join(restarted.mediaRoot, 'tts', userId);
      expect(readdirSync(folder).sort()).toEqual([`${reply.job.id}.mp3`, `${reply.job.id}.timings.json`]);
    } finally {
      await restarted.close();
      await ownDatabase.close();
    }
  });
});
