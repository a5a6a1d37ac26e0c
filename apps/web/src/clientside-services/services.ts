// The client-side services page's message handling (issue 14 item 1; wire-format.md §8). The Stytch pre-built UI
// (`@stytch/vanilla-js` 4.13.1) appends this page as a hidden iframe, waits for its `load` event, then for each
// call posts `{method, args: [request]}` with one transferred MessagePort and waits for exactly one answer on it:
// `{success: true, payload}` or `{success: false, error: {name, message, …}}`, which it turns back into an error
// of the class named by `name` (its ErrorMarshaller knows StytchAPIError, StytchAPISchemaError,
// StytchAPIUnreachableError, TypeError, …; `error_type` is read by its One Tap code).
//
// Checks, in order (security-tests.md XS-03):
// - the caller: only a message whose `event.origin` is one the server allows is read — the allowed origins of the
//   project whose public token is in the page's URL (issue 20 item 6: the site puts `?public_token=…` into the SDK's
//   clientsideServicesIframeURL), and the server's own; no other project's origin is ever listed. Anything else is
//   dropped without an answer, as is a message without exactly one port;
// - the request: a known method and one plain-object argument whose fields have the documented types, else a
//   TypeError answer (never a request to the server); a One Tap request must carry the page's own public token;
// - the server decides too: the One Tap calls come from the server's own origin, which every project allows, so
//   each names the site that framed the page (FRAME_ORIGIN_HEADER = the message's `event.origin`) and the server
//   refuses a site that is not among the token's project's allowed origins (403 origin_not_allowed);
// - secrets: the One Tap CSRF token stays in this page (it binds start to submit, the UI never reads it), for the
//   site that started the prompt only; answers and error messages never echo a token or the caller's input.

/**
 * The One Tap routes (@gatehouse/protocol SDK_API_PREFIX + ROUTES.oauth; services.test.ts checks they agree),
 * written out: importing the protocol here would add its 28 kB chunk to the page for two strings.
 */
export const ONE_TAP_START_PATH = '/sdk/v1/oauth/google/onetap/start';
export const ONE_TAP_SUBMIT_PATH = '/sdk/v1/oauth/google/onetap/submit';
/** @gatehouse/protocol FRAME_ORIGIN_HEADER, written out for the same reason (services.test.ts checks it). */
export const FRAME_ORIGIN_HEADER = 'x-gatehouse-frame-origin';

/** wire-format.md §8: `parsedPhoneNumber`'s answer. */
export interface ParsedPhoneNumber {
  isValid: boolean;
  number: string;
  national: string;
}

export interface ClientsideServicesOptions {
  /**
   * Origins whose messages are answered (the page reads them from its meta tag, set by the server): the bound
   * project's allowed origins and the server's own.
   */
  allowedOrigins: ReadonlySet<string>;
  /**
   * The public token the page is bound to (its meta tag, set by the server from the page's URL), or null when the
   * page was served without one, which only the server's own pages may frame. A bound page runs One Tap for this
   * token only.
   */
  publicToken: string | null;
  /** Origin of the Gatehouse server the One Tap calls go to (the page's own origin). */
  apiOrigin: string;
  fetch: typeof fetch;
  /** The SDK's parser (libphonenumber-js, min metadata): the same answers as the Gatehouse widget's form. */
  parsePhoneNumber: (options: { phoneNumber: string; regionCode?: string }) => Promise<ParsedPhoneNumber>;
}

/** The error half of an answer: what the UI's ErrorMarshaller inflates into an error object. */
export interface ServiceError {
  name: string;
  message: string;
  error_type?: string;
  [field: string]: unknown;
}

export type ServiceAnswer = { success: true; payload: unknown } | { success: false; error: ServiceError };

