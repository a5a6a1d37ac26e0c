// The structural slice of the SDK client the widget uses. The public API accepts the SDK's `GatehouseClient`
// (it is assignable to this interface); component tests pass a small fake that records calls.
import type { BootstrapData, Session, User } from '@gatehouse/protocol';

/** wire-format.md §4.4 / §7.2: the magic-link options the widget maps from `emailMagicLinksOptions`. */
export interface MagicLinkLoginOrCreateOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
}

export interface MagicLinkAuthenticateOptions {
  session_duration_minutes: number;
}

/** wire-format.md §4.5: the widget sends template ids only for e-mail passcodes. */
export interface OtpLoginOrCreateOptions {
  expiration_minutes: number;
  login_template_id?: string;
  signup_template_id?: string;
}

/** wire-format.md §4.5: every send answers the method id the code is redeemed against. */
export interface OtpSendResult {
  method_id: string;
}

export interface OtpAuthenticateOptions {
  session_duration_minutes: number;
}

export interface OtpChannel {
  loginOrCreate(destination: string, options: OtpLoginOrCreateOptions): Promise<OtpSendResult>;
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
}

export interface WebAuthnUpdateOptions {
  webauthn_registration_id: string;
  name: string;
}

export interface WidgetClient {
  readonly publicToken: string;
  bootstrap: {
    get(): Promise<BootstrapData>;
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
  webauthn: {
    register(options: WebAuthnRegisterOptions): Promise<unknown>;
    authenticate(options: WebAuthnAuthenticateOptions): Promise<unknown>;
    browserSupportsAutofill(): Promise<boolean>;
    update(options: WebAuthnUpdateOptions): Promise<unknown>;
  };
  telemetry: {
    logEvent(name: string, details: Record<string, unknown>): unknown;
  };
}
