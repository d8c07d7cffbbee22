import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthProvider, useAuth } from '../../features/auth/index.ts';
import { useLanguageRouting } from '../../features/language/index.ts';
import { releasePrerenderedFrame } from '../prerendered-page.ts';
import { OfflineBanner, OfflineScreen } from './OfflineScreen.tsx';

/** Moves to the address that matches the language (e.g. '/pricing' -> '/tr/pricing' for a Turkish reader). */
function LanguageGate() {
  const location = useLocation();
  const { redirectTo } = useLanguageRouting();
  const { status, retry } = useAuth();
  // The studio frame drawn at build time does not suit a visitor the app signs out or cannot reach the server for.
  useLayoutEffect(() => {
    if (status === 'anonymous' || status === 'offline') releasePrerenderedFrame();
  }, [status]);
  if (redirectTo !== null && redirectTo !== location.pathname) {
    return <Navigate to={{ pathname: redirectTo, search: location.search, hash: location.hash }} state={location.state} replace />;
  }
  if (status === 'offline') return <OfflineScreen onRetry={retry} />;
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}

/** Top of every page: the session (kept mounted across every navigation), language routing, offline handling. */
export function RootLayout() {
  return (
    <AuthProvider>
      <LanguageGate />
    </AuthProvider>
  );
}
