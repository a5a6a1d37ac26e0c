// Component-test support for the console (issue 26 item 3 "each screen's states in component tests"): a fake SDK
// client (session state and the widget's calls), the admin API stand-in and samples (test-admin.ts), a render of
// the whole console at an address (real router, real query client), and axe.
import { DEFAULT_BOOTSTRAP } from '@gatehouse/sdk';
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { createAdminApi } from './admin-api';
import type { Me } from './admin-types';
import { ConsoleApp, createConsoleQueryClient } from './console-app';
import type { ConsoleClient } from './console-client';
import { createConsoleRouter } from './router';
// The router loads each screen lazily; loaded here, before any test's clock runs, so a cold first import (recharts
// is large) never eats into a test's wait on a loaded machine.
import './screens/activity-screen';
import './screens/messages-screen';
import './screens/branding-screen';
import './screens/overview-screen';
import './screens/user-detail-screen';
import './screens/users-screen';
import './screens/settings-screen';
import './screens/webhooks-screen';
import './screens/import-screen';
import './screens/operators-screen';
import './screens/api-keys-screen';
import './screens/security-screen';
import './screens/system-screen';
import { type AdminStandIn, type Answer, createAdminStandIn, json, OWNER, PROJECT_ID } from './test-admin';

export type { AdminStandIn, Answer, RecordedCall } from './test-admin';
export {
  AUDITOR,
  apiError,
  createAdminStandIn,
  detail,
  eventOf,
  json,
  meOf,
  OWNER,
  PROJECT_ID,
  SUPPORT,
  statsOf,
  summary,
  VIEWER,
} from './test-admin';

type Session = NonNullable<ReturnType<ConsoleClient['session']['getSync']>>;
type User = NonNullable<ReturnType<ConsoleClient['user']['getSync']>>;

export const OPERATOR_SESSION_TOKEN = 'session-token-operator-abc';

export const OPERATOR_USER = {
  user_id: 'user-test-operator-1',
  created_at: '2026-01-02T03:04:05Z',
  status: 'active',
  name: { first_name: '', middle_name: '', last_name: '' },
  emails: [{ email_id: 'email-test-op', email: 'owner@example.com', verified: true }],
  phone_numbers: [],
  providers: [],
  webauthn_registrations: [],
  crypto_wallets: [],
  totps: [],
  biometric_registrations: [],
  password: null,
  trusted_metadata: {},
  untrusted_metadata: {},
} as unknown as User;

export const OPERATOR_SESSION = {
  session_id: 'session-test-operator-1',
  user_id: OPERATOR_USER.user_id,
  started_at: '2026-01-02T03:04:05Z',
  last_accessed_at: '2026-01-02T03:04:05Z',
  expires_at: '2026-01-02T03:34:05Z',
  attributes: { ip_address: '', user_agent: '' },
  authentication_factors: [],
  custom_claims: null,
} as unknown as Session;

export interface FakeConsoleClient extends ConsoleClient {
  setSignedIn(signedIn: boolean): void;
  revokeCalls: unknown[];
  loginOrCreateCalls: Array<{ email: string; options: unknown }>;
  authenticateCalls: string[];
  /** What magicLinks.authenticate does (default: signs in). */
  authenticateImpl(token: string): Promise<unknown>;
  registerCalls: unknown[];
  /** client.totps (issue 26 item 2): the calls made, and what each answers (replace to refuse or delay). */
  totpCalls: Array<{ method: 'create' | 'authenticate' | 'recover'; options: unknown }>;
}

/** What the fake POST /totps answers: an SVG data URL, a key, ten recovery codes. */
export const TOTP_ENROLMENT = {
  totp_id: 'totp-test-operator-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  recovery_codes: Array.from({ length: 10 }, (_, index) => `rc${index}-abcd-efgh`),
};

