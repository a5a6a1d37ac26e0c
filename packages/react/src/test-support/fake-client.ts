// A small fake of the SDK client for component tests: records calls and lets a test decide each answer.
// E2E tests cover the real SDK.
import type { BootstrapData, OtpMethod, Session, User } from '@gatehouse/protocol';
import { DEFAULT_BOOTSTRAP, OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/protocol';
import type {
  MagicLinkAuthenticateOptions,
  MagicLinkLoginOrCreateOptions,
  OAuthStartOptions,
  OneTapStartResult,
  OneTapSubmitOptions,
  OtpAuthenticateOptions,
  OtpChannel,
  OtpLoginOrCreateOptions,
  OtpSendOptions,
  OtpSendResult,
  PasswordCredentialsOptions,
  PasswordResetByEmailOptions,
  PasswordResetByEmailStartOptions,
  PasswordStrengthCheckOptions,
  PasswordStrengthCheckResult,
  TotpAuthenticateOptions,
  UserType,
  WebAuthnAuthenticateOptions,
  WebAuthnRegisterOptions,
  WebAuthnUpdateOptions,
  WidgetClient,
  WidgetCryptoWalletsClient,
  WidgetOAuthClient,
} from '../client-contract';

type Listener<T> = (value: T | null) => void;

export interface FakeClient extends WidgetClient {
  calls: {
    loginOrCreate: { email: string; options: MagicLinkLoginOrCreateOptions }[];
    authenticate: { token: string; options: MagicLinkAuthenticateOptions }[];
    telemetry: { name: string; details: Record<string, unknown> }[];
    otpLoginOrCreate: { method: OtpMethod; destination: string; options: OtpLoginOrCreateOptions }[];
    otpAuthenticate: { code: string; methodId: string; options: OtpAuthenticateOptions }[];
    otpSend: { method: OtpMethod; destination: string; options: OtpSendOptions }[];
    totpAuthenticate: TotpAuthenticateOptions[];
    webauthnRegister: WebAuthnRegisterOptions[];
    webauthnAuthenticate: WebAuthnAuthenticateOptions[];
    webauthnUpdate: WebAuthnUpdateOptions[];
    deleteWebauthnRegistration: string[];
    userGet: number;
    userSearch: string[];
    passwordCreate: PasswordCredentialsOptions[];
    passwordAuthenticate: PasswordCredentialsOptions[];
    passwordResetStart: PasswordResetByEmailStartOptions[];
    passwordReset: PasswordResetByEmailOptions[];
    strengthCheck: PasswordStrengthCheckOptions[];
    oauthStart: { provider: OAuthProvider; options: OAuthStartOptions }[];
    oneTapStart: number;
    oneTapSubmit: OneTapSubmitOptions[];
    oauthAuthenticate: { token: string; options: { session_duration_minutes: number } }[];
    cryptoStart: Parameters<WidgetCryptoWalletsClient['authenticateStart']>[0][];
    cryptoAuthenticate: Parameters<WidgetCryptoWalletsClient['authenticate']>[0][];
  };
  /** Default: a challenge naming the address. */
  cryptoStartImpl: WidgetCryptoWalletsClient['authenticateStart'];
  /** Default: a session answer. */
  cryptoAuthenticateImpl: WidgetCryptoWalletsClient['authenticate'];
  /** Default: never settles (the page would be navigating away). */
  oauthStartImpl: (provider: OAuthProvider, options: OAuthStartOptions) => Promise<unknown>;
  /** Default: a configured Google client. */
  oneTapStartImpl: () => Promise<OneTapStartResult>;
  /** Default: never settles (the SDK navigates to the redirect URL). */
  oneTapSubmitImpl: (options: OneTapSubmitOptions) => Promise<unknown>;
  /** What the next loginOrCreate calls do (default: resolve with a request id). */
  loginOrCreateImpl: (email: string) => Promise<unknown>;
  authenticateImpl: (token: string) => Promise<unknown>;
  /** Default: a method id per call ('method-id-1', 'method-id-2', …). */
  otpLoginOrCreateImpl: (method: OtpMethod, destination: string) => Promise<OtpSendResult>;
  otpAuthenticateImpl: (code: string, methodId: string) => Promise<unknown>;
  /** Secondary sends (default: a method id per call, 'method-id-send-1', …). */
  otpSendImpl: (method: OtpMethod, destination: string) => Promise<OtpSendResult>;
  /** Default: a session answer. */
  totpAuthenticateImpl: (options: TotpAuthenticateOptions) => Promise<unknown>;
  webauthnRegisterImpl: (options: WebAuthnRegisterOptions) => Promise<unknown>;
  webauthnAuthenticateImpl: (options: WebAuthnAuthenticateOptions) => Promise<unknown>;
  webauthnUpdateImpl: (options: WebAuthnUpdateOptions) => Promise<unknown>;
  deleteWebauthnRegistrationImpl: (id: string) => Promise<unknown>;
  /** Default: the current user (rejects when signed out). */
  userGetImpl: (() => Promise<User>) | null;
  supportsAutofill: boolean;
  /** Default: every address is a new user. */
  userSearchImpl: (email: string) => Promise<unknown>;
  passwordCreateImpl: (options: PasswordCredentialsOptions) => Promise<unknown>;
  passwordAuthenticateImpl: (options: PasswordCredentialsOptions) => Promise<unknown>;
  passwordResetStartImpl: (options: PasswordResetByEmailStartOptions) => Promise<unknown>;
  passwordResetImpl: (options: PasswordResetByEmailOptions) => Promise<unknown>;
  /** Default: zxcvbnAnswer(4) for any password of 12 characters or more, else zxcvbnAnswer(1). */
  strengthCheckImpl: (options: PasswordStrengthCheckOptions) => Promise<PasswordStrengthCheckResult>;
  setUser(user: User | null): void;
  setSession(session: Session | null): void;
}

export function apiError(fields: {
  error_type: string;
  error_message: string;
  error_url?: string;
  status_code?: number;
}) {
  const error = new Error(`[${fields.status_code ?? 400}] ${fields.error_type}\n${fields.error_message}`);
  return Object.assign(error, {
    name: 'APIError',
    status_code: fields.status_code ?? 400,
    error_type: fields.error_type,
    error_message: fields.error_message,
    error_url: fields.error_url ?? '',
    request_id: 'request-id-test',
  });
}

/** wire-format.md §4.2: the search answer (camelCase `userType`). */
export function searchAnswer(userType: UserType) {
  return { request_id: 'request-id-search', status_code: 200, userType };
}

/** A zxcvbn answer (wire-format.md §4.10) with the given score; valid from score 3 unless said otherwise. */
export function zxcvbnAnswer(
  score: number,
  overrides: { warning?: string; breached?: boolean; valid?: boolean } = {},
): PasswordStrengthCheckResult {
  const breached = overrides.breached ?? false;
  return {
    valid_password: overrides.valid ?? (score >= 3 && !breached),
    score,
    breached_password: breached,
    strength_policy: 'zxcvbn',
    feedback: {
      suggestions: [],
      warning: overrides.warning ?? '',
      luds_requirements: { missing_characters: 0, missing_complexity: 0 },
    },
  };
}

/** A LUDS answer (wire-format.md §4.10): valid when nothing is missing and the password is not breached. */
export function ludsAnswer(
  missingCharacters: number,
  missingComplexity: number,
  breached = false,
): PasswordStrengthCheckResult {
  return {
    valid_password: missingCharacters === 0 && missingComplexity === 0 && !breached,
    score: 0,
    breached_password: breached,
    strength_policy: 'luds',
    feedback: {
      suggestions: [],
      warning: '',
      luds_requirements: { missing_characters: missingCharacters, missing_complexity: missingComplexity },
    },
  };
}

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-1',
    created_at: '2026-01-01T00:00:00Z',
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: [],
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
  } as User;
}

