import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type AuthSession } from '@sound-studio/shared';
import { errorReply, okReply, stubFetch } from '../../test/render.tsx';

import type * as ClientApi from './index.ts';

type ClientModule = typeof ClientApi;

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', credits: 5, subscription: 'Free Plan' };

/** One module instance per tab: each tab has its own in-flight refresh, all share local storage and the locks. */
async function openTab(): Promise<ClientModule> {
  vi.resetModules();
  return import('./index.ts');
}

/** The Web Locks API as the browser runs it for one origin: one holder at a time, the others queue. */
function installLockManager(): { requested: string[] } {
  const requested: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const request = (name: string, _options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => {
    requested.push(name);
    const held = queue.then(() => callback({ name, mode: 'exclusive' }));
    queue = held.catch(() => undefined);
    return held;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return { requested };
}

/** A server without a grace window: the second use of a rotated token ends the session. */
function stubStrictRefresh(): { refreshes: unknown[] } {
  const refreshes: unknown[] = [];
  stubFetch({
    'POST /auth/refresh': async ({ body }) => {
      refreshes.push(body);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshes.length === 1
        ? okReply({ accessToken: 'access-2', refreshToken: 'refresh-2', user })
        : errorReply(401, 'SESSION_REVOKED', 'Session has been revoked');
    },
  });
  return { refreshes };
}

beforeEach(async () => {
  const storage = await import('../auth-storage.ts');
  storage.saveAuthSession({ accessToken: 'access-1', refreshToken: 'refresh-1', user }, 'local');
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('refreshing from two tabs at start-up', () => {
  it('takes turns under a cross-tab lock: one refresh request, and the second tab uses the tokens the first stored', async () => {
    const locks = installLockManager();
    const { refreshes } = stubStrictRefresh();
    const firstTab = await openTab();
    const secondTab = await openTab();

    const sessions: AuthSession[] = await Promise.all([firstTab.refreshSession(), secondTab.refreshSession()]);

    expect(refreshes).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(sessions.map((session) => session.refreshToken)).toEqual(['refresh-2', 'refresh-2']);
    expect(sessions.map((session) => session.accessToken)).toEqual(['access-2', 'access-2']);
    expect(locks.requested).toEqual(['sound-studio:auth-refresh', 'sound-studio:auth-refresh']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('still refreshes where the browser has no navigator.locks', async () => {
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    const { refreshes } = stubStrictRefresh();
    const tab = await openTab();
    await expect(tab.refreshSession()).resolves.toMatchObject({ refreshToken: 'refresh-2' });
    expect(refreshes).toEqual([{ refreshToken: 'refresh-1' }]);
  });
});