/** The SDK client as the console uses it; parts the console never reaches are stubs. */
export function createFakeClient(options: { signedIn?: boolean } = {}): FakeConsoleClient {
  let session: Session | null = options.signedIn === false ? null : OPERATOR_SESSION;
  let user: User | null = session === null ? null : OPERATOR_USER;
  const sessionListeners = new Set<(value: Session | null) => void>();
  const userListeners = new Set<(value: User | null) => void>();
  const fake = {
    publicToken: 'public-token-test-operators',
    revokeCalls: [] as unknown[],
    loginOrCreateCalls: [] as Array<{ email: string; options: unknown }>,
    authenticateCalls: [] as string[],
    registerCalls: [] as unknown[],
    totpCalls: [] as Array<{ method: 'create' | 'authenticate' | 'recover'; options: unknown }>,
    setSignedIn(signedIn: boolean) {
      session = signedIn ? OPERATOR_SESSION : null;
      user = signedIn ? OPERATOR_USER : null;
      for (const listener of sessionListeners) listener(session);
      for (const listener of userListeners) listener(user);
    },
    async authenticateImpl(_token: string) {
      fake.setSignedIn(true);
      return { status_code: 200 };
    },
    bootstrap: {
      get: async () => DEFAULT_BOOTSTRAP,
      getSync: () => DEFAULT_BOOTSTRAP,
    },
    session: {
      getSync: () => session,
      getTokens: () =>
        session === null ? null : { session_token: OPERATOR_SESSION_TOKEN, session_jwt: 'jwt' },
      onChange(callback: (value: Session | null) => void) {
        sessionListeners.add(callback);
        return () => sessionListeners.delete(callback);
      },
      async revoke(revokeOptions?: unknown) {
        fake.revokeCalls.push(revokeOptions);
        fake.setSignedIn(false);
        return {};
      },
    },
    user: {
      getSync: () => user,
      get: async () => user,
      onChange(callback: (value: User | null) => void) {
        userListeners.add(callback);
        return () => userListeners.delete(callback);
      },
      deleteWebauthnRegistration: async () => ({}),
      search: async () => ({ user_type: 'new' }),
    },
    magicLinks: {
      email: {
        async loginOrCreate(email: string, loginOptions: unknown) {
          fake.loginOrCreateCalls.push({ email, options: loginOptions });
          return {};
        },
      },
      authenticate(token: string) {
        fake.authenticateCalls.push(token);
        return fake.authenticateImpl(token);
      },
    },
    webauthn: {
      async register(registerOptions: unknown) {
        fake.registerCalls.push(registerOptions);
        return {};
      },
      // Never settles: like a browser waiting for the user (conditional mediation).
      authenticate: () => new Promise(() => {}),
      browserSupportsAutofill: async () => false,
      update: async () => ({}),
    },
    totps: {
      async create(createOptions: unknown) {
        fake.totpCalls.push({ method: 'create', options: createOptions });
        return { ...TOTP_ENROLMENT, user_id: OPERATOR_USER.user_id, status_code: 200 };
      },
      async authenticate(authenticateOptions: unknown) {
        fake.totpCalls.push({ method: 'authenticate', options: authenticateOptions });
        return { status_code: 200 };
      },
      async recover(recoverOptions: unknown) {
        fake.totpCalls.push({ method: 'recover', options: recoverOptions });
        return { status_code: 200 };
      },
    },
    telemetry: { logEvent: () => undefined },
  };
  return fake as unknown as FakeConsoleClient;
}

// ---------------------------------------------------------------------------------------------------------------

export const NOW = new Date('2026-01-08T12:00:00.000Z');

export interface RenderedConsole {
  client: FakeConsoleClient;
  admin: AdminStandIn;
  router: ReturnType<typeof createConsoleRouter>;
  /** The address the router is at (path and search), as the browser would show it under /console. */
  location(): { pathname: string; search: Record<string, unknown> };
}

/**
 * The whole console at `path` (under /console), signed in unless said otherwise, with /me and /projects answered
 * for `me` unless the test answers them itself (`admin` given with its own handlers).
 */
export function renderConsole(
  path: string,
  options: { me?: Me | Answer; client?: FakeConsoleClient; admin?: AdminStandIn } = {},
): RenderedConsole {
  const client = options.client ?? createFakeClient();
  const admin = options.admin ?? createAdminStandIn();
  if (options.admin === undefined) {
    const me = options.me ?? OWNER;
    admin.on('GET', '/me', typeof me === 'object' && 'actor' in me ? json(200, me) : (me as Answer));
    admin.on(
      'GET',
      '/projects',
      json(200, { items: [{ id: PROJECT_ID, name: 'Main', is_development: false }] }),
    );
  }
  const api = createAdminApi({
    fetch: admin.fetch,
    sessionToken: () => client.session.getTokens()?.session_token ?? null,
  });
  // index.html's <html lang="en">.
  document.documentElement.lang = 'en';
  const history = createMemoryHistory({ initialEntries: [`/console${path}`] });
  const router = createConsoleRouter({ history });
  const queryClient = createConsoleQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  render(
    <ConsoleApp
      services={{ client, api, origin: 'http://localhost:3000', now: () => NOW }}
      router={router}
      queryClient={queryClient}
    />,
  );
  return {
    client,
    admin,
    router,
    location: () => ({
      pathname: router.history.location.pathname,
      search: router.state.location.search as Record<string, unknown>,
    }),
  };
}

/** Axe on the whole document (landmarks included). Contrast needs a real layout: Chromium checks it (E2E). */
export async function expectAccessible(): Promise<void> {
  const result = await axe.run(document, {
    rules: { 'color-contrast': { enabled: false } },
    // axe reaches into a frame by posting it a message, which happy-dom's frames do not answer; the Branding
    // preview's frame (the widget itself) is checked by the E2E's axe run in Chromium, which does.
    iframes: false,
    resultTypes: ['violations'],
  });
  expect(
    result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

export function resetDocument(): void {
  cleanup();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
}
