// Test doubles for the browser dependencies (not for SDK modules): a cookie jar with document.cookie semantics,
// an in-memory localStorage, and a fetch that records requests and answers from per-route handlers.
import type { AuthenticateResponse, BootstrapResponse, Session, User } from '@gatehouse/protocol';
import { vi } from 'vitest';
import type { BrowserDependencies, CookieJar, KeyValueStorage } from '../browser';
import { type ClientOptions, createClient } from '../client';

export interface FakeCookieJar extends CookieJar {
  /** Every string written, in order (attributes included). */
  writes: string[];
  values: Map<string, string>;
}

export function createFakeCookieJar(initial: Record<string, string> = {}): FakeCookieJar {
  const values = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    values,
    read: () => [...values].map(([name, value]) => `${name}=${value}`).join('; '),
    write(cookie) {
      writes.push(cookie);
      const [pair = '', ...attributes] = cookie.split('; ');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const expires = attributes.find((attribute) => attribute.startsWith('expires='));
      if (expires && Date.parse(expires.slice(8)) <= Date.now()) values.delete(name);
      else values.set(name, pair.slice(at + 1));
    },
  };
}

export function createMemoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

export interface RecordedRequest {
  url: string;
  /** Path relative to /sdk/v1. */
  path: string;
  method: string;
  headers: Record<string, string>;
  rawBody: string | undefined;
  body: unknown;
}

export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

export function ok(fields: Record<string, unknown> = {}): Response {
  return json(200, { data: { request_id: 'request-id-test', status_code: 200, ...fields } });
}

export function apiError(status: number, errorType: string, message = 'message'): Response {
  return json(status, {
    status_code: status,
    request_id: 'request-id-err',
    error_type: errorType,
    error_message: message,
    error_url: `https://gatehouse.dev/errors#${errorType}`,
  });
}

export const BOOTSTRAP_WIRE: BootstrapResponse = {
  request_id: 'request-id-bootstrap',
  status_code: 200,
  disable_sdk_watermark: true,
  cname_domain: null,
  email_domains: ['example.com'],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: false,
  slug_pattern: null,
  create_organization_enabled: false,
  password_config: null,
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: 'OBSERVATION',
  rbac_policy: null,
  require_second_factor: false,
  theme: null,
};

export function createFakeFetch(routes: Record<string, RouteHandler> = {}) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(
    async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      const path = url.replace(/^.*?\/sdk\/v1/, '');
      const request: RecordedRequest = {
        url,
        path,
        method: init.method,
        headers: init.headers,
        rawBody: init.body,
        body: init.body === undefined ? undefined : JSON.parse(init.body),
      };
      requests.push(request);
      const handler = routes[`${init.method} ${path}`];
      if (handler) return handler(request);
      if (init.method === 'GET' && path.startsWith('/projects/bootstrap/'))
        return json(200, { data: BOOTSTRAP_WIRE });
      if (path === '/events') return json(200, { data: {} });
      return apiError(404, 'not_found');
    },
  );
  /** Requests other than bootstrap and telemetry, which every client makes. */
  const apiRequests = () =>
    requests.filter((r) => r.path !== '/events' && !r.path.startsWith('/projects/bootstrap/'));
  return { fetch, requests, apiRequests };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-1',
    created_at: '2025-01-01T00:00:00Z',
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: [{ email_id: 'email-test-1', email: 'ada@example.com', verified: true }],
    phone_numbers: [],
    providers: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    totps: [],
    biometric_registrations: [],
    password: null,
    trusted_metadata: {},
    untrusted_metadata: {},
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 'session-test-1',
    user_id: 'user-test-1',
    started_at: '2030-01-01T00:00:00Z',
    last_accessed_at: '2030-01-01T00:00:00Z',
    expires_at: '2030-01-01T00:30:00Z',
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: [],
    custom_claims: null,
    ...overrides,
  };
}

export function authenticateData(
  overrides: { user?: User; session?: Session; session_token?: string; session_jwt?: string } = {},
): AuthenticateResponse {
  const user = overrides.user ?? makeUser();
  const session = overrides.session ?? makeSession();
  return {
    request_id: 'request-id-auth',
    status_code: 200,
    user_id: user.user_id,
    session_token: overrides.session_token ?? 'session-token-1',
    session_jwt: overrides.session_jwt ?? 'session-jwt-1',
    session,
    user,
    __user: { ...user, request_id: 'request-id-auth', status_code: 200 } as unknown as User,
  };
}

export function authenticated(overrides: Parameters<typeof authenticateData>[0] = {}): Response {
  return json(200, { data: authenticateData(overrides) });
}

export const PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-000000000000';
export const STATE_KEY = `gatehouse_sdk_state_${PUBLIC_TOKEN}`;

export interface TestClientOptions {
  routes?: Record<string, RouteHandler>;
  cookies?: Record<string, string>;
  /** Pre-filled localStorage entries (values are JSON-encoded). */
  stored?: Record<string, unknown>;
  hostname?: string;
  dependencies?: Partial<BrowserDependencies>;
  clientOptions?: ClientOptions;
  publicToken?: string;
}

/**
 * A client on fake fetch, cookies and storage. Timers, clock, crypto and the storage event come from the
 * (happy-dom) globals, so vi.useFakeTimers and window.dispatchEvent drive them.
 */
export function createTestClient(options: TestClientOptions = {}) {
  const hostname = options.hostname ?? 'app.example.com';
  const jar = createFakeCookieJar(options.cookies);
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(options.stored ?? {}))
    storage.setItem(key, JSON.stringify(value));
  const fake = createFakeFetch(options.routes);
  const client = createClient(options.publicToken ?? PUBLIC_TOKEN, {
    baseUrl: 'https://auth.example.com',
    ...options.clientOptions,
    dependencies: {
      fetch: fake.fetch as unknown as BrowserDependencies['fetch'],
      storage,
      cookies: jar,
      location: { origin: `https://${hostname}`, hostname, host: hostname },
      // No Web Locks, no BroadcastChannel (happy-dom has Node's): each client is a tab of its own browser, linked to
      // others through the storage event only. Tests of tab coordination inject fake-tabs.ts.
      locks: undefined,
      channel: undefined,
      ...options.dependencies,
    },
  });
  return { client, jar, storage, ...fake };
}

/** The cached state (`{ user, session }` or null) as stored in localStorage. */
export function storedState(storage: KeyValueStorage): unknown {
  const raw = storage.getItem(STATE_KEY);
  return raw === null ? undefined : JSON.parse(raw);
}
