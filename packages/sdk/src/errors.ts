// SPEC §8 SDK errors and wire-format.md §3: every error the SDK throws extends GatehouseError so callers can
// switch on the class with `instanceof`. `name` is set explicitly because minifiers rename classes.
import type { ErrorType, SchemaErrorItem } from '@gatehouse/protocol';

export class GatehouseError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** SPEC §8 "API unreachable": the servers cannot be contacted (network failure, or no usable response). */
export class SDKAPIUnreachableError extends GatehouseError {
  readonly details: string;
  constructor(details: string) {
    super('SDKAPIUnreachableError', `Unable to contact the Gatehouse servers. Are you online?\n${details}`);
    this.details = details;
  }
}

export interface SchemaErrorBodyFields {
  request_id?: string;
  body?: SchemaErrorItem[];
  params?: SchemaErrorItem[];
  query?: SchemaErrorItem[];
}

/** SPEC §8 schema error (status 400); wire-format.md §3.2 renders one line per `body[]` item. */
export class SchemaError extends GatehouseError {
  readonly status_code = 400;
  readonly request_id: string | null;
  readonly body: SchemaErrorItem[] | null;
  readonly params: SchemaErrorItem[] | null;
  readonly query: SchemaErrorItem[] | null;
  constructor(fields: SchemaErrorBodyFields) {
    const lines = (fields.body ?? []).map((item) => `${item.dataPath}: ${item.message}`);
    super('SchemaError', ['Request does not match expected schema', ...lines].join('\n'));
    this.request_id = fields.request_id ?? null;
    this.body = fields.body ?? null;
    this.params = fields.params ?? null;
    this.query = fields.query ?? null;
  }
}

/** The wire fields of an API error (wire-format.md §3.2), as the server sent them. */
export interface APIErrorFields {
  status_code: number;
  /** Any string: a server newer than this SDK may send a type this version's catalogue lacks (see APIError). */
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: string;
}

/**
 * What an APIError carries in `error_type` when the server sent one this SDK version does not know.
 *
 * Why map instead of keeping the server's string: `error_type` is typed ErrorType so that the compiler checks
 * comparisons and switches on it (a misspelt type does not compile; a switch whose cases cover the catalogue needs
 * no default branch). That is only honest if the value really is an ErrorType. A server is often upgraded before the
 * sites that bundle this SDK; a type it added since would otherwise skip every case of such a switch, default
 * included, while the compiler says it cannot. So an unknown type becomes the catalogue's generic failure, the way
 * an HTTP client treats an unknown status code as the x00 of its class (RFC 9110 §15). Nothing else is lost:
 * status_code, error_message, error_url and request_id stay the server's own, and `message` names the type the
 * server sent. 'internal_server_error' is not an UNRECOVERABLE_ERROR_TYPE, so an unknown type signs nobody out.
 */
const UNKNOWN_ERROR_TYPE_FALLBACK: ErrorType = 'internal_server_error';

/**
 * The catalogue's names (./known-error-types.ts) load with the first error answer (./http.ts awaits them before it
 * builds the APIError): most page loads never see one, and the list was ~0.4 KiB gzip of every first load (issue 23
 * item 4: the headless SDK ≤ 8 KiB, the widget's first load ≤ 20 KiB; bench/widget-size.ts). Until then an
 * APIError an app builds itself keeps the type it was given.
 */
let isKnownErrorType: ((value: unknown) => value is ErrorType) | null = null;

export async function loadKnownErrorTypes(): Promise<void> {
  isKnownErrorType ??= (await import('./known-error-types')).isKnownErrorType;
}

/** SPEC §8 API error; message format of wire-format.md §3.2. */
export class APIError extends GatehouseError {
  readonly status_code: number;
  /** One of the catalogue's types; a type this SDK version does not know reads 'internal_server_error'. */
  readonly error_type: ErrorType;
  readonly error_message: string;
  readonly error_url: string;
  readonly request_id: string | null;
  constructor(fields: APIErrorFields) {
    const { status_code, error_type, error_message, error_url, request_id } = fields;
    super(
      'APIError',
      `[${status_code}] ${error_type}\n${error_message}\nSee ${error_url} for more information.\n${
        request_id ? `request_id: ${request_id}\n` : ''
      }`,
    );
    this.status_code = status_code;
    this.error_type =
      isKnownErrorType === null || isKnownErrorType(error_type)
        ? (error_type as ErrorType)
        : UNKNOWN_ERROR_TYPE_FALLBACK;
    this.error_message = error_message;
    this.error_url = error_url;
    this.request_id = request_id ?? null;
  }
}

/**
 * True when `error` is an API error (wire-format.md §3.2): an APIError of this SDK, or one thrown by another copy.
 *
 * Why duck typing: `instanceof` only knows this copy's class. An app and the widget can resolve two copies of
 * @gatehouse/sdk (two versions in one bundle: the app's client throws the other copy's APIError), a site may use
 * @stytch/vanilla-js's StytchAPIError, and an error that crossed a structured clone (postMessage) has lost its
 * prototype. Those count when they carry the wire fields: a number status_code and string error_type and
 * error_message (a SchemaError has no error_type, so it never qualifies).
 *
 * Another copy's object is taken as it is (a guard cannot rebuild it): a copy newer than this one may carry a type
 * this catalogue lacks. Comparisons against ErrorType values never match it, so code that compares and then falls
 * back (as the widget does) treats it as "any other API error"; only this SDK's own errors are guaranteed mapped.
 */
export function isAPIError(error: unknown): error is APIError {
  if (error instanceof APIError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as Record<string, unknown>;
  return (
    typeof fields.status_code === 'number' &&
    typeof fields.error_type === 'string' &&
    typeof fields.error_message === 'string'
  );
}

/** SPEC §5 / §8: a client-side check failed before any request ("Invalid call to {method}" plus detail). */
export class UsageError extends GatehouseError {
  readonly method: string;
  constructor(method: string, detail: string) {
    super('UsageError', `Invalid call to ${method}\n${detail}`);
    this.method = method;
  }
}

/**
 * wire-format.md §3.2 / §3.4: a non-JSON error whose text contains "Captcha required". Kept as its own class so
 * the captcha issue (ROADMAP 9) can catch it and retry with a captcha token.
 */
export class RetriableError extends GatehouseError {
  constructor() {
    super('RetriableError', 'Captcha required');
  }
}

/**
 * Issue 9 item 3: a call answered 'Captcha required' that the SDK could not get through. `reason`:
 * - 'no_solver': the client was created without `captchaSolver`, so it cannot answer the challenge;
 * - 'unsolved': the solver failed (`cause` says why);
 * - 'refused': the call was retried once with a solved token and the server still asked for a captcha.
 */
export class CaptchaRequiredError extends GatehouseError {
  readonly reason: 'no_solver' | 'unsolved' | 'refused';
  constructor(reason: CaptchaRequiredError['reason'], options: { cause?: unknown } = {}) {
    super(
      'CaptchaRequiredError',
      reason === 'no_solver'
        ? 'Captcha required: this client has no captchaSolver.'
        : reason === 'unsolved'
          ? 'Captcha required: the challenge could not be solved.'
          : 'Captcha required: the server refused the solved captcha.',
    );
    this.reason = reason;
    if (options.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

// Stytch-compatible names, so code written against @stytch/vanilla-js keeps its `instanceof` checks.
export {
  APIError as StytchAPIError,
  SchemaError as StytchAPISchemaError,
  SDKAPIUnreachableError as StytchAPIUnreachableError,
  UsageError as StytchSDKUsageError,
};
