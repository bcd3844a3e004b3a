import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Flex, Spin } from 'antd';
import { api, ApiError, clearToken, getToken, onUnauthorized, storeToken } from '../api/client.ts';
import { SessionContext, userQueryKey, type Session, type User } from './context.ts';

const fetchUser = () => api.get<User>('/api/user');

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState(getToken);
  const userQuery = useQuery({
    queryKey: userQueryKey,
    queryFn: fetchUser,
    enabled: token !== null,
    // The user changes only through our own calls, which invalidate it; a focus refetch or retry gains nothing.
    staleTime: Infinity,
    retry: false,
  });

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
        await queryClient.query({ queryKey: userQueryKey, queryFn: fetchUser });
      } catch (error) {
        forget();
        throw error;
      }
      setToken(newToken);
      await navigate('/chat', { replace: true });
    },
    [queryClient, navigate, forget],
  );

  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  // A stored token that does not load the user is dropped; after a 401 signOut does that.
  const { error } = userQuery;
  useEffect(() => {
    if (error !== null && !(error instanceof ApiError && error.status === 401)) forget();
  }, [error, forget]);

  const user = userQuery.data ?? null;
  const session = useMemo<Session>(() => ({ user, signIn, signOut }), [user, signIn, signOut]);

  // Until a stored token has turned into a user or been dropped, the app shows only this.
  if (token !== null && user === null) {
    return (
      <Flex align="center" justify="center" gap="small" style={{ minHeight: '100vh' }}>
        <Spin />
        Loading...
      </Flex>
    );
  }
  return <SessionContext value={session}>{children}</SessionContext>;
}
