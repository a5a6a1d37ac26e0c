// SPEC §8 SDK errors and wire-format.md §3: every error the SDK throws extends GatehouseError so callers can
// switch on the class with `instanceof`. `name` is set explicitly because minifiers rename classes.
import type { SchemaErrorItem } from '@gatehouse/protocol';

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

export interface APIErrorFields {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: string;
}

/** SPEC §8 API error; message format of wire-format.md §3.2. */
export class APIError extends GatehouseError {
  readonly status_code: number;
  readonly error_type: string;
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
    this.error_type = error_type;
    this.error_message = error_message;
    this.error_url = error_url;
    this.request_id = request_id ?? null;
  }
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

// Stytch-compatible names, so code written against @stytch/vanilla-js keeps its `instanceof` checks.
export {
  APIError as StytchAPIError,
  SchemaError as StytchAPISchemaError,
  SDKAPIUnreachableError as StytchAPIUnreachableError,
  UsageError as StytchSDKUsageError,
};
