// The structural slice of the SDK client the widget uses. The public API accepts the SDK's `GatehouseClient`
// (it is assignable to this interface); component tests pass a small fake that records calls.
import type { BootstrapData, OAuthProvider, Session, User, UserType } from '@gatehouse/protocol';

export type { UserType };

/** wire-format.md §4.4 / §7.2: the magic-link options the widget maps from `emailMagicLinksOptions`. */
export interface MagicLinkLoginOrCreateOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  /** Issue 27 item 2: the widget's locale (BCP 47); the server writes the message in it. */
  locale?: string;
}

export interface MagicLinkAuthenticateOptions {
  session_duration_minutes: number;
}

/** wire-format.md §4.5: the widget sends template ids only for e-mail passcodes. */
export interface OtpLoginOrCreateOptions {
  expiration_minutes: number;
  login_template_id?: string;
  signup_template_id?: string;
  /** Issue 27 item 2: the widget's locale (BCP 47); the server writes the message in it. */
  locale?: string;
}

/** wire-format.md §4.5: every send answers the method id the code is redeemed against. */
export interface OtpSendResult {
  method_id: string;
}

export interface OtpAuthenticateOptions {
  session_duration_minutes: number;
}

/** wire-format.md §4.5 secondary send: with a session held the SDK posts /otps/{channel}/send/secondary. */
export interface OtpSendOptions {
  expiration_minutes: number;
  /** Issue 27 item 2: the widget's locale (BCP 47); the server writes the message in it. */
  locale?: string;
}

export interface OtpChannel {
  loginOrCreate(destination: string, options: OtpLoginOrCreateOptions): Promise<OtpSendResult>;
  /** Issue 20 item 3: the "Confirm it's you" step e-mails a code to the signed-in user's own address. */
  send(destination: string, options: OtpSendOptions): Promise<OtpSendResult>;
}

/** SPEC §7: passkey registration sends is_passkey true. */
export interface WebAuthnRegisterOptions {
  is_passkey: boolean;
  session_duration_minutes?: number;
}

/** SPEC §7: the widget's authenticate adds conditional_mediation, is_passkey and an abort signal. */
export interface WebAuthnAuthenticateOptions {
  is_passkey: boolean;
  conditional_mediation: boolean;
  signal: AbortSignal;
  session_duration_minutes: number;
  /**
   * Called just before the browser is asked for a credential, once the server's options are in (the SDK's
   * webauthn.authenticate). Autofill uses it to tell a failed start, which the person had no part in, from a
   * failure after they picked a passkey (issue 22 finding 1). A client that never calls it keeps autofill quiet.
   */
  onCredentialRequest?: () => void;
}

export interface WebAuthnUpdateOptions {
  webauthn_registration_id: string;
  name: string;
}

/** SPEC §7: password create and authenticate (session_duration_minutes defaults to 30 in the widget). */
export interface PasswordCredentialsOptions {
  email: string;
  password: string;
  session_duration_minutes: number;
}

/** wire-format.md §4.10 / §7.2: passwordOptions mapped onto the reset/start body. */
export interface PasswordResetByEmailStartOptions {
  email: string;
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  login_expiration_minutes?: number;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  /** Issue 27 item 2: the widget's locale (BCP 47); the server writes the message in it. */
  locale?: string;
}

export interface PasswordResetByEmailOptions {
  token: string;
  password: string;
  session_duration_minutes: number;
}

export interface PasswordStrengthCheckOptions {
  email?: string;
  password: string;
}

/** wire-format.md §4.10: the strength_check answer (SPEC §3 "Password strength result"). */
export interface PasswordStrengthCheckResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'luds' | 'zxcvbn';
  feedback: {
    suggestions?: string[];
    warning: string;
    luds_requirements: {
      missing_characters: number;
      missing_complexity: number;
    };
  };
}

/** wire-format.md §7.2: an OAuth button → `oauth.<type>.start({...})` with the oauthOptions and the provider entry. */
export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** POST /oauth/google/onetap/start (wire-format.md §8 oneTapStart). */
export interface OneTapStartResult {
  google_client_id: string;
  csrf_token: string;
  oauth_callback_id: string;
  /** Handed to Google so the ID token carries it. */
  nonce?: string;
  /** Where to load Google's GSI script from; default https://accounts.google.com/gsi/client. */
  google_script_url?: string;
}

