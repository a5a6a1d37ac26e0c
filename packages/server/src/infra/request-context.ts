// DESIGN.md convention 11: the one pre-handler of /sdk/v1. It resolves what a call is about — project and token
// mode from the Basic authorization (wire-format.md §2), the caller's session when the route asks for one, the
// client address and User-Agent — checks the Origin against the project (security-tests.md CS-03) and the
// route's product against the project's enabled products (issue 8 item 2, AT-04), and hands services the plain
// RequestContext. Every refusal happens here, before the body is read, so a refused call changes nothing.
// Written in callback style so a cache hit on a route without a session completes without allocating a promise.
import type { Product } from '@gatehouse/protocol';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ResolvedProject } from './auth';
import type { AppContext, RequestContext } from './context';
import { applyCorsHeaders, isOriginAllowedForProject } from './cors';
import { originNotAllowedMessage } from './dev-origins';
import { ApiError, isApiError } from './errors';

/**
 * How a /sdk/v1 route is authenticated (route `config.auth`):
 * - 'public-token' (default): Basic authorization with a valid public token;
 * - 'path-token': the public token is the `public_token` path parameter (bootstrap, wire-format.md §4.11);
 * - 'none': no token (POST /events, wire-format.md §2.2; CORS preflights).
 */
export type RouteAuth = 'public-token' | 'path-token' | 'none';

/**
 * Whether a route needs the caller's session (route `config.session`):
 * - 'none' (default): not looked up (the session token, if any, is still passed on);
 * - 'required': a live session, or the SPEC §4 logout error (401 unauthorized_credentials without a token,
 *   404 session_not_found, 401 user_unauthenticated);
 * - 'optional': the live session when the token names one, else null (sign-in calls add a factor to it).
 */
export type SessionRequirement = 'none' | 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The product the route belongs to: 403 product_not_enabled when the project has not enabled it. */
    product?: Product;
    session?: SessionRequirement;
  }
}

/** Resolves a session token of a project, or throws the SPEC §4 logout error (features/sessions). */
export type SessionResolver = (
  ctx: AppContext,
  options: { projectId: string; token: string },
) => Promise<NonNullable<RequestContext['session']>>;

/** The request context of a /sdk/v1 call that took a public token; an internal error anywhere else. */
export function contextOf(request: FastifyRequest): RequestContext {
  const context = request.gatehouse;
  if (context === null) throw new Error(`${request.url} has no request context (route auth 'none'?)`);
  return context;
}

const MAX_USER_AGENT_LENGTH = 1024;

/** The User-Agent as stored with a session: one header, bounded, no NUL (Postgres text cannot hold it). */
export function userAgentOf(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  return text.replaceAll('\u0000', '').slice(0, MAX_USER_AGENT_LENGTH);
}

function headerValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? null : text;
}

export function productNotEnabled(product: Product): ApiError {
  return new ApiError('product_not_enabled', `The ${product} product is not enabled for this project.`);
}

export function missingSessionToken(): ApiError {
  return new ApiError(
    'unauthorized_credentials',
    'This call needs a session token in the Authorization header.',
  );
}

export interface RequestContextHookOptions {
  resolveSession: SessionResolver;
  /** Names a refused origin in the server's log (infra/dev-origins.ts createOriginRefusalNotice). */
  noticeOriginRefusal?: (origin: string, message: string) => void;
}

