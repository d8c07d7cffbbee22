import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthProvider, useAuth } from '../../features/auth/index.ts';
import { useLanguageRouting } from '../../features/language/index.ts';
import { OfflineBanner, OfflineScreen } from './OfflineScreen.tsx';

/** Moves to the address that matches the language (e.g. '/pricing' -> '/tr/pricing' for a Turkish reader). */
function LanguageGate() {
  const location = useLocation();
  const { redirectTo } = useLanguageRouting();
  const { status, retry } = useAuth();
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
