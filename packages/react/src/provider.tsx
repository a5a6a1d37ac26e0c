// The React entry: <GatehouseProvider client> shares the SDK client; hooks read it and follow its changes.
import type { BootstrapData, Session, User } from '@gatehouse/protocol';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { assertBrowser } from './browser';
import type { WidgetClient } from './client-contract';

const ClientContext = createContext<WidgetClient | null>(null);

export interface GatehouseProviderProps {
  /** The client from `createClient()` of @gatehouse/sdk. */
  client: WidgetClient;
  children?: ReactNode;
}

export function GatehouseProvider({ client, children }: GatehouseProviderProps) {
  // SPEC §2: the widget runs only in a browser (this also stops server-side rendering with a clear message).
  assertBrowser('GatehouseProvider');
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client given to the nearest <GatehouseProvider>. */
export function useGatehouse(): WidgetClient {
  const client = useContext(ClientContext);
  if (client === null) {
    throw new Error(
      'useGatehouse() and the Gatehouse components must be rendered inside <GatehouseProvider>.',
    );
  }
  return client;
}

/** The signed-in user (null when signed out), updated on every change the SDK reports. */
export function useUser(): User | null {
  const client = useGatehouse();
  const [user, setUser] = useState<User | null>(() => client.user.getSync());
  useEffect(() => {
    setUser(client.user.getSync());
    return client.user.onChange((next) => setUser(next === undefined ? client.user.getSync() : next));
  }, [client]);
  return user;
}

/** The current session (null when signed out), updated on every change the SDK reports (also from other tabs). */
export function useSession(): Session | null {
  const client = useGatehouse();
  const [session, setSession] = useState<Session | null>(() => client.session.getSync());
  useEffect(() => {
    setSession(client.session.getSync());
    return client.session.onChange((next) =>
      setSession(next === undefined ? client.session.getSync() : next),
    );
  }, [client]);
  return session;
}

/** Bootstrap data: the cached copy at once, then the fetched one (SPEC §7: defaults when the fetch fails). */
export function useBootstrap(client: WidgetClient): BootstrapData {
  const [bootstrap, setBootstrap] = useState<BootstrapData>(() => client.bootstrap.getSync());
  useEffect(() => {
    let active = true;
    setBootstrap(client.bootstrap.getSync());
    client.bootstrap.get().then(
      (data) => {
        if (active) setBootstrap(data);
      },
      () => {
        // The SDK already falls back to defaults; keep the synchronous copy.
      },
    );
    return () => {
      active = false;
    };
  }, [client]);
  return bootstrap;
}
