// A NUL, or any byte that cannot be decoded, anywhere in a path, a query string or the Basic authorization header
// is a 400 on every route (issue 8 item 3, security-tests.md IV-04 and Part 7 §7: NUL surfaces as a PostgreSQL 500,
// and an undecodable sequence would otherwise be read as U+FFFD or passed on raw). One onRequest hook on the root,
// so it covers /sdk/v1, /v1, /dev, pages, assets and unknown routes alike, before any handler reads anything and
// before anything is written. The router itself answers some malformed paths first (FST_ERR_BAD_URL in
// http-errors.ts frameworkErrorHandler); this closes the rest: %00 in a path parameter or a query string, invalid
// escapes and invalid UTF-8 in a query string, and Authorization headers.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { readBasicAuthorization } from './auth';
import { ApiError } from './errors';
import { SchemaError, schemaErrorItem } from './http-errors';

/** Anything beyond plain printable ASCII without `%`: only then is a URL part decoded (the hot path skips it). */
const NEEDS_DECODING = /[^\x21-\x24\x26-\x7e]/;
/** NUL, or half of a surrogate pair without the other half (only reachable through app.inject: HTTP is bytes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing NUL is the point.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a raw path or query string percent-decodes to text the database can store: every `%` starts a valid
 * escape, the escapes form valid UTF-8 (decodeURIComponent throws on both otherwise), and no NUL comes out.
 */
export function isDecodableUrlPart(part: string): boolean {
  if (!NEEDS_DECODING.test(part)) return true;
  if (UNSTORABLE.test(part)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return false;
  }
  return !UNSTORABLE.test(decoded);
}

/** Which part of a request URL cannot be decoded: 'params' (the path), 'query', or null. */
export function undecodableUrlPart(url: string): 'params' | 'query' | null {
  if (!NEEDS_DECODING.test(url)) return null;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (!isDecodableUrlPart(path)) return 'params';
  if (mark !== -1 && !isDecodableUrlPart(url.slice(mark + 1))) return 'query';
  return null;
}

export function undecodableUrlError(part: 'params' | 'query'): SchemaError {
  return new SchemaError(part, [
    schemaErrorItem({
      keyword: 'format',
      message:
        part === 'params'
          ? 'should be a valid URL path: UTF-8 percent-escapes without NUL characters'
          : 'should be a valid query string: UTF-8 percent-escapes without NUL characters',
    }),
  ]);
}

/** The root onRequest hook (app.ts registers it after the security headers, so a refusal carries them too). */
export function refuseUndecodableInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const part = undecodableUrlPart(request.raw.url ?? request.url);
  if (part !== null) {
    done(undecodableUrlError(part));
    return;
  }
  const authorization = readBasicAuthorization(request.headers.authorization);
  if ('problem' in authorization) {
    done(
      new ApiError(
        'invalid_authorization_header',
        `The Authorization header ${authorization.problem}; expected Basic base64(public_token:session_token) of UTF-8 text.`,
      ),
    );
    return;
  }
  // Read once: the /sdk/v1 request-context hook takes the credentials from here.
  request.basicCredentials = authorization.credentials;
  done();
}
