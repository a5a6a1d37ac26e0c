// wire-format.md §4.9 and SPEC §7: passkeys. The server's options arrive as JSON strings with base64url binary
// fields; @simplewebauthn/browser turns them into navigator.credentials calls and the credential back into JSON,
// which travels as a string again. One ceremony at a time: a new one cancels the one in flight (SimpleWebAuthn's
// WebAuthnAbortService aborts the pending navigator.credentials call; we also stop a ceremony that is still waiting
// for its options, so a slow older call can never cancel a newer one).
import type { AuthenticateResponse, WebAuthnRegistration } from '@gatehouse/protocol';
import type {
  browserSupportsWebAuthnAutofill,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { GatehouseError } from './errors';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import { validate } from './usage';

/** Paths relative to /sdk/v1 (@gatehouse/protocol ROUTES has no passkey entries yet). */
export const WEBAUTHN_PATHS = {
  registerStart: '/webauthn/register/start',
  register: '/webauthn/register',
  authenticateStartPrimary: '/webauthn/authenticate/start/primary',
  authenticateStartSecondary: '/webauthn/authenticate/start/secondary',
  authenticate: '/webauthn/authenticate',
  update: (id: string) => `/webauthn/update/${encodeURIComponent(id)}`,
} as const;

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

type BrowserLibrary = typeof import('@simplewebauthn/browser');

// @simplewebauthn/browser is loaded on the first passkey call, not with the client: a page that never touches
// passkeys does not pay for it (issue 3 budget: the headless SDK ≤ 8 KiB; the library alone is ~3 KiB gzip).
let library: BrowserLibrary | null = null;
let loading: Promise<BrowserLibrary> | null = null;
function loadLibrary(): Promise<BrowserLibrary> {
  loading ??= import('@simplewebauthn/browser').then((loaded) => {
    library = loaded;
    return loaded;
  });
  return loading;
}

export const defaultCeremonies: WebAuthnCeremonies = {
  startRegistration: async (options) => (await loadLibrary()).startRegistration(options),
  startAuthentication: async (options) => (await loadLibrary()).startAuthentication(options),
  browserSupportsWebAuthnAutofill: async () => (await loadLibrary()).browserSupportsWebAuthnAutofill(),
  // Nothing can be in flight before the library has loaded, so there is nothing to cancel then.
  cancelCeremony: () => library?.WebAuthnAbortService.cancelCeremony(),
};

function abortError(cause?: unknown): WebAuthnError {
  return new WebAuthnError({
    name: 'AbortError',
    message: 'The passkey ceremony was cancelled.',
    code: 'ERROR_CEREMONY_ABORTED',
    cause,
  });
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

function parseOptions<T>(text: unknown, field: string): T {
  if (typeof text !== 'string')
    throw new WebAuthnError({ name: 'TypeError', message: `${field} is not a string.` });
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new WebAuthnError({ name: 'TypeError', message: `${field} is not JSON.`, cause: error });
  }
}

export function createWebAuthnModule(options: {
  http: HttpClient;
  manager: SessionManager;
  location: { hostname: string };
  /** navigator.userAgent, read at call time. */
  userAgent?: () => string;
  ceremonies?: WebAuthnCeremonies;
}): WebAuthnModule {
  const { http, manager, location } = options;
  const ceremonies = options.ceremonies ?? defaultCeremonies;
  const userAgent =
    options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '')));
  let generation = 0;

  /** Starts a ceremony: the previous one is cancelled now, this one when `signal` aborts or a newer one begins. */
  const begin = (signal: AbortSignal | undefined) => {
    generation += 1;
    const id = generation;
    ceremonies.cancelCeremony();
    if (signal?.aborted) throw abortError(signal.reason);
    const onAbort = () => {
      if (generation === id) ceremonies.cancelCeremony();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    return {
      /** Throws AbortError when a newer ceremony started or the caller aborted while we waited for the server. */
      assertCurrent() {
        if (generation !== id) throw abortError();
        if (signal?.aborted) throw abortError(signal.reason);
      },
      end() {
        signal?.removeEventListener('abort', onAbort);
      },
    };
  };

  /** The browser step, with every failure as a WebAuthnError (an abort by the caller stays an AbortError). */
  const browserStep = async <T>(signal: AbortSignal | undefined, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      if (signal?.aborted) throw abortError(error);
      throw toWebAuthnError(error);
    }
  };

  return {
    async register(registerOptions = {}) {
      validate('webauthn.register')
        .object('options', registerOptions)
        .optionalString('domain', registerOptions?.domain)
        .optionalString('authenticator_type', registerOptions?.authenticator_type)
        .optionalNumber('session_duration_minutes', registerOptions?.session_duration_minutes);
      const ceremony = begin(undefined);
      try {
        const started = await http.request<{ public_key_credential_creation_options: string }>({
          method: 'POST',
          path: WEBAUTHN_PATHS.registerStart,
          body: {
            domain: registerOptions.domain ?? location.hostname,
            authenticator_type: registerOptions.authenticator_type,
            return_passkey_credential_options: registerOptions.is_passkey,
            user_agent: userAgent(),
          },
        });
        ceremony.assertCurrent();
        const optionsJSON = parseOptions<PublicKeyCredentialCreationOptionsJSON>(
          started.public_key_credential_creation_options,
          'public_key_credential_creation_options',
        );
        const credential = await browserStep(undefined, () => ceremonies.startRegistration({ optionsJSON }));
        const data = await http.request<AuthenticateResponse & { webauthn_registration_id: string }>({
          method: 'POST',
          path: WEBAUTHN_PATHS.register,
          body: {
            public_key_credential: JSON.stringify(credential),
            session_duration_minutes: registerOptions.session_duration_minutes,
          },
        });
        // wire-format.md §4.1 table: /webauthn/register takes the user from __user.
        return manager.applyAuthentication(data, '__user');
      } finally {
        ceremony.end();
      }
    },

    async authenticate(authenticateOptions) {
      validate('webauthn.authenticate')
        .object('options', authenticateOptions)
        .number('session_duration_minutes', authenticateOptions?.session_duration_minutes)
        .optionalString('domain', authenticateOptions?.domain);
      const { signal } = authenticateOptions;
      const ceremony = begin(signal);
      try {
        // SPEC §4: primary without a session, secondary (adds a factor) with one.
        const path = manager.getState()?.session
          ? WEBAUTHN_PATHS.authenticateStartSecondary
          : WEBAUTHN_PATHS.authenticateStartPrimary;
        const started = await http.request<{ public_key_credential_request_options: string }>({
          method: 'POST',
          path,
          body: {
            domain: authenticateOptions.domain ?? location.hostname,
            return_passkey_credential_options: authenticateOptions.is_passkey,
          },
        });
        ceremony.assertCurrent();
        const optionsJSON = parseOptions<PublicKeyCredentialRequestOptionsJSON>(
          started.public_key_credential_request_options,
          'public_key_credential_request_options',
        );
        const credential = await browserStep(signal, () =>
          ceremonies.startAuthentication({
            optionsJSON,
            useBrowserAutofill: authenticateOptions.conditional_mediation === true,
            // The widget's input may sit in a shadow root, where document.querySelectorAll cannot see it.
            verifyBrowserAutofillInput: false,
          }),
        );
        ceremony.assertCurrent();
        const data = await http.request<AuthenticateResponse & { webauthn_registration_id: string }>({
          method: 'POST',
          path: WEBAUTHN_PATHS.authenticate,
          body: {
            public_key_credential: JSON.stringify(credential),
            session_duration_minutes: authenticateOptions.session_duration_minutes,
          },
        });
        return manager.applyAuthentication(data, '__user');
      } finally {
        ceremony.end();
      }
    },

    async browserSupportsAutofill() {
      try {
        return await ceremonies.browserSupportsWebAuthnAutofill();
      } catch {
        return false;
      }
    },

    async update(updateOptions) {
      validate('webauthn.update')
        .object('options', updateOptions)
        .string('webauthn_registration_id', updateOptions?.webauthn_registration_id)
        .string('name', updateOptions?.name);
      return http.request<WebAuthnUpdateResponse>({
        method: 'PUT',
        path: WEBAUTHN_PATHS.update(updateOptions.webauthn_registration_id),
        body: { name: updateOptions.name },
      });
    },
  };
}
