import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { useLocalizedPath } from '../../lib/i18n.ts';

function requestedLocation(state: unknown): Partial<Location> | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from as Partial<Location> | undefined;
  return from && typeof from.pathname === 'string' ? from : null;
}

/** /login and /register: a signed-in user goes on to the page they asked for, or home. */
export function PublicOnlyRoute() {
  const { status, user } = useAuth();
  const location = useLocation();
  const localized = useLocalizedPath();
  if (status === 'loading') return <PageSpinner />;
  if (user) {
    const from = requestedLocation(location.state);
    // The requested page, in the language the user has now (they may have switched while signing in).
    const target = from ? { pathname: localized(from.pathname ?? '/'), search: from.search ?? '', hash: from.hash ?? '' } : localized('/');
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
