import { test as base } from '@playwright/test';
import { registerThroughApi, signedInStorage, type SignedInAccount } from './helpers.ts';

/**
 * `test` for tests that start signed in: each test gets its own new account, registered through the API, and its
 * browser context starts with that account's session stored (Playwright's storageState), so the page opens signed in
 * without the register form. One account per test keeps tests independent (balances, history, preferences), and no
 * two contexts ever share a refresh token, whose rotation would treat the second use as a replay.
 */
export const test = base.extend<{ account: SignedInAccount }>({
  account: async ({ playwright, baseURL }, provide) => {
    const request = await playwright.request.newContext({ baseURL });
    const account = await registerThroughApi(request).finally(() => request.dispose());
    await provide(account);
  },
  storageState: async ({ account, baseURL }, provide) => {
    await provide(signedInStorage(baseURL ?? '', account.session));
  },
});