export function createRequestContextHook(ctx: AppContext, options: RequestContextHookOptions) {
  const cache = ctx.projects;
  const publicOrigin = ctx.config.publicUrl;
  const production = ctx.config.env === 'production';

  /** auth 'none' routes, preflights, 404s and refusals: CORS headers when some project (or the server) allows it. */
  const corsForAnyProject = (
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    done: () => void,
  ): void => {
    if (origin === publicOrigin) {
      applyCorsHeaders(reply, origin);
      done();
      return;
    }
    cache.allowedOrigins().then(
      (allowed) => {
        if (allowed.has(origin)) applyCorsHeaders(reply, origin);
        done();
      },
      (error: unknown) => {
        request.log.error({ err: error }, 'loading allowed origins failed');
        done();
      },
    );
  };

  /** A refusal the SDK can read (its own API error, not "unreachable") when some project allows the origin. */
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: ApiError,
    done: HookHandlerDoneFunction,
  ): void => {
    const origin = request.headers.origin;
    if (origin === undefined || reply.hasHeader('access-control-allow-origin')) done(error);
    else corsForAnyProject(request, reply, origin, () => done(error));
  };

  const finish = (
    request: FastifyRequest,
    reply: FastifyReply,
    resolved: ResolvedProject | null,
    sessionToken: string | null,
    done: HookHandlerDoneFunction,
  ): void => {
    if (resolved === null) {
      refuse(
        request,
        reply,
        new ApiError('invalid_public_token', 'The public token is not valid for any project.'),
        done,
      );
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isOriginAllowedForProject(resolved, origin, publicOrigin)) {
        // Issue 21 item 3: the message names the origin and the setting that allows it.
        const message = originNotAllowedMessage(
          origin,
          resolved.project.isDevelopment ? 'development-project' : 'project',
          { production },
        );
        options.noticeOriginRefusal?.(origin, message);
        const refusal = new ApiError('origin_not_allowed', message);
        // The browser may read the refusal when some project allows the origin (its preflight passed); an
        // origin no project lists gets no CORS headers at all.
        corsForAnyProject(request, reply, origin, () => done(refusal));
        return;
      }
      applyCorsHeaders(reply, origin);
    }
    const { config } = request.routeOptions;
    const { project } = resolved;
    if (config.product !== undefined && !project.enabledProducts.includes(config.product)) {
      done(productNotEnabled(config.product));
      return;
    }
    const context: RequestContext = {
      project,
      tokenMode: resolved.mode,
      sessionToken,
      session: null,
      ip: request.ip,
      userAgent: userAgentOf(request.headers['user-agent']),
      sdkClient: headerValue(request.headers['x-sdk-client']),
      requestId: request.id,
      log: request.log,
    };
    request.gatehouse = context;
    const requirement = config.session ?? 'none';
    if (requirement === 'none') {
      done();
      return;
    }
    if (sessionToken === null) {
      if (requirement === 'required') done(missingSessionToken());
      else done();
      return;
    }
    options.resolveSession(ctx, { projectId: project.id, token: sessionToken }).then(
      (session) => {
        context.session = session;
        done();
      },
      (error: unknown) => {
        // An optional session that is not live is simply absent: the sign-in starts a new session.
        if (requirement === 'optional' && isApiError(error)) done();
        else done(error as Error);
      },
    );
  };

  return function requestContextHook(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    // Answers differ by Origin (CS-03) and may carry session tokens: never cached by shared caches.
    reply.header('vary', 'Origin');
    reply.header('cache-control', 'no-store');
    const auth: RouteAuth = request.is404 ? 'none' : (request.routeOptions.config.auth ?? 'public-token');
    if (auth === 'none') {
      const origin = request.headers.origin;
      if (origin === undefined) done();
      else corsForAnyProject(request, reply, origin, () => done());
      return;
    }
    let token: string;
    let sessionToken: string | null = null;
    if (auth === 'path-token') {
      token = (request.params as { public_token?: string }).public_token ?? '';
      // The SDK also sends its normal Authorization header; a session token there is still usable.
      const credentials = request.basicCredentials;
      if (credentials !== null && credentials.publicToken === token) sessionToken = credentials.sessionToken;
    } else {
      // Read once, by the request-hygiene hook that runs first on every route (undecodable-input.ts).
      const credentials = request.basicCredentials;
      if (credentials === null) {
        const error = new ApiError(
          'invalid_public_token',
          'Missing or malformed Authorization header: expected Basic base64(public_token:session_token).',
        );
        refuse(request, reply, error, done);
        return;
      }
      token = credentials.publicToken;
      sessionToken = credentials.sessionToken;
    }
    const cached = cache.peek(token);
    if (cached !== undefined) {
      finish(request, reply, cached, sessionToken, done);
      return;
    }
    cache.resolve(token).then(
      (resolved) => finish(request, reply, resolved, sessionToken, done),
      (error: unknown) => done(error as Error),
    );
  };
}
