// CORS for the /sdk/v1 API. wire-format.md §2: the SDK sends Authorization, Content-Type, X-SDK-Client and
// X-SDK-Parent-Host with GET/POST/PUT/DELETE and no credentials, so a cross-origin page needs a preflight answer.
// A preflight carries no token, so it is allowed for an origin that any project lists (the union is cached
// briefly); the actual request is then checked against its own project's origins (auth.ts → 403
// origin_not_allowed). security-tests.md CS-03: only exact origins are echoed, never `*`, always `Vary: Origin`.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ResolvedProject } from './auth';
import { originNotAllowedMessage } from './dev-origins';
import { ApiError } from './errors';

export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-SDK-Client, X-SDK-Parent-Host';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/** Preflight cache in the browser: 10 minutes (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * The server's own origin (PUBLIC_URL) is always allowed: requests from pages it serves itself (the web app) are
 * same-origin, and a browser still sends `Origin` on their POST/PUT/DELETE.
 */
export function isOriginAllowedForProject(
  resolved: ResolvedProject,
  origin: string,
  publicOrigin: string,
): boolean {
  return resolved.origins.has(origin) || origin === publicOrigin;
}

export function applyCorsHeaders(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', 'X-Request-Id');
}

export interface CorsPreflightOptions {
  production: boolean;
  /** Names a refused origin in the server's log (infra/dev-origins.ts createOriginRefusalNotice). */
  noticeRefusal: (origin: string, message: string) => void;
}

/**
 * Answers `OPTIONS /sdk/v1/*`. The sdk hook (auth 'none') has already set Access-Control-Allow-Origin when the
 * origin is allowed by some project; without it the preflight is refused, saying which origin and how to allow it
 * (issue 21 item 3).
 */
export function registerCorsPreflight(sdk: FastifyInstance, options: CorsPreflightOptions): void {
  sdk.route({
    method: 'OPTIONS',
    url: '/*',
    config: { auth: 'none' },
    handler: async (request, reply) => {
      const origin = request.headers.origin;
      if (origin === undefined) {
        throw new ApiError('origin_not_allowed', 'A preflight without an Origin header is not allowed.');
      }
      if (!reply.hasHeader('access-control-allow-origin')) {
        const message = originNotAllowedMessage(origin, 'any-project', options);
        options.noticeRefusal(origin, message);
        throw new ApiError('origin_not_allowed', message);
      }
      reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
      reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
      reply.header('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      return reply.code(204).send();
    },
  });
}
