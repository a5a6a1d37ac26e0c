// wire-format.md §4.9 and SPEC §7: passkeys. The server's options arrive as JSON strings with base64url binary
// fields; @simplewebauthn/browser turns them into navigator.credentials calls and the credential back into JSON,
// which travels as a string again. One ceremony at a time: a new one cancels the one in flight (SimpleWebAuthn's
// WebAuthnAbortService aborts the pending navigator.credentials call; we also stop a ceremony that is still waiting
// for its options, so a slow older call can never cancel a newer one).
//
// This file holds the public names (types, paths, WebAuthnError); the ceremonies themselves live in
// ./webauthn-module, which the client loads on the first passkey call (client.ts lazyWebAuthn).
import type { AuthenticateResponse, ROUTES, WebAuthnRegistration } from '@gatehouse/protocol';
import type {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { GatehouseError } from './errors';

/**
 * Paths relative to /sdk/v1 (wire-format.md §4.9): the protocol's ROUTES.webauthn, written out (like ./paths) so
 * that the initial bundle does not carry the whole ROUTES table; the type makes the compiler check the strings.
 */
export const WEBAUTHN_PATHS: typeof ROUTES.webauthn = {
  registerStart: '/webauthn/register/start',
  register: '/webauthn/register',
  authenticateStartPrimary: '/webauthn/authenticate/start/primary',
  authenticateStartSecondary: '/webauthn/authenticate/start/secondary',
  authenticate: '/webauthn/authenticate',
  update: (id) => `/webauthn/update/${encodeURIComponent(id)}`,
};

export interface WebAuthnRegisterOptions {
  /** Ask for a passkey (discoverable, user-verifying); the widget always passes true (SPEC §7). */
  is_passkey?: boolean;
  /** The RP ID; default `location.hostname` (wire-format.md §4.9). */
  domain?: string;
  authenticator_type?: 'platform' | 'cross-platform';
  session_duration_minutes?: number;
}

export interface WebAuthnAuthenticateOptions {
  is_passkey?: boolean;
  /** Passkey autofill on an `autocomplete="username webauthn"` input instead of a modal prompt. */
  conditional_mediation?: boolean;
  /** Aborting it cancels this ceremony (SPEC §7: the widget passes one). */
  signal?: AbortSignal;
  session_duration_minutes: number;
  domain?: string;
  /**
   * Called once the server's options are in, just before the browser is asked for a credential (with
   * conditional mediation: when the passkeys are offered in the input's autofill). A failure that arrives before
   * it was called came from the start request, in which the person had no part: the widget's autofill keeps quiet
   * about those and does not ask again (issue 22 finding 1).
   */
  onCredentialRequest?: () => void;
}

export interface WebAuthnUpdateOptions {
  webauthn_registration_id: string;
  name: string;
}

export type WebAuthnAuthenticateResponse = Omit<AuthenticateResponse, '__user'> & {
  webauthn_registration_id: string;
};

/** PUT /webauthn/update answers untouched (wire-format.md §4.1: `__user`, if any, is not stripped). */
export interface WebAuthnUpdateResponse {
  request_id: string;
  status_code: number;
  webauthn_registration: WebAuthnRegistration;
  [field: string]: unknown;
}

export interface WebAuthnModule {
  /** POST /webauthn/register/start, navigator.credentials.create(), POST /webauthn/register; writes the session. */
  register(options?: WebAuthnRegisterOptions): Promise<WebAuthnAuthenticateResponse>;
  /**
   * POST /webauthn/authenticate/start/secondary when a session is held, else /primary; navigator.credentials.get()
   * (conditional mediation for autofill); POST /webauthn/authenticate; writes the session.
   */
  authenticate(options: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResponse>;
  /** True when the browser offers passkeys in input autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
  /** PUT /webauthn/update/{id} with `{ name }`. */
  update(options: WebAuthnUpdateOptions): Promise<WebAuthnUpdateResponse>;
}

/**
 * A failure of the browser's part of a ceremony. `name` keeps the DOMException name the widget switches on:
 * `NotAllowedError` (cancelled or timed out), `InvalidStateError` (this authenticator is already registered: an
 * excluded credential), `AbortError` (a newer ceremony or the caller's signal), `NotSupportedError` (no WebAuthn);
 * `code` is SimpleWebAuthn's finer reason (e.g. `ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED`) or null.
 */
export class WebAuthnError extends GatehouseError {
  readonly code: string | null;
  override readonly cause: unknown;
  constructor(options: { name: string; message: string; code?: string | null; cause?: unknown }) {
    super(options.name, options.message);
    this.code = options.code ?? null;
    this.cause = options.cause;
  }
}

/** The browser side, injectable for tests (default: @simplewebauthn/browser on the real navigator.credentials). */
export interface WebAuthnCeremonies {
  startRegistration: typeof startRegistration;
  startAuthentication: typeof startAuthentication;
  browserSupportsWebAuthnAutofill: typeof browserSupportsWebAuthnAutofill;
  /** Aborts the navigator.credentials call in flight, if any. */
  cancelCeremony(): void;
}

/** Keeps the DOMException name (SimpleWebAuthn's WebAuthnError already carries it) and its code. */
export function toWebAuthnError(error: unknown): WebAuthnError {
  if (error instanceof WebAuthnError) return error;
  if (error instanceof Error) {
    const raw = (error as Error & { code?: unknown }).code;
    const code = typeof raw === 'string' ? raw : null;
    if (error.message === 'WebAuthn is not supported in this browser') {
      return new WebAuthnError({
        name: 'NotSupportedError',
        message: error.message,
        code: null,
        cause: error,
      });
    }
    return new WebAuthnError({ name: error.name, message: error.message, code, cause: error });
  }
  return new WebAuthnError({ name: 'UnknownError', message: String(error), cause: error });
}
