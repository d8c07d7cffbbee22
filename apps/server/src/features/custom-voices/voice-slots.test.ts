import { LocalSpeechEngine } from '@sound-studio/audio';
import type { MyVoicesReply, VoiceDesignPreviewsReply } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { CustomVoices } from './custom-voices.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

async function previewIds(user: RegisteredUser): Promise<string[]> {
  const reply = await t.request({
    method: 'POST',
    url: '/api/voice-design/previews',
    token: user.session.accessToken,
    body: { description: 'A bright young woman, quick and cheerful', previewText: 'Hi.' },
  });
  return dataOf<VoiceDesignPreviewsReply>(reply).previews.map((preview) => preview.previewId);
}

describe('voice slots under concurrent saves', () => {
  it("many saves at once keep exactly the plan's number of voices", { timeout: 120_000 }, async () => {
    const user = await t.register();
    const ids = [...(await previewIds(user)), ...(await previewIds(user)), ...(await previewIds(user))];
    const { slots } = dataOf<MyVoicesReply>(await t.request({ url: '/api/voices/mine', token: user.session.accessToken }));
    expect(slots).toEqual({ used: 0, total: 3 });
    expect(ids.length).toBeGreaterThan(slots.total);

    const replies = await Promise.all(
      ids.map((previewId, index) =>
        t.request({ method: 'POST', url: '/api/voice-design/voices', token: user.session.accessToken, body: { previewId, name: `Voice ${index}` } }),
      ),
    );

    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(slots.total);
    const refused = replies.filter((reply) => reply.statusCode !== 201);
    expect(refused.map((reply) => errorOf(reply).code)).toEqual(Array(ids.length - slots.total).fill('CONFLICT'));
    const after = dataOf<MyVoicesReply>(await t.request({ url: '/api/voices/mine', token: user.session.accessToken }));
    expect(after.slots).toEqual({ used: slots.total, total: slots.total });
  });

  it('saving transactions that overlap are counted one after another', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const customVoices = new CustomVoices(t.db, t.app.fileDeletions, t.app.mediaLinks);
    const { total } = await customVoices.slots(userId);
    // Each save counts, pauses (so every other save counts too unless the count is serialised), then inserts.
    const save = (index: number) =>
      t.db.transaction(async (tx) => {
        await customVoices.assertSlotFree(userId, tx);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return customVoices.repository.insert(
          {
            userId,
            name: `Voice ${index}`,
            kind: 'designed',
            engine: { provider: 'local', voice: { language: 'en-US', espeakVoice: 'en-us' }, mood: 'neutral' },
            language: 'en-us',
            gender: 'female',
            age: 'adult',
            description: 'test',
          },
          tx,
        );
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_unused, index) => save(index)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(total);
    const reasons = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(reasons.every((reason) => reason instanceof AppError && reason.code === 'CONFLICT')).toBe(true);
    expect(await customVoices.repository.countFor(userId)).toBe(total);
  });
});
