import { createContext, useContext } from 'react';

export interface AdminSession {
  /** Credentials are kept (they passed the stats call and no call has been refused 401 since). */
  signedIn: boolean;
  /** Checks the credentials against the stats call and keeps them when they pass; rejects with the call's failure otherwise. */
  signIn: (username: string, password: string) => Promise<void>;
  /** Drops the credentials and everything loaded with them, then goes to `to`. */
  signOut: (to: string) => Promise<void>;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (session === null) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return session;
}
