import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import { ApiError, clearToken, getToken, onUnauthorized, storeToken } from '../api/client.ts';
import { SessionContext, userQuery, userQueryKey, type Session } from './context.ts';
import { returnPath } from './returnTo.ts';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Set by RequireUser when it sent the visitor to /login; read when signing in.
  const locationState: unknown = useLocation().state;
  const [token, setToken] = useState(getToken);
  const userResult = useQuery({ ...userQuery, enabled: token !== null });

  const forget = useCallback(() => {
    clearToken();
    setToken(null);
    queryClient.removeQueries({ queryKey: userQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Leave first: clearing the user while still on a protected page would bounce it to /login.
    await navigate('/', { flushSync: true });
    forget();
  }, [navigate, forget]);

  const signIn = useCallback(
    async (newToken: string) => {
      storeToken(newToken);
      try {
        // Always ask: the new token may belong to someone other than the user still in the cache.
        await queryClient.query({ ...userQuery, staleTime: 0 });
      } catch (error) {
        forget();
        throw error;
      }
      setToken(newToken);
      await navigate(returnPath(locationState), { replace: true });
    },
    [queryClient, navigate, forget, locationState],
  );

  const replaceToken = useCallback((newToken: string) => {
    storeToken(newToken);
    setToken(newToken);
  }, []);

  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  // A stored token that does not load the user is dropped; after a 401 signOut does that.
  const { error } = userResult;
  useEffect(() => {
    if (error !== null && !(error instanceof ApiError && error.status === 401)) forget();
  }, [error, forget]);

  const user = userResult.data ?? null;
  const session = useMemo<Session>(() => ({ user, signIn, signOut, replaceToken }), [user, signIn, signOut, replaceToken]);

  // Until a stored token has turned into a user or been dropped, the app shows only this.
  if (token !== null && user === null) {
    return <Loading />;
  }
  return <SessionContext value={session}>{children}</SessionContext>;
}
