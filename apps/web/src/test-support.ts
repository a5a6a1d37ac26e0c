// A fake SDK client for page tests: state is set by the test and change listeners fire like the SDK's. It covers
// the whole client the widget uses (@gatehouse/react's WidgetClient), so pages that embed widget components
// (authenticate, account) render against it inside <GatehouseProvider>.
import type { WidgetClient } from '@gatehouse/react';
import { DEFAULT_BOOTSTRAP, type PasswordStrengthCheckResponse, type PasswordsModule } from '@gatehouse/sdk';
import type { AppClient, ListedSessionView } from './app-client';
import { KNOWN_OAUTH_PROVIDERS } from './widget-config';

type Session = NonNullable<ReturnType<WidgetClient['session']['getSync']>>;
type User = NonNullable<ReturnType<WidgetClient['user']['getSync']>>;
type Bootstrap = ReturnType<WidgetClient['bootstrap']['getSync']>;

type TotpCreated = Awaited<ReturnType<AppClient['totps']['create']>>;
type RecoveryCodes = Awaited<ReturnType<AppClient['totps']['recoveryCodes']>>;
type SessionList = Awaited<ReturnType<AppClient['session']['list']>>;

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
  } & Pick<AppClient['user'], 'deleteEmail' | 'deletePhoneNumber' | 'deleteTOTP' | 'deleteCryptoWallet'>;
  oauthStartCalls: { provider: string; options: unknown }[];
  oauthAuthenticateCalls: { token: string; options: { session_duration_minutes: number } }[];
  /** What oauth.authenticate does (default: signs in with SAMPLE_SESSION / SAMPLE_USER). */
  oauthAuthenticateImpl: (token: string) => Promise<unknown>;
  deleteOAuthCalls: string[];
  /** What user.deleteOAuthRegistration does (default: resolves; the test updates the user itself). */
  deleteOAuthImpl: (id: string) => Promise<unknown>;
  // Issue 13 item 3 (the account page). Every call is recorded; each *Impl can be replaced by a test.
  session: WidgetClient['session'] & Pick<AppClient['session'], 'list' | 'revokeOthers' | 'revokeOne'>;
  otps: WidgetClient['otps'] & {
    email: WidgetClient['otps']['email'] & Pick<AppClient['otps']['email'], 'send'>;
    sms: WidgetClient['otps']['sms'] & Pick<AppClient['otps']['sms'], 'send'>;
  };
  magicLinks: WidgetClient['magicLinks'] & {
    email: WidgetClient['magicLinks']['email'] & Pick<AppClient['magicLinks']['email'], 'send'>;
  };
  /** [method, argument] of every account-page call (deleteEmail, otps.email.send, totps.create, …). */
  accountCalls: [method: string, argument: unknown][];
  /** What session.list answers (default: the current session only). */
  listSessionsImpl: () => Promise<SessionList>;
  revokeOthersImpl: () => Promise<{ revoked_count: number }>;
  revokeOneImpl: (options: { session_id: string }) => Promise<unknown>;
  /** user.deleteEmail / deletePhoneNumber / deleteTOTP (default: like the SDK, stores the user without it). */
  deleteFactorImpl: (kind: 'emails' | 'phone_numbers' | 'totps', id: string) => Promise<unknown>;
  /** Issue 20 item 3: runs before otps.{email,sms}.send / magicLinks.email.send answer (a throw refuses the send). */
  sendCheck: (method: string, destination: string) => Promise<void>;
  /** What otps.authenticate does (default: resolves). */
  otpAuthenticateImpl: (code: string, methodId: string) => Promise<unknown>;
  totpCreateImpl: () => Promise<TotpCreated>;
  recoveryCodesImpl: () => Promise<RecoveryCodes>;
  /** Issue 13: what bootstrap answers (default DEFAULT_BOOTSTRAP); get() resolves with it at the time of the call. */
  bootstrapData: Bootstrap;
  /** Issue 13 item 1: totps.authenticate / recover, recorded; the default impl adds the factor to the session. */
  totps: AppClient['totps'] & {
    authenticate(options: { totp_code: string; session_duration_minutes: number }): Promise<unknown>;
    recover(options: { recovery_code: string; session_duration_minutes: number }): Promise<unknown>;
  };
  totpCalls: [method: 'authenticate' | 'recover', options: unknown][];
  totpImpl: (method: 'authenticate' | 'recover', options: unknown) => Promise<unknown>;
}

