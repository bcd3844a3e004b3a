import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from './context.ts';

/** Layout route for pages that need a signed-in user; others are sent to /login. */
export function RequireUser() {
  return useSession().user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Layout route for sign-in and sign-up; a signed-in user has nothing to do there. */
export function RequireGuest() {
  return useSession().user ? <Navigate to="/chat" replace /> : <Outlet />;
}
