import { createContext, useContext } from 'react';

export interface User {
  name: string;
  email: string;
}

export interface Session {
  /** The signed-in user, or null when signed out. */
  user: User | null;
  /** Stores the token, loads the user, then goes to /chat; rejects (signed out) if the user cannot be loaded. */
  signIn: (token: string) => Promise<void>;
  /** Drops the token and the user, then goes to /. */
  signOut: () => Promise<void>;
}

/** Query key of the signed-in user: invalidate it after changing the user (e.g. the profile name). */
export const userQueryKey = ['user'] as const;

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