/** A live session as GET /sessions/list answers it. */
export function listedSession(overrides: Partial<ListedSessionView> = {}): ListedSessionView {
  return {
    session_id: SAMPLE_SESSION.session_id,
    started_at: SAMPLE_SESSION.started_at,
    last_accessed_at: SAMPLE_SESSION.last_accessed_at,
    expires_at: SAMPLE_SESSION.expires_at,
    attributes: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    device_name: 'Firefox on Linux',
    ...overrides,
  };
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

/** An answer of POST /totps (wire-format.md §4.8): a base32 secret, an SVG QR code and 10 recovery codes. */
export const SAMPLE_TOTP: TotpCreated = {
  totp_id: 'totp-test-1',
  secret: 'JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  recovery_codes: Array.from({ length: 10 }, (_, index) => `rcvr-${String(index).padStart(4, '0')}-code`),
};

// The widget's defaults when bootstrap has not answered (SPEC §7).
const BOOTSTRAP: Bootstrap = DEFAULT_BOOTSTRAP;

export function createFakeClient(initial: { session?: Session | null; user?: User | null } = {}): FakeClient {
  let session = initial.session ?? null;
  let user = initial.user ?? null;
  const sessionListeners = new Set<(value: Session | null) => void>();
  const userListeners = new Set<(value: User | null) => void>();
  const otpChannel = (channel: 'email' | 'sms' | 'whatsapp') => ({
    loginOrCreate: async () => ({ method_id: 'method-id-1' }),
    send: async (destination: string) => {
      fake.accountCalls.push([`otps.${channel}.send`, destination]);
      await fake.sendCheck(`otps.${channel}.send`, destination);
      return { method_id: `method-id-${channel}` };
    },
  });
  const recorded =
    <A extends unknown[], R>(method: string, run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      fake.accountCalls.push([method, args[0]]);
      return run(...args);
    };
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
    bootstrapData: BOOTSTRAP,
    bootstrap: {
      get: async () => fake.bootstrapData,
      getSync: () => fake.bootstrapData,
    },
    totpCalls: [],
    async totpImpl(method) {
      if (session === null) throw new Error('not signed in');
      const at = new Date().toISOString();
      fake.setSession({
        ...session,
        authentication_factors: [
          ...session.authentication_factors,
          method === 'authenticate'
            ? {
                type: 'totp',
                delivery_method: 'authenticator_app',
                last_authenticated_at: at,
                authenticator_app_factor: { totp_id: 'totp-test-1' },
              }
            : {
                type: 'recovery_code',
                delivery_method: 'recovery_code',
                last_authenticated_at: at,
                recovery_code_factor: { totp_recovery_code_id: 'totp-recovery-code-test-1' },
              },
        ],
      });
      return { request_id: `request-id-totps-${method}`, status_code: 200 };
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
      list: recorded('session.list', () => fake.listSessionsImpl()),
      revokeOthers: recorded('session.revokeOthers', () => fake.revokeOthersImpl()),
      revokeOne: recorded('session.revokeOne', (options: { session_id: string }) =>
        fake.revokeOneImpl(options),
      ),
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
      deleteEmail: recorded('user.deleteEmail', (id: string) => fake.deleteFactorImpl('emails', id)),
      deletePhoneNumber: recorded('user.deletePhoneNumber', (id: string) =>
        fake.deleteFactorImpl('phone_numbers', id),
      ),
      deleteTOTP: recorded('user.deleteTOTP', (id: string) => fake.deleteFactorImpl('totps', id)),
      deleteCryptoWallet: recorded('user.deleteCryptoWallet', async (id: string) => {
        if (user === null) throw new Error('not signed in');
        user = {
          ...user,
          crypto_wallets: (user.crypto_wallets ?? []).filter((w) => w.crypto_wallet_id !== id),
        };
        for (const listener of userListeners) listener(user);
        return {};
      }),
    },
    magicLinks: {
      email: {
        async loginOrCreate(email, options) {
          fake.loginOrCreateCalls.push({ email, options });
          return {};
        },
        send: recorded('magicLinks.email.send', async (email: string, _options?: unknown) => {
          await fake.sendCheck('magicLinks.email.send', email);
          return {};
        }),
      },
      authenticate(token, options) {
        fake.authenticateCalls.push({ token, options });
        return fake.authenticateImpl(token);
      },
    },
    otps: {
      sms: otpChannel('sms'),
      whatsapp: otpChannel('whatsapp'),
      email: otpChannel('email'),
      authenticate: recorded('otps.authenticate', (code: string, methodId: string) =>
        fake.otpAuthenticateImpl(code, methodId),
      ),
    },
    totps: {
      create: recorded('totps.create', async (_options: { expiration_minutes: number }) =>
        fake.totpCreateImpl(),
      ),
      // Issue 13 item 1 (step-up) and item 3 (the account page's first code) both confirm a code here.
      authenticate(options) {
        fake.totpCalls.push(['authenticate', options]);
        return fake.totpImpl('authenticate', options);
      },
      recover(options) {
        fake.totpCalls.push(['recover', options]);
        return fake.totpImpl('recover', options);
      },
      recoveryCodes: recorded('totps.recoveryCodes', () => fake.recoveryCodesImpl()),
    },
    accountCalls: [],
    listSessionsImpl: async () => ({
      sessions: session === null ? [] : [listedSession({ session_id: session.session_id })],
      current_session_id: session?.session_id ?? '',
    }),
    revokeOthersImpl: async () => ({ revoked_count: 0 }),
    revokeOneImpl: async () => ({}),
    async deleteFactorImpl(kind, id) {
      if (user === null) throw new Error('not signed in');
      const idOf = (item: Record<string, unknown>) => item.email_id ?? item.phone_id ?? item.totp_id;
      const remaining = (user[kind] as unknown as Record<string, unknown>[]).filter(
        (item) => idOf(item) !== id,
      );
      fake.setUser({ ...user, [kind]: remaining });
      return {};
    },
    sendCheck: async () => undefined,
    otpAuthenticateImpl: async () => ({}),
    totpCreateImpl: async () => SAMPLE_TOTP,
    recoveryCodesImpl: async () => ({ totps: [] }),
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
    // Issue 12: the web app's pages never start a wallet sign-in themselves (the widget does).
    cryptoWallets: {
      authenticateStart: async () => ({ challenge: '' }),
      authenticate: async () => ({}),
    },
    telemetry: { logEvent: () => undefined },
  };
  return fake;
}
