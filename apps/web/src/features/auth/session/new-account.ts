import { useState } from 'react';
import { readItem, removeItem, writeItem } from '../../../lib/storage.ts';

// Per tab: the account was created in this tab's session, so the studio greets it as new rather than "welcome back".
const NEW_ACCOUNT_KEY = 'soundstudio_new_account';

export function markNewAccount(): void {
  writeItem('session', NEW_ACCOUNT_KEY, '1');
}

/** A sign-in (login) means the account has been here before. */
export function clearNewAccount(): void {
  removeItem('session', NEW_ACCOUNT_KEY);
}

/** Whether the signed-in account was created in this tab's session. */
export function useIsNewAccount(): boolean {
  const [isNew] = useState(() => readItem('session', NEW_ACCOUNT_KEY) === '1');
  return isNew;
}
