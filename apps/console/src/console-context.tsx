// Issue 26 item 1: what every console screen reads — the services (SDK client, admin API, clock) and, once signed in,
// the operator (GET /admin/v1/me: role, scopes, masking) and the project the screens act on.
import { createContext, type ReactNode, useContext } from 'react';
import type { AdminApi } from './admin-api';
import type { Me, ProjectSummary } from './admin-types';
import type { ConsoleClient } from './console-client';

export interface ConsoleServices {
  client: ConsoleClient;
  api: AdminApi;
  /** The server's origin (login links land on `${origin}/console/authenticate`). */
  origin: string;
  now(): Date;
}

const ServicesContext = createContext<ConsoleServices | null>(null);

export function ServicesProvider({ services, children }: { services: ConsoleServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices outside <ServicesProvider>');
  return services;
}

/** The scopes the console's controls depend on (packages/server/src/features/admin/admin-scopes.ts). */
export type Scope =
  | 'users:read'
  | 'users:write'
  | 'users:support'
  | 'events:read'
  | 'stats:read'
  | 'projects:read'
  | 'projects:write'
  | 'messages:read'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'operators:read'
  | 'operators:write'
  | 'keys:read'
  | 'keys:write'
  | 'imports:write'
  | 'users:export'
  | 'system:read';

export interface OperatorState {
  me: Me;
  projects: ProjectSummary[];
  /** The project every screen acts on; null when none is open to this operator. */
  projectId: string | null;
  setProjectId(projectId: string): void;
  can(scope: Scope): boolean;
  signOut(): Promise<void>;
}

const OperatorContext = createContext<OperatorState | null>(null);

export function OperatorProvider({ value, children }: { value: OperatorState; children: ReactNode }) {
  return <OperatorContext.Provider value={value}>{children}</OperatorContext.Provider>;
}

export function useOperator(): OperatorState {
  const operator = useContext(OperatorContext);
  if (operator === null) throw new Error('useOperator outside <OperatorProvider>');
  return operator;
}

/**
 * Whether scopes allow scope. `users:write` implies `users:support` (the support desk's login link, session
 * revocation and unblock), as the server's effectiveScopes does.
 */
export function holdsScope(scopes: readonly string[], scope: Scope): boolean {
  if (scopes.includes(scope)) return true;
  return scope === 'users:support' && scopes.includes('users:write');
}
