// wire-format.md §2: every /sdk/v1 call carries `Authorization: Basic base64(<public_token>:<session_token>)`, the
// password half being the public token again when there is no session. This module parses it, resolves the
// project (by either token column) through a short in-memory cache — the hot path (session checks, ≥ 15k req/s)
// must not query the database for the project — and sets request.project / tokenMode / sessionToken.

import { eq, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext, ProjectRecord } from './context';
import { applyCorsHeaders, isOriginAllowedForProject } from './cors';
import type { Database } from './db/client';
import { projects } from './db/schema';
import { ApiError } from './errors';

/**
 * How a /sdk/v1 route is authenticated (route `config.auth`):
 * - 'public-token' (default): Basic authorization with a valid public token;
 * - 'path-token': the public token is the `public_token` path parameter (bootstrap, wire-format.md §4.11);
 * - 'none': no token (POST /events, wire-format.md §2.2; CORS preflights).
 */
export type RouteAuth = 'public-token' | 'path-token' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

export type TokenMode = 'test' | 'live';

export interface ResolvedProject {
  project: ProjectRecord;
  mode: TokenMode;
  /** project.allowedOrigins as a set, for the per-request Origin check. */
  origins: ReadonlySet<string>;
}

/** Projects change rarely (start-up, project file); a few seconds of staleness keeps instances stateless enough. */
export const PROJECT_CACHE_TTL_MS = 5000;
/** Bounds memory under a flood of made-up tokens (each cached as "unknown"). */
const PROJECT_CACHE_MAX_ENTRIES = 10_000;

interface CacheEntry {
  value: ResolvedProject | null;
  expiresAt: number;
}

