import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase, TestApp } from '../../../test/harness.ts';
import { connectUserSocket } from '../../../test/sockets.ts';

let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;
const openSockets: Socket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  baseUrl = await t.listen();
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.close();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** Counts `credits_changed` events; `next()` resolves at the next one. */
function creditEvents(socket: Socket) {
  let count = 0;
  const waiters: Array<() => void> = [];
  socket.on(REALTIME_EVENTS.creditsChanged, () => {
    count += 1;
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    count: () => count,
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

describe('credits_changed on the user socket', () => {
  it('reaches every open page of the user after a grant, a hold and a charge, and nobody else', async () => {
    const owner = await t.register();
    const stranger = await t.register();
    const firstTab = await connectUserSocket(baseUrl, owner.session.accessToken);
    const secondTab = await connectUserSocket(baseUrl, owner.session.accessToken);
    const strangerTab = await connectUserSocket(baseUrl, stranger.session.accessToken);
    openSockets.push(firstTab, secondTab, strangerTab);
    const first = creditEvents(firstTab);
    const second = creditEvents(secondTab);
    const strangers = creditEvents(strangerTab);

    const granted = Promise.all([first.next(), second.next()]);
    await t.app.credits.grant(owner.session.user.id, 500, 'admin_grant', 'Operator gift');
    await granted;

    const held = first.next();
    const reservation = await t.app.credits.reserve(owner.session.user.id, 100, 'Speech', 'tts:test');
    await held;
    const charged = first.next();
    await t.app.credits.settle(reservation, 80);
    await charged;

    // The stranger's own grant arrives on their socket only after everything above, so they have heard all they would.
    const strangerGrant = strangers.next();
    await t.app.credits.grant(stranger.session.user.id, 1, 'admin_grant', 'Probe');
    await strangerGrant;
    expect(strangers.count()).toBe(1);
    expect(second.count()).toBeGreaterThanOrEqual(1);
  });

  it('says nothing for a change that rolled back', async () => {
    const owner = await t.register();
    const tab = await connectUserSocket(baseUrl, owner.session.accessToken);
    openSockets.push(tab);
    const events = creditEvents(tab);
    const rollback = new Error('rolled back on purpose');
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.credits.within(tx).grant(owner.session.user.id, 5, 'admin_grant', 'Never committed');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const probe = events.next();
    await t.app.credits.grant(owner.session.user.id, 1, 'admin_grant', 'Probe');
    await probe;
    expect(events.count()).toBe(1);
  });
});
