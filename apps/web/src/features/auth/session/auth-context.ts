import { createContext, useContext } from 'react';
import type { AuthSession, User } from '@sound-studio/shared';
import type { StorageKind } from '../../../lib/storage.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous' | 'offline';

/** Why the last session ended: decides where the user lands and what the login page says. */
export type SessionEndReason = 'logout' | 'expired' | 'revoked';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  endReason: SessionEndReason | null;
  /** Stores a session from login or registration and starts the inactivity monitor. */
  signIn: (session: AuthSession, persistence: StorageKind) => void;
  /** Calls the server (errors ignored), clears every stored trace and ends the session. */
  logout: (reason?: SessionEndReason) => Promise<void>;
  /** Keeps the stored and shown user in step after a profile change. */
  updateUser: (user: User) => void;
  dismissEndNotice: () => void;
  /** Tries the startup check again (after being offline). */
  retry: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for components rendered behind the protected route. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
