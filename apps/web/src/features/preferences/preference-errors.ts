import { useSyncExternalStore } from 'react';
import { isApiError } from '../../lib/api/index.ts';

/** Which preference call failed: decides section 8's message. */
export type PreferenceAction = 'select' | 'favorite' | 'settings' | 'preferences';

export type PreferenceFailureReason = { kind: 'network' } | { kind: 'http'; status: number } | { kind: 'server'; message: string } | { kind: 'unknown' };

export interface PreferenceError {
  action: PreferenceAction;
  reason: PreferenceFailureReason;
}

/** Section 8's reasons: no connection is "Network error", a reply without a body "HTTP {status}", else the server's word. */
export function failureReason(error: unknown): PreferenceFailureReason {
  if (!isApiError(error)) return { kind: 'unknown' };
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR') return { kind: 'network' };
  if (error.code === 'REQUEST_FAILED' || error.code === 'NON_JSON_RESPONSE' || error.code === 'UNEXPECTED_RESPONSE') {
    return { kind: 'http', status: error.status };
  }
  return { kind: 'server', message: error.message };
}

let current: PreferenceError | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The last preference failure, kept as error state until dismissed or a later call succeeds. */
export function setPreferenceError(next: PreferenceError | null): void {
  current = next;
  emit();
}

export function usePreferenceError(): PreferenceError | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