/** Developer-facing messages of the page (it shows nothing to users: it is a hidden frame). */
export const SERVICE_MESSAGES = {
  badRequest: (method: string, problem: string) => `Invalid call to ${method}: ${problem}.`,
  unknownMethod: 'Unknown client-side services method.',
  notAnObject: 'the request must be an object',
  publicToken: 'publicToken must be a public token string',
  phoneNumber: 'phoneNumber must be a string',
  regionCode: 'regionCode must be a two-letter region code',
  idToken: 'idToken must be a string',
  oauthCallbackID: 'oauthCallbackID must be a string',
  redirectUrl: 'loginRedirectURL and signupRedirectURL must be strings',
  unknownCallback:
    'This One Tap prompt was not started on this page, or was already submitted; start One Tap again.',
  otherProject:
    'This client-side services page serves the project of the public token in its URL, not this one: put the public token you use into clientsideServicesIframeURL (?public_token=…).',
  unreachable: 'Unable to contact the Gatehouse server. Are you online?',
  invalidResponse: 'Invalid response from the Gatehouse server.',
} as const;

const METHODS = ['parsedPhoneNumber', 'oneTapStart', 'oneTapSubmit'] as const;
type Method = (typeof METHODS)[number];

/** Longer input is no phone number; it is answered as invalid without parsing (bounded work per message). */
const MAX_PHONE_INPUT_LENGTH = 64;
/** Public tokens are `public-token-{test|live}-<uuid>`; the bound keeps junk out of the Authorization header. */
const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
/** Prompts started but not yet submitted, kept at most (a page that starts One Tap again and again). */
const MAX_PENDING_PROMPTS = 20;

class BadRequest extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeError(message: string): ServiceError {
  return { name: 'TypeError', message };
}

