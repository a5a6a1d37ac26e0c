// wire-format.md §2: every /sdk/v1 call carries `Authorization: Basic base64(<public_token>:<session_token>)`, the
// password half being the public token again when there is no session. This module parses it and resolves the
// project (by either token column) through a short in-memory cache owned by the app (ctx.projects) — the hot path
// (session checks, ≥ 15k req/s) must not query the database for the project. The request-context hook
// (request-context.ts) puts both together.

import { and, eq, or } from 'drizzle-orm';
import type { ProjectRecord } from './context';
import type { Database } from './db/client';
import { projects } from './db/schema';

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

export interface ProjectCacheOptions {
  db: Database;
  /**
   * Production never serves a development project, even when the database holds one (issue 8: production fails
   * closed); such a token resolves to nothing.
   */
  excludeDevelopment: boolean;
  ttlMs?: number;
}

/** One per app (ctx.projects): token → project, plus the union of every project's allowed origins. */
export class ProjectCache {
  private readonly byToken = new Map<string, CacheEntry>();
  private readonly pending = new Map<string, Promise<ResolvedProject | null>>();
  private origins: { set: ReadonlySet<string>; expiresAt: number } | null = null;
  private originsPending: Promise<ReadonlySet<string>> | null = null;
  /** Bumped by clear() so a lookup that started before a change does not store a stale answer. */
  private generation = 0;

  private readonly db: Database;
  private readonly excludeDevelopment: boolean;
  private readonly ttlMs: number;

  constructor(options: ProjectCacheOptions) {
    this.db = options.db;
    this.excludeDevelopment = options.excludeDevelopment;
    this.ttlMs = options.ttlMs ?? PROJECT_CACHE_TTL_MS;
  }

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
      .where(this.excludeDevelopment ? eq(projects.isDevelopment, false) : undefined)
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
      .where(
        and(
          or(eq(projects.publicTokenTest, token), eq(projects.publicTokenLive, token)),
          this.excludeDevelopment ? eq(projects.isDevelopment, false) : undefined,
        ),
      )
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
