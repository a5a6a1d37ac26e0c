// wire-format.md §3: every answer carries a request_id; errors are top-level JSON `{status_code, request_id,
// error_type, error_message, error_url}`; schema errors are ajv-6-style `{body|params|query: [...]}` items that
// the SDK turns into StytchAPISchemaError. DESIGN.md convention 3: bad input is a 4xx, never a 500; anything
// unexpected is logged with its request_id and answered without internals.
import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, SchemaErrorBody, SchemaErrorItem } from '@gatehouse/protocol';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { requestTokenMode, type TokenMode } from './auth';
import { CaptchaRequiredError, sendCaptchaRequired } from './captcha';
import type { DatabaseUnavailability } from './db/availability';
import { ApiError, isApiError } from './errors';
import { type Metrics, methodOfProduct } from './metrics';

export const SCHEMA_ERROR_MESSAGE = 'Request does not match expected schema';

/** `request-id-<test|live>-<uuid>` (wire-format.md §3.1), the mode read from the token without parsing it. */
export function createRequestIdGenerator(fallback: TokenMode) {
  return (raw: { headers: { authorization?: string | undefined }; url?: string | undefined }): string =>
    `request-id-${requestTokenMode(raw.headers, raw.url, fallback)}-${randomUUID()}`;
}

/** A 400 schema error raised outside ajv (malformed JSON, NUL characters, …), rendered like a validation error. */
export class SchemaError extends Error {
  readonly statusCode = 400;
  readonly part: 'body' | 'params' | 'query';
  readonly items: SchemaErrorItem[];

  constructor(part: 'body' | 'params' | 'query', items: SchemaErrorItem[]) {
    super(`${SCHEMA_ERROR_MESSAGE}: ${items.map((item) => `${item.dataPath}: ${item.message}`).join(', ')}`);
    this.name = 'SchemaError';
    this.part = part;
    this.items = items;
  }
}

/** One ajv-6-style item (wire-format.md §3.2). */
export function schemaErrorItem(item: Partial<SchemaErrorItem> & { message: string }): SchemaErrorItem {
  return {
    keyword: item.keyword ?? 'format',
    dataPath: item.dataPath ?? '',
    schemaPath: item.schemaPath ?? '#',
    params: item.params ?? {},
    message: item.message,
  };
}

/**
 * ajv 8 → ajv 6 wording: `instancePath` `/a/0/b` becomes `dataPath` `.a[0].b`, and "must …" becomes "should …"
 * (the SDK prints `<dataPath>: <message>` for each body item).
 */
export function toSchemaErrorItem(error: FastifySchemaValidationError): SchemaErrorItem {
  const instancePath = (error as { instancePath?: string }).instancePath ?? '';
  let dataPath = '';
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    dataPath += /^\d+$/.test(key)
      ? `[${key}]`
      : /^[A-Za-z_$][\w$]*$/.test(key)
        ? `.${key}`
        : `[${JSON.stringify(key)}]`;
  }
  const message = (error.message ?? 'is invalid').replace(/^must\b/, 'should');
  return {
    keyword: error.keyword,
    dataPath,
    schemaPath: error.schemaPath,
    params: error.params as Record<string, unknown>,
    message,
  };
}

function sendSchemaError(
  request: FastifyRequest,
  reply: FastifyReply,
  part: 'body' | 'params' | 'query',
  items: SchemaErrorItem[],
): FastifyReply {
  const body: SchemaErrorBody = {
    status_code: 400,
    // request.id, not the requestId decorator: the router's own error answers (frameworkErrorHandler) get a
    // request without decorators.
    request_id: request.id,
    error_message: SCHEMA_ERROR_MESSAGE,
    [part]: items,
  };
  return reply.code(400).type('application/json; charset=utf-8').send(body);
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ApiErrorBody = {
    status_code: error.statusCode,
    request_id: request.id,
    error_type: error.errorType,
    error_message: error.message,
    error_url: error.errorUrl,
  };
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

const VALIDATION_PARTS: Record<string, 'body' | 'params' | 'query'> = {
  body: 'body',
  params: 'params',
  querystring: 'query',
  headers: 'params',
};

/** Fastify's own 4xx errors (content-type parser, body limit) mapped to documented error types. */
function frameworkError(error: FastifyError): ApiError | SchemaError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('request_too_large', 'The request body is larger than the server accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError(
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new SchemaError('body', [schemaErrorItem({ keyword: 'json', message: 'should be valid JSON' })]);
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError('not_found', 'Not found.');
  if (status === 405) return new ApiError('method_not_allowed', 'Method not allowed.');
  if (status === 413)
    return new ApiError('request_too_large', 'The request body is larger than the server accepts.');
  if (status === 415) return new ApiError('unsupported_media_type', 'Send the request body as JSON.');
  if (status === 429) return new ApiError('too_many_requests', 'Too many requests. Try again later.');
  if (status >= 400 && status < 500) {
    // Other client errors from the framework (a bad Content-Length, a JSON syntax error, …): their messages
    // describe the request, not the server, so they are safe to show.
    return new SchemaError('body', [schemaErrorItem({ keyword: 'request', message: error.message })]);
  }
  return null;
}

/** Seconds a client should wait before retrying after a 503 database_unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service cannot reach its database right now. Please try again in a moment.';

export interface ErrorHandlerOptions {
  /** The database handle's classifier (infra/db/client.ts): an availability failure, or null. */
  databaseUnavailability?: (error: unknown) => DatabaseUnavailability | null;
  /** Counts API errors of sign-in routes (issue 9 item 4); none when absent. */
  metrics?: Pick<Metrics, 'failed'>;
}

