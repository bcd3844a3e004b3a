import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from './context.ts';
import { returnPath, type ReturnState } from './returnTo.ts';

/** Layout route for pages that need a signed-in user; others are sent to /login, which brings them back after signing in. */
export function RequireUser() {
  const { pathname, search, hash } = useLocation();
  const state: ReturnState = { from: `${pathname}${search}${hash}` };
  return useSession().user ? <Outlet /> : <Navigate to="/login" replace state={state} />;
}

/** Layout route for sign-in and sign-up; a signed-in user has nothing to do there and goes where signing in goes. */
export function RequireGuest() {
  const state: unknown = useLocation().state;
  return useSession().user ? <Navigate to={returnPath(state)} replace /> : <Outlet />;
}
