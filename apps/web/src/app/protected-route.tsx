import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { paths } from '../lib/paths';

/** Sends anonymous visitors to sign-in, keeping the path (and query) to come back to. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  // A signed-in customer reloading the page is not sent to sign-in while the session loads.
  if (isLoading) return <Spinner isBlock />;
  if (!isAuthenticated) {
    return <Navigate to={paths.signIn(`${location.pathname}${location.search}`)} replace />;
  }
  return children ?? <Outlet />;
}

/** Pages only for visitors who are not signed in (e.g. /retrieve); others go home. */
export function AnonymousOnlyRoute({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <Spinner isBlock />;
  if (isAuthenticated) return <Navigate to={paths.home()} replace />;
  return children ?? <Outlet />;
}