export interface OneTapSubmitOptions {
  id_token: string;
  csrf_token: string;
  oauth_callback_id: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
}

export type WidgetOAuthClient = {
  [provider in OAuthProvider]: { start(options: OAuthStartOptions): Promise<unknown> };
} & {
  /** POST /oauth/authenticate (the web app's /authenticate page with stytch_token_type=oauth). */
  authenticate(token: string, options: { session_duration_minutes: number }): Promise<unknown>;
  googleOneTap: {
    start(): Promise<OneTapStartResult>;
    /** Navigates to the answered redirect_url on success. */
    submit(options: OneTapSubmitOptions): Promise<unknown>;
  };
};

/** wire-format.md §4.7: the wallet calls of the crypto flow (SPEC §4, §7). */
export interface CryptoWalletStartResult {
  challenge: string;
}

export interface WidgetCryptoWalletsClient {
  authenticateStart(options: {
    crypto_wallet_address: string;
    crypto_wallet_type: string;
  }): Promise<CryptoWalletStartResult>;
  authenticate(options: {
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    signature: string;
    session_duration_minutes: number;
    /** The challenge the wallet signed (issue 20 item 2: the server checks the signature against it alone). */
    challenge?: string;
  }): Promise<unknown>;
}

/** wire-format.md §4.8: a code from the authenticator app adds a `totp` factor to the session (SPEC §4). */
export interface TotpAuthenticateOptions {
  totp_code: string;
  session_duration_minutes: number;
}

export interface WidgetClient {
  readonly publicToken: string;
  bootstrap: {
    get(): Promise<BootstrapData>;
    /**
     * The latest known value; DEFAULT_BOOTSTRAP itself (not a copy) while nothing is cached or fetched, which the
     * widget reads as "not known yet" (it keeps the watermark's line: widget-root.tsx).
     */
    getSync(): BootstrapData;
  };
  session: {
    getSync(): Session | null;
    onChange(callback: (session: Session | null) => void): () => void;
    revoke(): Promise<unknown>;
  };
  user: {
    getSync(): User | null;
    get(): Promise<User>;
    onChange(callback: (user: User | null) => void): () => void;
    deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<unknown>;
    /** wire-format.md §4.2 `POST /users/search`: answers `userType` (camelCase on the wire). */
    search(email: string): Promise<unknown>;
  };
  magicLinks: {
    email: {
      loginOrCreate(email: string, options: MagicLinkLoginOrCreateOptions): Promise<unknown>;
    };
    authenticate(token: string, options: MagicLinkAuthenticateOptions): Promise<unknown>;
  };
  otps: {
    sms: OtpChannel;
    whatsapp: OtpChannel;
    email: OtpChannel;
    authenticate(code: string, methodId: string, options: OtpAuthenticateOptions): Promise<unknown>;
  };
  passwords: {
    create(options: PasswordCredentialsOptions): Promise<unknown>;
    authenticate(options: PasswordCredentialsOptions): Promise<unknown>;
    resetByEmailStart(options: PasswordResetByEmailStartOptions): Promise<unknown>;
    resetByEmail(options: PasswordResetByEmailOptions): Promise<unknown>;
    strengthCheck(options: PasswordStrengthCheckOptions): Promise<PasswordStrengthCheckResult>;
  };
  webauthn: {
    register(options: WebAuthnRegisterOptions): Promise<unknown>;
    authenticate(options: WebAuthnAuthenticateOptions): Promise<unknown>;
    browserSupportsAutofill(): Promise<boolean>;
    update(options: WebAuthnUpdateOptions): Promise<unknown>;
  };
  totps: {
    authenticate(options: TotpAuthenticateOptions): Promise<unknown>;
  };
  oauth: WidgetOAuthClient;
  cryptoWallets: WidgetCryptoWalletsClient;
  telemetry: {
    logEvent(name: string, details: Record<string, unknown>): unknown;
  };
}
