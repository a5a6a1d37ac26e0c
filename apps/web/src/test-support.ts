// A fake SDK client for page tests: state is set by the test and change listeners fire like the SDK's. It covers
// the whole client the widget uses (@gatehouse/react's WidgetClient), so pages that embed widget components
// (authenticate, account) render against it inside <GatehouseProvider>.
import type { WidgetClient } from '@gatehouse/react';
import { DEFAULT_BOOTSTRAP, type PasswordStrengthCheckResponse, type PasswordsModule } from '@gatehouse/sdk';
import { KNOWN_OAUTH_PROVIDERS } from './widget-config';

type Session = NonNullable<ReturnType<WidgetClient['session']['getSync']>>;
type User = NonNullable<ReturnType<WidgetClient['user']['getSync']>>;
type Bootstrap = ReturnType<WidgetClient['bootstrap']['getSync']>;

export interface FakeClient extends WidgetClient {
  setSession(session: Session | null): void;
  setUser(user: User | null): void;
  revokeCalls: number;
  /** When set, revoke() rejects with it (and keeps the session, as the SDK does without force). */
  revokeError: Error | null;
  /** What magicLinks.authenticate does (default: signs in with SAMPLE_SESSION / SAMPLE_USER). */
  authenticateImpl: (token: string) => Promise<unknown>;
  authenticateCalls: { token: string; options: { session_duration_minutes: number } }[];
  loginOrCreateCalls: { email: string; options: unknown }[];
  /** The SDK's passwords module (issue 10): every call recorded as [method, options]; sign-ins sign in. */
  passwords: PasswordsModule;
  passwordCalls: [method: keyof PasswordsModule, options: unknown][];
  /** What passwords.resetByEmail does (default: signs in with SAMPLE_SESSION / SAMPLE_USER). */
  resetByEmailImpl: (options: unknown) => Promise<unknown>;
  user: WidgetClient['user'] & {
    search(email: string): Promise<{ userType: string }>;
    deleteOAuthRegistration(id: string): Promise<unknown>;
  };
  oauthStartCalls: { provider: string; options: unknown }[];
  oauthAuthenticateCalls: { token: string; options: { session_duration_minutes: number } }[];
  /** What oauth.authenticate does (default: signs in with SAMPLE_SESSION / SAMPLE_USER). */
  oauthAuthenticateImpl: (token: string) => Promise<unknown>;
  deleteOAuthCalls: string[];
  /** What user.deleteOAuthRegistration does (default: resolves; the test updates the user itself). */
  deleteOAuthImpl: (id: string) => Promise<unknown>;
}

/** A strong-enough answer of POST /passwords/strength_check (zxcvbn, score 4). */
export const STRONG_PASSWORD: PasswordStrengthCheckResponse = {
  request_id: 'request-id-strength',
  status_code: 200,
  valid_password: true,
  score: 4,
  breached_password: false,
  breach_detection_on_create: true,
  strength_policy: 'zxcvbn',
  feedback: {
    suggestions: [],
    warning: '',
    luds_requirements: {
      has_digit: true,
      has_lower_case: true,
      has_symbol: true,
      has_upper_case: true,
      missing_characters: 0,
      missing_complexity: 0,
    },
  },
};

/** An error shaped like the SDK's APIError (wire-format.md §3.2). */
export function apiError(fields: { error_type: string; error_message: string; status_code?: number }) {
  return Object.assign(new Error(`${fields.error_type}\n${fields.error_message}`), {
    name: 'APIError',
    status_code: fields.status_code ?? 400,
    error_type: fields.error_type,
    error_message: fields.error_message,
    error_url: '',
    request_id: 'request-id-test',
  });
}

export const SAMPLE_USER: User = {
  user_id: 'user-test-1b0c4f3e-8c1e-4d7e-9d59-2b3f0a1c2d3e',
  created_at: '2025-01-02T03:04:05Z',
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
};

export const SAMPLE_SESSION: Session = {
  session_id: 'session-test-9f2d1c7a-1111-4a2b-9c3d-4e5f6a7b8c9d',
  user_id: SAMPLE_USER.user_id,
  started_at: '2025-01-02T03:04:05Z',
  last_accessed_at: '2025-01-02T03:04:05Z',
  expires_at: '2025-01-02T03:34:05Z',
  attributes: { ip_address: '', user_agent: '' },
  authentication_factors: [],
  custom_claims: null,
};

// The widget's defaults when bootstrap has not answered (SPEC §7).
const BOOTSTRAP: Bootstrap = DEFAULT_BOOTSTRAP;

