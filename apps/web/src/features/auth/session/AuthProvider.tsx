import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthSession, User } from '@sound-studio/shared';
import { clearStoredAuth, getRefreshToken, readStoredAuth, saveAuthSession, saveStoredUser } from '../../../lib/auth-storage.ts';
import { isApiError, refreshSession, setSessionHandlers } from '../../../lib/api/index.ts';
import type { StorageKind } from '../../../lib/storage.ts';
import { isTokenExpired } from '../../../lib/token.ts';
import { clearQueryCache } from '../../../lib/query-cache.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthContext, type AuthContextValue, type AuthStatus, type SessionEndReason } from './auth-context.ts';
import { createInactivityMonitor, type InactivityMonitor } from './inactivity-monitor.ts';

/** Loaded only when the warning is due: it is rarely shown and keeps the dialog machinery off /login. */
const SessionWarningDialog = lazy(() => import('../components/SessionWarningDialog.tsx').then((module) => ({ default: module.SessionWarningDialog })));

interface AuthState {
  status: AuthStatus;
  user: User | null;
  endReason: SessionEndReason | null;
}

/** Unreachable server (offline, timeout): keep the session and let the user retry instead of logging them out. */
function isConnectivityError(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR');
}

/** Section 4 on start: an expired token is refreshed, a valid one is validated; any other failure clears everything. */
async function restoreSession(): Promise<User | null> {
  const stored = readStoredAuth();
  if (!stored) return null;
  if (isTokenExpired(stored.accessToken)) {
    if (!stored.refreshToken) throw new Error('expired session without refresh token');
    return (await refreshSession()).user;
  }
  const { user } = await authApi.validate();
  saveStoredUser(user);
  return user;
}

let earlyRestore: Promise<User | null> | null = null;

/** Starts the session check at boot, while the texts load, instead of after the first render; the provider takes it. */
export function startSessionRestore(): void {
  if (readStoredAuth()) earlyRestore ??= restoreSession();
}

function takeSessionRestore(): Promise<User | null> {
  const restore = earlyRestore ?? restoreSession();
  earlyRestore = null;
  return restore;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Nothing stored: signed out at once, so the sign-in page draws without a spinner first.
  const [state, setState] = useState<AuthState>(() => ({ status: readStoredAuth() ? 'loading' : 'anonymous', user: null, endReason: null }));
  const [warningOpen, setWarningOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const monitorRef = useRef<InactivityMonitor | null>(null);

  const endLocally = useCallback(
    (reason: SessionEndReason) => {
      monitorRef.current?.stop();
      clearStoredAuth();
      clearQueryCache();
      setWarningOpen(false);
      setState({ status: 'anonymous', user: null, endReason: reason });
    },
    [],
  );

  const logout = useCallback(
    async (reason: SessionEndReason = 'logout') => {
      monitorRef.current?.stop();
      await authApi.logout(getRefreshToken()).catch(() => undefined);
      endLocally(reason);
    },
    [endLocally],
  );

  useEffect(() => {
    setSessionHandlers({
      onSessionEnded: () => endLocally('revoked'),
      onSessionRefreshed: (session: AuthSession) =>
        setState((current) => (current.status === 'authenticated' ? { ...current, user: session.user } : current)),
    });
  }, [endLocally]);

  useEffect(() => {
    let cancelled = false;
    takeSessionRestore()
      .then((user) => {
        // A transition: the studio behind a restored session is a large first render, which React then draws in
        // slices between which the browser stays responsive, rather than in one long task.
        if (cancelled) return;
        // The studio reads its first data beside this check: a refused session's replies must not stay cached.
        if (!user) clearQueryCache();
        startTransition(() => setState({ status: user ? 'authenticated' : 'anonymous', user, endReason: null }));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isConnectivityError(error)) {
          setState({ status: 'offline', user: null, endReason: null });
          return;
        }
        clearStoredAuth();
        clearQueryCache();
        setState({ status: 'anonymous', user: null, endReason: null });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const isAuthenticated = state.status === 'authenticated';
  useEffect(() => {
    if (!isAuthenticated) return;
    const monitor = createInactivityMonitor({
      onWarning: () => setWarningOpen(true),
      onTimeout: () => {
        setWarningOpen(false);
        void logout('expired');
      },
    });
    monitorRef.current = monitor;
    monitor.start();
    return () => {
      monitor.stop();
      monitorRef.current = null;
    };
  }, [isAuthenticated, logout]);

  const signIn = useCallback((session: AuthSession, persistence: StorageKind) => {
    // Nothing cached before this sign-in belongs to the account signing in.
    clearQueryCache();
    saveAuthSession(session, persistence);
    setState({ status: 'authenticated', user: session.user, endReason: null });
  }, []);

  const updateUser = useCallback((user: User) => {
    saveStoredUser(user);
    setState((current) => ({ ...current, user }));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn,
      logout,
      updateUser,
      dismissEndNotice: () => setState((current) => ({ ...current, endReason: null })),
      retry: () => {
        setState({ status: 'loading', user: null, endReason: null });
        setAttempt((count) => count + 1);
      },
    }),
    [state, signIn, logout, updateUser],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {warningOpen && (
        <Suspense fallback={null}>
          <SessionWarningDialog
        open={warningOpen}
        onContinue={() => {
          setWarningOpen(false);
          monitorRef.current?.extend();
        }}
        onEnd={() => {
          setWarningOpen(false);
          void logout('logout');
        }}
          />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}

const SIGNED_OUT: AuthContextValue = {
  status: 'anonymous',
  user: null,
  endReason: null,
  signIn: () => undefined,
  logout: async () => undefined,
  updateUser: () => undefined,
  dismissEndNotice: () => undefined,
  retry: () => undefined,
};

/** A visitor with no session, as a page built ahead of time shows the sign-in form (the app takes over on load). */
export function SignedOutAuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={SIGNED_OUT}>{children}</AuthContext.Provider>;
}

/**
 * A signed-in frame with nobody's data, as the studio's text-to-speech page is drawn at build time: the layout, the
 * labels and the loading states, no name, balance or voice (the app takes over with the visitor's own on load).
 */
const FRAME_SESSION: AuthContextValue = {
  ...SIGNED_OUT,
  status: 'authenticated',
  user: { id: '', name: '', email: '', credits: 0, subscription: 'free' },
};

export function FrameAuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={FRAME_SESSION}>{children}</AuthContext.Provider>;
}
