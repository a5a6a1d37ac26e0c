// The admin API as component tests see it (issue 26 item 3): a fetch stand-in that routes by method and path and
// records every call, and sample answers shaped like the admin routes' schemas (packages/server/src/features/admin).
import type { EventRecord, Me, Stats, UserDetail, UserSummary } from './admin-types';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export type Answer = { status: number; body?: unknown } | 'pending' | 'network-error';
type Handler = (call: RecordedCall, params: Record<string, string>) => Answer | Promise<Answer>;

export interface AdminStandIn {
  fetch: typeof fetch;
  calls: RecordedCall[];
  /** Answers `METHOD /admin/v1<path>`; `:name` segments are parameters. A later handler wins. */
  on(method: string, path: string, handler: Handler | Answer): void;
  callsTo(method: string, pathPrefix: string): RecordedCall[];
}

export function json(status: number, body: unknown): Answer {
  return { status, body };
}

export function apiError(status: number, errorType: string, message = `${errorType} message`): Answer {
  return {
    status,
    body: {
      status_code: status,
      request_id: 'request-id-test-1',
      error_type: errorType,
      error_message: message,
    },
  };
}

export function createAdminStandIn(): AdminStandIn {
  const routes: Array<{ method: string; pattern: RegExp; names: string[]; handler: Handler }> = [];
  const calls: RecordedCall[] = [];
  const standIn: AdminStandIn = {
    calls,
    on(method, path, handler) {
      const names: string[] = [];
      const source = path.replace(/:([a-z_]+)/g, (_match, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      routes.unshift({
        method,
        pattern: new RegExp(`^/admin/v1${source}$`),
        names,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
    },
    callsTo: (method, pathPrefix) =>
      calls.filter((call) => call.method === method && call.path.startsWith(`/admin/v1${pathPrefix}`)),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      for (const route of routes) {
        const match = route.method === method ? route.pattern.exec(url.pathname) : null;
        if (match === null) continue;
        const params = Object.fromEntries(
          route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
        );
        const answer = await route.handler(call, params);
        if (answer === 'pending') return new Promise<Response>(() => {});
        if (answer === 'network-error') throw new TypeError('Failed to fetch');
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(
        JSON.stringify({ status_code: 404, error_type: 'not_found', error_message: 'none' }),
        {
          status: 404,
        },
      );
    }) as typeof fetch,
  };
  return standIn;
}

// ---------------------------------------------------------------------------------------------------------------
// Sample answers (the admin routes' shapes).

export const PROJECT_ID = 'project-test-main';

export function meOf(role: string, scopes: string[], extra: Partial<Me> = {}): Me {
  return {
    actor: { type: 'operator', id: 'operator-1' },
    role,
    scopes,
    masked: role === 'viewer',
    email: 'owner@example.com',
    second_factor: { enrolled: true, in_session: true, kinds: ['webauthn'] },
    recent_sign_in_until: null,
    ...extra,
  };
}

const READ = ['users:read', 'events:read', 'stats:read', 'projects:read', 'self'];
export const OWNER = meOf('owner', [...READ, 'users:write', 'users:support', 'projects:write']);
export const SUPPORT = meOf('support', ['users:read', 'users:support', 'events:read', 'stats:read', 'self']);
export const VIEWER = meOf('viewer', READ);
export const AUDITOR = meOf('auditor', ['events:read', 'self']);

export function summary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    user_id: 'user-test-ada',
    created_at: '2026-01-05T10:00:00Z',
    status: 'active',
    name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
    username: null,
    emails: [{ email_id: 'email-test-ada', email: 'ada@example.com', verified: true }],
    phone_numbers: [{ phone_id: 'phone-test-ada', phone_number: '+15005550006', verified: true }],
    crypto_wallets: [],
    has_password: true,
    methods: ['password', 'email', 'phone'],
    blocked_at: null,
    blocked_reason: null,
    last_sign_in_at: '2026-01-07T09:00:00Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    user: {
      user_id: 'user-test-ada',
      created_at: '2026-01-05T10:00:00Z',
      status: 'active',
      name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
      username: null,
      emails: [{ email_id: 'email-test-ada', email: 'ada@example.com', verified: true }],
      phone_numbers: [{ phone_id: 'phone-test-ada', phone_number: '+15005550006', verified: true }],
      providers: [
        {
          oauth_user_registration_id: 'oauth-test-1',
          provider_subject: '1234',
          provider_type: 'github',
          profile_picture_url: '',
          locale: '',
        },
      ],
      webauthn_registrations: [
        {
          webauthn_registration_id: 'webauthn-test-1',
          domain: 'localhost',
          user_agent: '',
          authenticator_type: 'platform',
          verified: true,
          name: 'MacBook Touch ID',
          created_at: '2026-01-06T10:00:00Z',
          last_used_at: null,
        },
      ],
      crypto_wallets: [
        {
          crypto_wallet_id: 'wallet-test-1',
          crypto_wallet_address: '0xabc0000000000000000000000000000000000001',
          crypto_wallet_type: 'ethereum',
          verified: true,
        },
      ],
      totps: [{ totp_id: 'totp-test-1', verified: true }],
      biometric_registrations: [],
      password: { password_id: 'password-test-1', requires_reset: false },
      trusted_metadata: {},
      untrusted_metadata: {},
    },
    blocked_at: null,
    blocked_reason: null,
    sessions: [
      {
        session_id: 'session-test-ada-1',
        user_id: 'user-test-ada',
        started_at: '2026-01-07T09:00:00Z',
        last_accessed_at: '2026-01-07T09:30:00Z',
        expires_at: '2026-01-07T10:00:00Z',
        attributes: {
          ip_address: '203.0.113.7',
          user_agent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        },
        authentication_factors: [],
        custom_claims: null,
      },
      {
        session_id: 'session-test-ada-2',
        user_id: 'user-test-ada',
        started_at: '2026-01-08T09:00:00Z',
        last_accessed_at: '2026-01-08T09:30:00Z',
        expires_at: '2026-01-08T10:00:00Z',
        attributes: { ip_address: '198.51.100.4', user_agent: '' },
        authentication_factors: [],
        custom_claims: null,
      },
    ],
    ...overrides,
  };
}

