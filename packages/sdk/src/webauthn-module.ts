// wire-format.md §4.9 and SPEC §7: the passkey ceremonies behind client.webauthn (see ./webauthn for the types and
// the error). Loaded by the client on the first passkey call (client.ts lazyWebAuthn), so pages that never use
// passkeys neither download nor evaluate it. Only type imports from the SDK's own files: `validate` and the error
// come in from the client, like ./passwords-module's. A runtime import of a module the client also uses puts that
// module in a shared chunk of its own, and the headless SDK's initial load became three files instead of one
// (bench widget-size: 8.9 KiB gzip, budget 8). The paths are written out for the same reason (the compiler checks
// them against the protocol's ROUTES.webauthn).
import type { AuthenticateResponse, ROUTES } from '@gatehouse/protocol';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';
import type {
  toWebAuthnError as ToWebAuthnError,
  WebAuthnCeremonies,
  WebAuthnError,
  WebAuthnModule,
  WebAuthnUpdateResponse,
} from './webauthn';

type BrowserLibrary = typeof import('@simplewebauthn/browser');

/** Paths relative to /sdk/v1 (ROUTES.webauthn, written out: see the header). */
export const WEBAUTHN_MODULE_PATHS: typeof ROUTES.webauthn = {
  registerStart: '/webauthn/register/start',
  register: '/webauthn/register',
  authenticateStartPrimary: '/webauthn/authenticate/start/primary',
  authenticateStartSecondary: '/webauthn/authenticate/start/secondary',
  authenticate: '/webauthn/authenticate',
  update: (id) => `/webauthn/update/${encodeURIComponent(id)}`,
};

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

export function createWebAuthnModule(options: {
  http: HttpClient;
  manager: SessionManager;
  location: { hostname: string };
  /** navigator.userAgent, read at call time. */
  userAgent?: () => string;
  ceremonies?: WebAuthnCeremonies;
  validate: typeof Validate;
  WebAuthnError: typeof WebAuthnError;
  toWebAuthnError: typeof ToWebAuthnError;
}): WebAuthnModule {
  const { http, manager, location, validate, toWebAuthnError } = options;
  const CeremonyError = options.WebAuthnError;
  const ceremonies = options.ceremonies ?? defaultCeremonies;
  const userAgent =
    options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '')));
  let generation = 0;

  function abortError(cause?: unknown): WebAuthnError {
    return new CeremonyError({
      name: 'AbortError',
      message: 'The passkey ceremony was cancelled.',
      code: 'ERROR_CEREMONY_ABORTED',
      cause,
    });
  }

  function parseOptions<T>(text: unknown, field: string): T {
    if (typeof text !== 'string')
      throw new CeremonyError({ name: 'TypeError', message: `${field} is not a string.` });
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CeremonyError({ name: 'TypeError', message: `${field} is not JSON.`, cause: error });
    }
  }

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
          path: WEBAUTHN_MODULE_PATHS.registerStart,
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
          path: WEBAUTHN_MODULE_PATHS.register,
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
          ? WEBAUTHN_MODULE_PATHS.authenticateStartSecondary
          : WEBAUTHN_MODULE_PATHS.authenticateStartPrimary;
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
        authenticateOptions.onCredentialRequest?.();
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
          path: WEBAUTHN_MODULE_PATHS.authenticate,
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
        path: WEBAUTHN_MODULE_PATHS.update(updateOptions.webauthn_registration_id),
        body: { name: updateOptions.name },
      });
    },
  };
}