export function createFakeClient(
  options: { bootstrap?: Partial<BootstrapData>; user?: User | null } = {},
): FakeClient {
  const bootstrap: BootstrapData = { ...DEFAULT_BOOTSTRAP, ...options.bootstrap };
  let user: User | null = options.user ?? null;
  let session: Session | null = null;
  const userListeners = new Set<Listener<User>>();
  const sessionListeners = new Set<Listener<Session>>();
  const calls: FakeClient['calls'] = {
    loginOrCreate: [],
    authenticate: [],
    telemetry: [],
    otpLoginOrCreate: [],
    otpAuthenticate: [],
    otpSend: [],
    totpAuthenticate: [],
    webauthnRegister: [],
    webauthnAuthenticate: [],
    webauthnUpdate: [],
    deleteWebauthnRegistration: [],
    userGet: 0,
    userSearch: [],
    passwordCreate: [],
    passwordAuthenticate: [],
    passwordResetStart: [],
    passwordReset: [],
    strengthCheck: [],
    oauthStart: [],
    oneTapStart: 0,
    oneTapSubmit: [],
    oauthAuthenticate: [],
    cryptoStart: [],
    cryptoAuthenticate: [],
  };
  let methodIds = 0;
  let sendIds = 0;
  const channel = (method: OtpMethod): OtpChannel => ({
    loginOrCreate: (destination, options) => {
      calls.otpLoginOrCreate.push({ method, destination, options });
      return client.otpLoginOrCreateImpl(method, destination);
    },
    send: (destination, options) => {
      calls.otpSend.push({ method, destination, options });
      return client.otpSendImpl(method, destination);
    },
  });

  const client: FakeClient = {
    publicToken: 'public-token-test-fake',
    calls,
    loginOrCreateImpl: async () => ({ request_id: 'request-id-1', status_code: 200 }),
    authenticateImpl: async () => ({ request_id: 'request-id-2', status_code: 200 }),
    otpLoginOrCreateImpl: async () => {
      methodIds += 1;
      return { method_id: `method-id-${methodIds}` };
    },
    otpAuthenticateImpl: async () => ({ request_id: 'request-id-otp', status_code: 200, __user: {} }),
    otpSendImpl: async () => {
      sendIds += 1;
      return { method_id: `method-id-send-${sendIds}` };
    },
    totpAuthenticateImpl: async () => ({ request_id: 'request-id-totp', status_code: 200, __user: {} }),
    webauthnRegisterImpl: async () => ({
      request_id: 'request-id-register',
      status_code: 200,
      webauthn_registration_id: 'webauthn-registration-new',
      __user: {},
    }),
    webauthnAuthenticateImpl: () => new Promise(() => {}),
    webauthnUpdateImpl: async (options) => ({
      webauthn_registration: {
        webauthn_registration_id: options.webauthn_registration_id,
        name: options.name,
      },
    }),
    deleteWebauthnRegistrationImpl: async () => ({ request_id: 'request-id-delete', status_code: 200 }),
    userGetImpl: null,
    supportsAutofill: false,
    userSearchImpl: async () => searchAnswer('new'),
    passwordCreateImpl: async () => ({ request_id: 'request-id-create', status_code: 200, __user: {} }),
    passwordAuthenticateImpl: async () => ({
      request_id: 'request-id-password',
      status_code: 200,
      __user: {},
    }),
    passwordResetStartImpl: async () => ({ request_id: 'request-id-reset-start', status_code: 200 }),
    passwordResetImpl: async () => ({ request_id: 'request-id-reset', status_code: 200, __user: {} }),
    oauthStartImpl: () => new Promise(() => {}),
    oneTapStartImpl: async () => ({
      google_client_id: 'google-client-id.apps.googleusercontent.com',
      csrf_token: 'csrf-token-1',
      oauth_callback_id: 'oauth-callback-1',
    }),
    oneTapSubmitImpl: () => new Promise(() => {}),
    cryptoStartImpl: async (options) => ({
      request_id: 'request-id-crypto-start',
      status_code: 200,
      challenge: `Sign in to app.example as ${options.crypto_wallet_address}`,
    }),
    cryptoAuthenticateImpl: async () => ({
      request_id: 'request-id-crypto',
      status_code: 200,
      session_token: 'session-token-crypto',
      __user: {},
    }),
    strengthCheckImpl: async ({ password }) => (password.length >= 12 ? zxcvbnAnswer(4) : zxcvbnAnswer(1)),
    bootstrap: {
      get: async () => bootstrap,
      getSync: () => bootstrap,
    },
    session: {
      getSync: () => session,
      onChange: (callback) => {
        sessionListeners.add(callback);
        return () => sessionListeners.delete(callback);
      },
      revoke: async () => {
        client.setSession(null);
        return {};
      },
    },
    user: {
      getSync: () => user,
      get: async () => {
        calls.userGet += 1;
        if (client.userGetImpl !== null) return client.userGetImpl();
        if (user === null) throw new Error('no user');
        return user;
      },
      deleteWebauthnRegistration: (id) => {
        calls.deleteWebauthnRegistration.push(id);
        return client.deleteWebauthnRegistrationImpl(id);
      },
      onChange: (callback) => {
        userListeners.add(callback);
        return () => userListeners.delete(callback);
      },
      search: (email) => {
        calls.userSearch.push(email);
        return client.userSearchImpl(email);
      },
    },
    passwords: {
      create: (options) => {
        calls.passwordCreate.push(options);
        return client.passwordCreateImpl(options);
      },
      authenticate: (options) => {
        calls.passwordAuthenticate.push(options);
        return client.passwordAuthenticateImpl(options);
      },
      resetByEmailStart: (options) => {
        calls.passwordResetStart.push(options);
        return client.passwordResetStartImpl(options);
      },
      resetByEmail: (options) => {
        calls.passwordReset.push(options);
        return client.passwordResetImpl(options);
      },
      strengthCheck: (options) => {
        calls.strengthCheck.push(options);
        return client.strengthCheckImpl(options);
      },
    },
    magicLinks: {
      email: {
        loginOrCreate: (email, options) => {
          calls.loginOrCreate.push({ email, options });
          return client.loginOrCreateImpl(email);
        },
      },
      authenticate: (token, options) => {
        calls.authenticate.push({ token, options });
        return client.authenticateImpl(token);
      },
    },
    otps: {
      sms: channel('sms'),
      whatsapp: channel('whatsapp'),
      email: channel('email'),
      authenticate: (code, methodId, options) => {
        calls.otpAuthenticate.push({ code, methodId, options });
        return client.otpAuthenticateImpl(code, methodId);
      },
    },
    webauthn: {
      register: (options) => {
        calls.webauthnRegister.push(options);
        return client.webauthnRegisterImpl(options);
      },
      authenticate: (options) => {
        calls.webauthnAuthenticate.push(options);
        return client.webauthnAuthenticateImpl(options);
      },
      browserSupportsAutofill: async () => client.supportsAutofill,
      update: (options) => {
        calls.webauthnUpdate.push(options);
        return client.webauthnUpdateImpl(options);
      },
    },
    totps: {
      authenticate: (options) => {
        calls.totpAuthenticate.push(options);
        return client.totpAuthenticateImpl(options);
      },
    },
    oauth: {
      ...(Object.fromEntries(
        OAUTH_PROVIDERS.map((provider) => [
          provider,
          {
            start: (options: OAuthStartOptions) => {
              calls.oauthStart.push({ provider, options });
              return client.oauthStartImpl(provider, options);
            },
          },
        ]),
      ) as Omit<WidgetOAuthClient, 'googleOneTap' | 'authenticate'>),
      authenticate: async (token, options) => {
        calls.oauthAuthenticate.push({ token, options });
        return { request_id: 'request-id-oauth', status_code: 200 };
      },
      googleOneTap: {
        start: () => {
          calls.oneTapStart += 1;
          return client.oneTapStartImpl();
        },
        submit: (options) => {
          calls.oneTapSubmit.push(options);
          return client.oneTapSubmitImpl(options);
        },
      },
    },
    cryptoWallets: {
      authenticateStart: (options) => {
        calls.cryptoStart.push(options);
        return client.cryptoStartImpl(options);
      },
      authenticate: (options) => {
        calls.cryptoAuthenticate.push(options);
        return client.cryptoAuthenticateImpl(options);
      },
    },
    telemetry: {
      logEvent: (name, details) => {
        calls.telemetry.push({ name, details });
      },
    },
    setUser(next) {
      user = next;
      for (const listener of userListeners) listener(next);
    },
    setSession(next) {
      session = next;
      for (const listener of sessionListeners) listener(next);
    },
  };
  return client;
}

/** A promise with its resolve/reject exposed, to hold a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
