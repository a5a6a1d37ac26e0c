// React bindings for the two pieces of client state the app frame reads (session and user).
// State is re-read with getSync() on every change notification, so the callback's argument shape and the
// identity of the objects the SDK returns do not matter here.
import { useEffect, useState } from 'react';
import type { AppClient, SessionView, UserView } from './app-client';

export function useSession(client: AppClient): SessionView | null {
  const [session, setSession] = useState(() => client.session.getSync());
  useEffect(() => {
    setSession(client.session.getSync());
    return client.session.onChange(() => setSession(client.session.getSync()));
  }, [client]);
  return session;
}

export function useUser(client: AppClient): UserView | null {
  const [user, setUser] = useState(() => client.user.getSync());
  useEffect(() => {
    setUser(client.user.getSync());
    return client.user.onChange(() => setUser(client.user.getSync()));
  }, [client]);
  return user;
}