/** Per-database cache (one per app): token → project, plus the union of every project's allowed origins. */
export class ProjectCache {
  private readonly byToken = new Map<string, CacheEntry>();
  private readonly pending = new Map<string, Promise<ResolvedProject | null>>();
  private origins: { set: ReadonlySet<string>; expiresAt: number } | null = null;
  private originsPending: Promise<ReadonlySet<string>> | null = null;
  /** Bumped by clear() so a lookup that started before a change does not store a stale answer. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = PROJECT_CACHE_TTL_MS,
  ) {}

  /** The cached answer for a token, or undefined when it must be looked up (sync: the hot path). */
  peek(token: string): ResolvedProject | null | undefined {
    const entry = this.byToken.get(token);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.byToken.delete(token);
      return undefined;
    }
    return entry.value;
  }

  async resolve(token: string): Promise<ResolvedProject | null> {
    const cached = this.peek(token);
    if (cached !== undefined) return cached;
    const inFlight = this.pending.get(token);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const lookup = this.load(token).finally(() => this.pending.delete(token));
    this.pending.set(token, lookup);
    const value = await lookup;
    if (generation === this.generation) {
      if (this.byToken.size >= PROJECT_CACHE_MAX_ENTRIES) this.byToken.clear();
      this.byToken.set(token, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** The union of all projects' allowed origins (CORS preflights carry no token, so any project's origin goes). */
  async allowedOrigins(): Promise<ReadonlySet<string>> {
    const cached = this.origins;
    if (cached !== null && cached.expiresAt > Date.now()) return cached.set;
    if (this.originsPending) return this.originsPending;
    const generation = this.generation;
    this.originsPending = this.db
      .select({ allowedOrigins: projects.allowedOrigins })
      .from(projects)
      .then((rows) => {
        const set = new Set(rows.flatMap((row) => row.allowedOrigins));
        if (generation === this.generation) this.origins = { set, expiresAt: Date.now() + this.ttlMs };
        return set;
      })
      .finally(() => {
        this.originsPending = null;
      });
    return this.originsPending;
  }

  /** Forget everything (after a project was created or changed, and between tests). */
  clear(): void {
    this.generation += 1;
    this.byToken.clear();
    this.pending.clear();
    this.origins = null;
    this.originsPending = null;
  }

  private async load(token: string): Promise<ResolvedProject | null> {
    // Our tokens start with `public-token-`; anything else cannot match and costs no query.
    if (!token.startsWith('public-token-') || token.length > 200) return null;
    const rows = await this.db
      .select()
      .from(projects)
      .where(or(eq(projects.publicTokenTest, token), eq(projects.publicTokenLive, token)))
      .limit(1);
    const project = rows[0];
    if (project === undefined) return null;
    return {
      project,
      // wire-format.md §1.2: the token names the mode; the column it matched is the authority here.
      mode: project.publicTokenTest === token ? 'test' : 'live',
      origins: new Set(project.allowedOrigins),
    };
  }
}

const caches = new WeakMap<Database, ProjectCache>();

/** The project cache of an app (keyed by its database, so every holder of the context shares it). */
export function projectCache(ctx: Pick<AppContext, 'db'>): ProjectCache {
  let cache = caches.get(ctx.db);
  if (cache === undefined) {
    cache = new ProjectCache(ctx.db);
    caches.set(ctx.db, cache);
  }
  return cache;
}

/** Resolves a public token (test or live) to its project, or null. Cached for PROJECT_CACHE_TTL_MS. */
export function resolveProjectByToken(
  ctx: Pick<AppContext, 'db'>,
  token: string,
): Promise<ResolvedProject | null> {
  return projectCache(ctx).resolve(token);
}

/** Call after creating or changing a project so every route sees it at once. */
export function invalidateProjectCache(ctx: Pick<AppContext, 'db'>): void {
  projectCache(ctx).clear();
}

export interface BasicCredentials {
  publicToken: string;
  /** The password half; null when empty or the public token again (wire-format.md §2: "no session"). */
  sessionToken: string | null;
}

const BASIC_PREFIX = /^basic /i;

/** Parses `Basic base64(public_token:session_token)`; null when the header is absent or malformed. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  if (header === undefined || header.length < 7 || header.length > 8192 || !BASIC_PREFIX.test(header))
    return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const publicToken = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  return { publicToken, sessionToken: password === '' || password === publicToken ? null : password };
}

/** base64 of `public-token-live-` / `public-token-test-`: 18 bytes, so exactly 24 characters, no padding. */
const BASE64_LIVE_PREFIX = 'cHVibGljLXRva2VuLWxpdmUt';
const BASE64_TEST_PREFIX = 'cHVibGljLXRva2VuLXRlc3Qt';

/**
 * The mode for a request id, from the raw request before any parsing (genReqId): the Basic authorization's
 * token prefix, or a bootstrap path token; otherwise `fallback`. No decoding or allocation.
 */
export function requestTokenMode(
  headers: { authorization?: string | undefined },
  url: string | undefined,
  fallback: TokenMode,
): TokenMode {
  const authorization = headers.authorization;
  if (authorization !== undefined && authorization.length > 30) {
    if (authorization.startsWith(BASE64_LIVE_PREFIX, 6)) return 'live';
    if (authorization.startsWith(BASE64_TEST_PREFIX, 6)) return 'test';
  }
  if (url?.includes('/bootstrap/public-token-')) {
    return url!.includes('/bootstrap/public-token-live-') ? 'live' : 'test';
  }
  return fallback;
}

/**
 * The /sdk/v1 onRequest hook: authentication per route `config.auth`, then the Origin check of the actual
 * request against the project's allowed origins (403 origin_not_allowed). Written in callback style so a cache
 * hit completes without allocating a promise.
 */
export function createSdkAuthHook(ctx: AppContext) {
  const cache = projectCache(ctx);
  const publicOrigin = ctx.config.publicUrl;

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
    request.project = resolved.project;
    request.tokenMode = resolved.mode;
    request.sessionToken = sessionToken;
    const origin = request.headers.origin;
    if (origin === undefined) {
      done();
      return;
    }
    if (isOriginAllowedForProject(resolved, origin, publicOrigin)) {
      applyCorsHeaders(reply, origin);
      done();
      return;
    }
    const refusal = new ApiError(
      'origin_not_allowed',
      `The origin ${JSON.stringify(origin.slice(0, 200))} is not in this project's allowed origins.`,
    );
    // The browser may read the refusal when some project allows the origin (its preflight passed); an origin
    // no project lists gets no CORS headers at all.
    corsForAnyProject(request, reply, origin, () => done(refusal));
  };

  /** A refusal the SDK can read (its own API error, not "unreachable") when some project allows the origin. */
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: ApiError,
    done: HookHandlerDoneFunction,
  ): void => {
    const origin = request.headers.origin;
    if (origin === undefined) done(error);
    else corsForAnyProject(request, reply, origin, () => done(error));
  };

  /** auth 'none' routes, preflights and 404s: CORS headers when some project (or the server itself) allows it. */
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

  return function sdkAuthHook(
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
      const credentials = parseBasicAuthorization(request.headers.authorization);
      if (credentials !== null && credentials.publicToken === token) sessionToken = credentials.sessionToken;
    } else {
      const credentials = parseBasicAuthorization(request.headers.authorization);
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