/**
 * Issue 9 item 4: an API error answered on a route of a sign-in method counts as a failure of that method (read
 * from the route's product, so refusals of the request-context hook count too).
 */
function countFailure(request: FastifyRequest, error: ApiError, options: ErrorHandlerOptions): void {
  if (options.metrics === undefined) return;
  const product = request.routeOptions?.config?.product;
  if (product !== undefined) options.metrics.failed(methodOfProduct(product), error.errorType);
}

/** The app's error handler; app.ts passes its database's classifier in `options`. */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ErrorHandlerOptions = {},
): FastifyReply {
  const answer = (apiError: ApiError): FastifyReply => {
    countFailure(request, apiError, options);
    return sendApiError(request, reply, apiError);
  };
  if (isApiError(error)) return answer(error);
  // Issue 9 item 3: the one non-JSON error answer (wire-format.md §3.2 step 3).
  if (error instanceof CaptchaRequiredError) return sendCaptchaRequired(reply);
  if (error instanceof SchemaError) return sendSchemaError(request, reply, error.part, error.items);
  if (error.validation) {
    const part = VALIDATION_PARTS[error.validationContext ?? 'body'] ?? 'body';
    return sendSchemaError(request, reply, part, error.validation.map(toSchemaErrorItem));
  }
  if (error instanceof SyntaxError) {
    return sendSchemaError(request, reply, 'body', [
      schemaErrorItem({ keyword: 'json', message: 'should be valid JSON' }),
    ]);
  }
  const mapped = frameworkError(error);
  if (mapped instanceof ApiError) return answer(mapped);
  if (mapped instanceof SchemaError) return sendSchemaError(request, reply, mapped.part, mapped.items);
  const unavailable = options.databaseUnavailability?.(error) ?? null;
  if (unavailable !== null) {
    // security-tests.md FT-01: an outage is answered fast and retryably, without internals. One line per request
    // (request.log carries its request_id), with only the failure's code and fixed message: drizzle's wrapper
    // would also carry the statement and its parameters (token hashes, addresses), and a stack adds nothing here.
    request.log.error({ database: unavailable }, 'database unavailable');
    return answer(
      new ApiError('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, {
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      }),
    );
  }
  request.log.error({ err: error, request_id: request.requestId }, 'unhandled error');
  return answer(
    new ApiError(
      'internal_server_error',
      `Something went wrong on our side. Quote request_id ${request.requestId}.`,
    ),
  );
}

/** errorHandler with the app's options (app.ts). */
export function errorHandlerWith(options: ErrorHandlerOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    errorHandler(error, request, reply, options);
}

/** Maximum length of one path parameter; longer ones are answered by frameworkErrorHandler. */
export const MAX_PARAM_LENGTH = 1000;

/**
 * Errors the router raises before any hook runs (a malformed URL escape, an over-long path parameter): without
 * this, Fastify writes its own JSON shape with no request id.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    sendSchemaError(request, reply, 'params', [
      schemaErrorItem({ keyword: 'format', message: 'should be a valid URL component' }),
    ]);
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendSchemaError(request, reply, 'params', [
      schemaErrorItem({
        keyword: 'maxLength',
        params: { limit: MAX_PARAM_LENGTH },
        message: `should NOT be longer than ${MAX_PARAM_LENGTH} characters`,
      }),
    ]);
    return;
  }
  errorHandler(error, request, reply);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = (request.raw.url ?? '/').split('?')[0] ?? '/';
  return sendApiError(
    request,
    reply,
    new ApiError('not_found', `No route for ${request.method} ${path.slice(0, 200)}.`),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// JSON bodies.

/** `\u0000` (NUL) or `\uD800`–`\uDFFF` escapes: only then is the parsed value walked (fast path otherwise). */
const SUSPICIOUS_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/** NUL, or a surrogate half without its partner. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point (IV-04).
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * security-tests.md IV-04: PostgreSQL `text`/`jsonb` reject NUL and lone surrogates — a classic 500. They are
 * refused here, once, for every route. Returns the dataPath of the first bad string, or null.
 */
export function findUnstorableString(value: unknown, path = ''): string | null {
  // Iterative (explicit stack): a 1 MiB body can nest half a million levels, far beyond the call stack.
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return at;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push([current[index], `${at}[${index}]`]);
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (UNSTORABLE.test(key)) return `${at}.${key}`;
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index]!;
        stack.push([entry, `${at}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Replaces Fastify's JSON parser: an empty body is `undefined` (the SDK sends `Content-Type: application/json`
 * with no body on POST /sessions/revoke and on DELETE, wire-format.md §2), prototype poisoning is an error, and
 * strings the database cannot store are a schema error. `text/plain` is dropped so a cross-site form cannot
 * post a "simple" request (security-tests.md CS-01, IV-03 → 415).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // The background session refresh (SPEC §4, every 180000 ms per tab) posts exactly `{}`: no parser needed.
    if (text === '{}') {
      done(null, {});
      return;
    }
    if (text === '' || text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (SUSPICIOUS_ESCAPE.test(text)) {
        const at = findUnstorableString(value);
        if (at !== null) {
          done(
            new SchemaError('body', [
              schemaErrorItem({
                keyword: 'format',
                dataPath: at,
                message: 'should not contain NUL characters or unpaired surrogates',
              }),
            ]),
            undefined,
          );
          return;
        }
      }
      done(null, value);
    });
  });
}