function optionalString(request: Record<string, unknown>, key: string, problem: string): string | undefined {
  const value = request[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new BadRequest(problem);
  return value;
}

function requiredString(request: Record<string, unknown>, key: string, problem: string): string {
  const value = request[key];
  if (typeof value !== 'string' || value === '') throw new BadRequest(problem);
  return value;
}

function publicTokenOf(request: Record<string, unknown>): string {
  const token = request.publicToken;
  if (typeof token !== 'string' || !PUBLIC_TOKEN_PATTERN.test(token)) {
    throw new BadRequest(SERVICE_MESSAGES.publicToken);
  }
  return token;
}

/** wire-format.md §3.2: a server error body, as the UI's own fetch path would have turned it into an error. */
function errorFromResponse(status: number, body: unknown): ServiceError {
  if (isRecord(body) && ('body' in body || 'params' in body || 'query' in body)) {
    return { ...body, name: 'StytchAPISchemaError', message: 'Request does not match expected schema' };
  }
  if (isRecord(body) && typeof body.error_type === 'string') {
    const errorMessage = typeof body.error_message === 'string' ? body.error_message : '';
    return {
      name: 'StytchAPIError',
      message: `[${status}] ${body.error_type}\n${errorMessage}`,
      status_code: typeof body.status_code === 'number' ? body.status_code : status,
      error_type: body.error_type,
      error_message: errorMessage,
      request_id: typeof body.request_id === 'string' ? body.request_id : undefined,
    };
  }
  return { name: 'StytchAPIUnreachableError', message: SERVICE_MESSAGES.invalidResponse };
}

class ServiceFailure extends Error {
  constructor(readonly error: ServiceError) {
    super(error.message);
  }
}

export interface ClientsideServices {
  /** The page's `message` listener. */
  handleMessage(event: MessageEvent): void;
  /**
   * One request from the page at `origin` answered (what handleMessage posts on the port, once the origin passed);
   * exposed for tests.
   */
  answer(method: unknown, args: unknown, origin: string): Promise<ServiceAnswer>;
}

export function createClientsideServices(options: ClientsideServicesOptions): ClientsideServices {
  /**
   * oauthCallbackId → the prompt's CSRF token, public token and the site that started it (single use, dropped at
   * submit; a submit from another site is refused).
   */
  const prompts = new Map<string, { csrfToken: string; publicToken: string; origin: string }>();

  async function callServer(
    call: { publicToken: string; origin: string },
    path: string,
    body: object,
  ): Promise<Record<string, unknown>> {
    const { publicToken } = call;
    let response: Response;
    try {
      response = await options.fetch(`${options.apiOrigin}${path}`, {
        method: 'POST',
        // wire-format.md §2: HTTP Basic of public_token:public_token when there is no session.
        headers: {
          authorization: `Basic ${btoa(`${publicToken}:${publicToken}`)}`,
          'content-type': 'application/json',
          [FRAME_ORIGIN_HEADER]: call.origin,
        },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new ServiceFailure({ name: 'StytchAPIUnreachableError', message: SERVICE_MESSAGES.unreachable });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ServiceFailure({
        name: 'StytchAPIUnreachableError',
        message: SERVICE_MESSAGES.invalidResponse,
      });
    }
    if (!response.ok) throw new ServiceFailure(errorFromResponse(response.status, json));
    if (!isRecord(json) || !isRecord(json.data)) {
      throw new ServiceFailure({
        name: 'StytchAPIUnreachableError',
        message: SERVICE_MESSAGES.invalidResponse,
      });
    }
    return json.data;
  }

  async function parsedPhoneNumber(request: Record<string, unknown>): Promise<ParsedPhoneNumber> {
    const phoneNumber = request.phoneNumber;
    if (typeof phoneNumber !== 'string') throw new BadRequest(SERVICE_MESSAGES.phoneNumber);
    const regionCode = optionalString(request, 'regionCode', SERVICE_MESSAGES.regionCode);
    if (regionCode !== undefined && !/^[A-Za-z]{2}$/.test(regionCode)) {
      throw new BadRequest(SERVICE_MESSAGES.regionCode);
    }
    if (phoneNumber.length > MAX_PHONE_INPUT_LENGTH) {
      return { isValid: false, number: phoneNumber, national: phoneNumber };
    }
    return options.parsePhoneNumber(regionCode === undefined ? { phoneNumber } : { phoneNumber, regionCode });
  }

  /** The request's public token, which must be the page's own when it is bound to one. */
  function boundPublicTokenOf(request: Record<string, unknown>): string {
    const publicToken = publicTokenOf(request);
    if (options.publicToken !== null && publicToken !== options.publicToken) {
      throw new ServiceFailure({
        name: 'StytchAPIError',
        message: SERVICE_MESSAGES.otherProject,
        error_type: 'invalid_public_token',
        error_message: SERVICE_MESSAGES.otherProject,
        status_code: 401,
      });
    }
    return publicToken;
  }

  /** POST /sdk/v1/oauth/google/onetap/start (features/oauth/one-tap-routes.ts), in the §8 answer shape. */
  async function oneTapStart(request: Record<string, unknown>, origin: string) {
    const publicToken = boundPublicTokenOf(request);
    const data = await callServer({ publicToken, origin }, ONE_TAP_START_PATH, {});
    const googleClientId = typeof data.google_client_id === 'string' ? data.google_client_id : '';
    const csrfToken = typeof data.csrf_token === 'string' ? data.csrf_token : '';
    const oauthCallbackId = typeof data.oauth_callback_id === 'string' ? data.oauth_callback_id : '';
    if (oauthCallbackId !== '' && csrfToken !== '') {
      if (prompts.size >= MAX_PENDING_PROMPTS) prompts.delete(prompts.keys().next().value as string);
      prompts.set(oauthCallbackId, { csrfToken, publicToken, origin });
    }
    return {
      requestId: typeof data.request_id === 'string' ? data.request_id : '',
      googleClientId,
      // Kept here: submit looks it up by oauthCallbackId (the UI passes only that back), so the token never
      // leaves the page; the UI does not read this field.
      stytchCsrfToken: '',
      oauthCallbackId,
    };
  }

  /** POST …/onetap/submit with the prompt's CSRF token → `{redirect_url}` (the UI then navigates there). */
  async function oneTapSubmit(request: Record<string, unknown>, origin: string) {
    const publicToken = boundPublicTokenOf(request);
    const idToken = requiredString(request, 'idToken', SERVICE_MESSAGES.idToken);
    const oauthCallbackId = requiredString(request, 'oauthCallbackID', SERVICE_MESSAGES.oauthCallbackID);
    const loginRedirectUrl = optionalString(request, 'loginRedirectURL', SERVICE_MESSAGES.redirectUrl);
    const signupRedirectUrl = optionalString(request, 'signupRedirectURL', SERVICE_MESSAGES.redirectUrl);
    const prompt = prompts.get(oauthCallbackId);
    if (prompt === undefined || prompt.publicToken !== publicToken || prompt.origin !== origin) {
      throw new ServiceFailure({
        name: 'StytchAPIError',
        message: SERVICE_MESSAGES.unknownCallback,
        error_type: 'invalid_csrf_token',
        error_message: SERVICE_MESSAGES.unknownCallback,
        status_code: 400,
      });
    }
    // Single use, whatever the server answers (it consumes the prompt on its side too).
    prompts.delete(oauthCallbackId);
    const data = await callServer({ publicToken, origin }, ONE_TAP_SUBMIT_PATH, {
      id_token: idToken,
      csrf_token: prompt.csrfToken,
      oauth_callback_id: oauthCallbackId,
      ...(loginRedirectUrl === undefined ? {} : { login_redirect_url: loginRedirectUrl }),
      ...(signupRedirectUrl === undefined ? {} : { signup_redirect_url: signupRedirectUrl }),
    });
    if (typeof data.redirect_url !== 'string') {
      throw new ServiceFailure({
        name: 'StytchAPIUnreachableError',
        message: SERVICE_MESSAGES.invalidResponse,
      });
    }
    return { redirect_url: data.redirect_url };
  }

  const handlers: Record<Method, (request: Record<string, unknown>, origin: string) => Promise<unknown>> = {
    parsedPhoneNumber,
    oneTapStart,
    oneTapSubmit,
  };

  async function answer(method: unknown, args: unknown, origin: string): Promise<ServiceAnswer> {
    if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
      return { success: false, error: typeError(SERVICE_MESSAGES.unknownMethod) };
    }
    const request = Array.isArray(args) ? args[0] : undefined;
    try {
      if (!isRecord(request)) throw new BadRequest(SERVICE_MESSAGES.notAnObject);
      return { success: true, payload: await handlers[method as Method](request, origin) };
    } catch (error) {
      if (error instanceof BadRequest) {
        return { success: false, error: typeError(SERVICE_MESSAGES.badRequest(method, error.message)) };
      }
      if (error instanceof ServiceFailure) return { success: false, error: error.error };
      return { success: false, error: { name: 'Error', message: SERVICE_MESSAGES.invalidResponse } };
    }
  }

  function handleMessage(event: MessageEvent): void {
    if (!options.allowedOrigins.has(event.origin)) return;
    const port = event.ports.length === 1 ? event.ports[0] : undefined;
    if (port === undefined) return;
    const data: unknown = event.data;
    const { method, args } = isRecord(data) ? data : { method: undefined, args: undefined };
    void answer(method, args, event.origin).then((reply) => {
      port.postMessage(reply);
      port.close();
    });
  }

  return { handleMessage, answer };
}

/** The public token the server bound the page to (`<meta name="gatehouse-public-token">`), or null. */
export function readBoundPublicToken(doc: Document): string | null {
  const content = doc.querySelector('meta[name="gatehouse-public-token"]')?.getAttribute('content') ?? '';
  // Empty (no token in the URL, or one the server does not know) or an unreplaced placeholder: not bound.
  return PUBLIC_TOKEN_PATTERN.test(content) ? content : null;
}

/** The origins the server wrote into the page (space-separated, in `<meta name="gatehouse-allowed-origins">`). */
export function readAllowedOrigins(doc: Document): Set<string> {
  const content = doc.querySelector('meta[name="gatehouse-allowed-origins"]')?.getAttribute('content') ?? '';
  // An unreplaced placeholder (the Vite dev server serving the raw page) allows nothing.
  return new Set(content.split(/\s+/).filter((origin) => /^https?:\/\/[^\s/]+$/.test(origin)));
}
