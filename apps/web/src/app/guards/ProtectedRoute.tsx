import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { useLocalizedPath } from '../../lib/i18n.ts';

/** Section 2's protected rule: spinner while auth loads, /login (replacing, remembering the page) without a user. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, user, endReason } = useAuth();
  const location = useLocation();
  const localized = useLocalizedPath();
  if (status === 'loading') return <PageSpinner />;
  if (!user) {
    // After a deliberate logout or an inactivity expiry the next sign-in starts fresh at home.
    const remember = endReason !== 'logout' && endReason !== 'expired';
    return <Navigate to={localized('/login')} replace state={remember ? { from: location } : undefined} />;
  }
  return children;
}
