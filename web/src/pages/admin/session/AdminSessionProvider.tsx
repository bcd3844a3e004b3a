import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { onAdminUnauthorized } from '../api/adminClient.ts';
import { adminQueryKey, fetchStats, statsQueryKey } from '../api/adminApi.ts';
import { adminBase } from '../paths.ts';
import { AdminSessionContext, type AdminSession } from './context.ts';
import { basicAuthorization, clearAuthorization, loadAuthorization, storeAuthorization } from './credentials.ts';

/** The admin session (spec section 4): credentials validated against the stats call, kept in session storage, ended by any 401. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(() => loadAuthorization() !== null);

  const forget = useCallback(() => {
    clearAuthorization();
    setSignedIn(false);
    queryClient.removeQueries({ queryKey: adminQueryKey });
  }, [queryClient]);

  const signIn = useCallback(
    async (username: string, password: string) => {
      const authorization = basicAuthorization(username, password);
      const stats = await fetchStats(authorization);
      storeAuthorization(authorization);
      // The dashboard opens on the figures that proved the credentials.
      queryClient.setQueryData(statsQueryKey, stats);
      setSignedIn(true);
    },
    [queryClient],
  );

  const signOut = useCallback(
    async (to: string) => {
      // Leave first when leaving the admin area: dropping the credentials on a page of it would bounce to its sign-in.
      if (to !== adminBase) await navigate(to, { flushSync: true });
      forget();
    },
    [navigate, forget],
  );

  // The client has dropped the credentials already; the admin area's guard then shows the sign-in.
  useEffect(() => onAdminUnauthorized(forget), [forget]);

  const session = useMemo<AdminSession>(() => ({ signedIn, signIn, signOut }), [signedIn, signIn, signOut]);
  return <AdminSessionContext value={session}>{children}</AdminSessionContext>;
}