export function createFakeClient(initial: { session?: Session | null; user?: User | null } = {}): FakeClient {
  let session = initial.session ?? null;
  let user = initial.user ?? null;
  const sessionListeners = new Set<(value: Session | null) => void>();
  const userListeners = new Set<(value: User | null) => void>();
  const otpChannel = { loginOrCreate: async () => ({ method_id: 'method-id-1' }) };
  const signedIn = () => {
    fake.setSession(SAMPLE_SESSION);
    fake.setUser(SAMPLE_USER);
    return { request_id: 'request-id-password', status_code: 200 } as never;
  };
  const record =
    <K extends keyof PasswordsModule>(method: K, run: (options: unknown) => Promise<unknown>) =>
    async (options: unknown) => {
      fake.passwordCalls.push([method, options]);
      return run(options) as never;
    };

  const fake: FakeClient = {
    publicToken: 'public-token-test-fake',
    revokeCalls: 0,
    revokeError: null,
    authenticateCalls: [],
    loginOrCreateCalls: [],
    passwordCalls: [],
    resetByEmailImpl: async () => signedIn(),
    passwords: {
      create: record('create', async () => signedIn()),
      authenticate: record('authenticate', async () => signedIn()),
      resetByEmailStart: record('resetByEmailStart', async () => ({})),
      resetByEmail: record('resetByEmail', (options) => fake.resetByEmailImpl(options)),
      resetByExistingPassword: record('resetByExistingPassword', async () => signedIn()),
      resetBySession: record('resetBySession', async () => signedIn()),
      strengthCheck: record('strengthCheck', async () => STRONG_PASSWORD),
    },
    async authenticateImpl() {
      fake.setSession(SAMPLE_SESSION);
      fake.setUser(SAMPLE_USER);
      return { request_id: 'request-id-authenticate', status_code: 200 };
    },
    setSession(value) {
      session = value;
      for (const listener of sessionListeners) listener(value);
    },
    setUser(value) {
      user = value;
      for (const listener of userListeners) listener(value);
    },
    bootstrap: {
      get: async () => BOOTSTRAP,
      getSync: () => BOOTSTRAP,
    },
    session: {
      getSync: () => session,
      onChange(callback) {
        sessionListeners.add(callback);
        return () => sessionListeners.delete(callback);
      },
      async revoke() {
        fake.revokeCalls += 1;
        if (fake.revokeError) throw fake.revokeError;
        fake.setSession(null);
        fake.setUser(null);
        return {};
      },
    },
    user: {
      getSync: () => user,
      async get() {
        if (user === null) throw new Error('not signed in');
        return user;
      },
      onChange(callback) {
        userListeners.add(callback);
        return () => userListeners.delete(callback);
      },
      deleteWebauthnRegistration: async () => ({}),
      deleteOAuthRegistration(id) {
        fake.deleteOAuthCalls.push(id);
        return fake.deleteOAuthImpl(id);
      },
      search: async () => ({ userType: 'new' }),
    },
    magicLinks: {
      email: {
        async loginOrCreate(email, options) {
          fake.loginOrCreateCalls.push({ email, options });
          return {};
        },
      },
      authenticate(token, options) {
        fake.authenticateCalls.push({ token, options });
        return fake.authenticateImpl(token);
      },
    },
    otps: {
      sms: otpChannel,
      whatsapp: otpChannel,
      email: otpChannel,
      authenticate: async () => ({}),
    },
    webauthn: {
      register: async () => ({}),
      // Never settles: like a browser waiting for the user (conditional mediation).
      authenticate: () => new Promise(() => {}),
      browserSupportsAutofill: async () => false,
      update: async () => ({}),
    },
    oauth: {
      ...(Object.fromEntries(
        KNOWN_OAUTH_PROVIDERS.map((provider) => [
          provider,
          {
            start: async (options: unknown) => {
              fake.oauthStartCalls.push({ provider, options });
            },
          },
        ]),
      ) as Omit<WidgetClient['oauth'], 'authenticate' | 'googleOneTap'>),
      authenticate(token, options) {
        fake.oauthAuthenticateCalls.push({ token, options });
        return fake.oauthAuthenticateImpl(token);
      },
      googleOneTap: {
        start: async () => ({ google_client_id: '', csrf_token: '', oauth_callback_id: '' }),
        submit: async () => ({}),
      },
    },
    oauthStartCalls: [],
    oauthAuthenticateCalls: [],
    async oauthAuthenticateImpl() {
      fake.setSession(SAMPLE_SESSION);
      fake.setUser(SAMPLE_USER);
      return { request_id: 'request-id-oauth', status_code: 200 };
    },
    deleteOAuthCalls: [],
    deleteOAuthImpl: async () => ({}),
    telemetry: { logEvent: () => undefined },
  };
  return fake;
}
