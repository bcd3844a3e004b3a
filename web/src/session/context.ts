import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.ts';
import type { Answer } from '../api/contract.ts';

export type User = Answer<'/api/user', 'get'>;

export interface Session {
  /** The signed-in user, or null when signed out. */
  user: User | null;
  /** Stores the token, loads the user, then goes back to the page that sent the visitor to /login, else /chat; rejects (signed out) if the user cannot be loaded. */
  signIn: (token: string) => Promise<void>;
  /** Drops the token and the user, then goes to /. */
  signOut: () => Promise<void>;
  /** Keeps the same user on a fresh token (a password change revokes the older ones); stays on the page. */
  replaceToken: (token: string) => void;
}

/** Query key of the signed-in user: set it from the answer after changing the user (e.g. the profile name). */
export const userQueryKey = ['user'] as const;

/** The signed-in user's query, shared by the session and the pages that show the user. */
export const userQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: () => dataOf(api.GET('/api/user')),
  // The user changes only through our own calls, which set it; a focus refetch or retry gains nothing.
  staleTime: Infinity,
  retry: false,
});

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