export function eventOf(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 'event-test-1',
    seq: 1,
    project_id: PROJECT_ID,
    type: 'sign_in.failed',
    occurred_at: '2026-01-07T09:00:00Z',
    actor: { type: 'user', id: 'user-test-ada' },
    subject_user_id: 'user-test-ada',
    ip_address: '203.0.113.7',
    user_agent: 'curl/8',
    request_id: 'request-id-test-9',
    payload: { method: 'otp', reason: 'otp_code_not_found' },
    ...overrides,
  };
}

/** Three daily buckets ending at the fake clock's day. */
export function statsOf(overrides: Partial<Stats> = {}): Stats {
  return {
    interval: 'day',
    from: '2026-01-05T00:00:00.000Z',
    to: '2026-01-08T00:00:00.000Z',
    buckets: ['2026-01-05T00:00:00.000Z', '2026-01-06T00:00:00.000Z', '2026-01-07T00:00:00.000Z'],
    sign_ins: [
      { method: 'magic_link', outcome: 'success', reason: null, total: 5, counts: [1, 2, 2] },
      { method: 'passkey', outcome: 'success', reason: null, total: 3, counts: [0, 1, 2] },
      { method: 'oauth:github', outcome: 'success', reason: null, total: 1, counts: [0, 0, 1] },
      { method: 'otp', outcome: 'failure', reason: 'otp_code_not_found', total: 4, counts: [1, 1, 2] },
    ],
    sign_ups: { total: 2, counts: [1, 0, 1] },
    active_users: { counts: [1, 3, 4] },
    rate_limit_hits: [],
    adoption: { users: 40, passkey_users: 10, second_factor_users: 4 },
    ...overrides,
  };
}
