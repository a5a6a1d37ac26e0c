// wire-format.md §2: every /sdk/v1 call carries `Authorization: Basic base64(<public_token>:<session_token>)`, the
// password half being the public token again when there is no session. This module parses it and resolves the
// project (by either token column) through a short in-memory cache owned by the app (ctx.projects) — the hot path
// (session checks, ≥ 15k req/s) must not query the database for the project. The request-context hook
// (request-context.ts) puts both together.

import { isUtf8 } from 'node:buffer';
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

/**
 * What this process adds to a development project's allowlists (issue 21 item 3, infra/dev-origins.ts):
 * DEV_ALLOWED_ORIGINS and the project file's "Development" entry. Added as projects are read, never stored, so
 * an entry taken out of the variable or the file is no longer allowed after the next start, and each instance
 * allows what its own configuration says.
 */
export interface DevelopmentAllowlist {
  origins: readonly string[];
  redirectUrls: readonly string[];
}

const NO_DEVELOPMENT_ALLOWLIST: DevelopmentAllowlist = { origins: [], redirectUrls: [] };

export interface ProjectCacheOptions {
  db: Database;
  /**
   * Production never serves a development project, even when the database holds one (issue 8: production fails
   * closed); such a token resolves to nothing.
   */
  excludeDevelopment: boolean;
  /** Extra origins and redirect URLs of development projects (ignored with excludeDevelopment). */
  development?: DevelopmentAllowlist;
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
  /** What development projects allow besides what is stored (DevelopmentAllowlist). */
  readonly development: DevelopmentAllowlist;

  constructor(options: ProjectCacheOptions) {
    this.db = options.db;
    this.excludeDevelopment = options.excludeDevelopment;
    this.ttlMs = options.ttlMs ?? PROJECT_CACHE_TTL_MS;
    this.development =
      options.excludeDevelopment || options.development === undefined
        ? NO_DEVELOPMENT_ALLOWLIST
        : options.development;
  }

  /**
   * The project as this process serves it: a development project with the extra origins and redirect URLs of
   * `development`, after its own (its first redirect URL stays the default). Every project read by token goes
   * through here; code that reads a project row by id and checks origins or redirect URLs must call it too.
   */
  served(project: ProjectRecord): ProjectRecord {
    const { origins, redirectUrls } = this.development;
    if (!project.isDevelopment || (origins.length === 0 && redirectUrls.length === 0)) return project;
    return {
      ...project,
      allowedOrigins: [...new Set([...project.allowedOrigins, ...origins])],
      allowedRedirectUrls: [...new Set([...project.allowedRedirectUrls, ...redirectUrls])],
    };
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
      .select({ allowedOrigins: projects.allowedOrigins, isDevelopment: projects.isDevelopment })
      .from(projects)
      .where(this.excludeDevelopment ? eq(projects.isDevelopment, false) : undefined)
      .then((rows) => {
        const set = new Set(rows.flatMap((row) => row.allowedOrigins));
        // A development project's extra origins pass preflights too (issue 21 item 3).
        if (rows.some((row) => row.isDevelopment)) {
          for (const origin of this.development.origins) set.add(origin);
        }
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
    const row = rows[0];
    if (row === undefined) return null;
    const project = this.served(row);
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
const MAX_AUTHORIZATION_LENGTH = 8192;
/** The standard base64 alphabet (what btoa writes), padding optional. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (NUL first) is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

type DecodedBasic = { text: string } | { problem: string } | null;

/**
 * The text inside `Basic <base64>`, or the reason it cannot be read as text; null when the header is absent, not
 * Basic, or too long (then the public token is simply missing: 401 invalid_public_token).
 */
function decodeBasic(header: string | undefined): DecodedBasic {
  if (
    header === undefined ||
    header.length < 7 ||
    header.length > MAX_AUTHORIZATION_LENGTH ||
    !BASIC_PREFIX.test(header)
  ) {
    return null;
  }
  const encoded = header.slice(6).trim();
  if (!BASE64.test(encoded)) return { problem: 'is not base64' };
  const bytes = Buffer.from(encoded, 'base64');
  // Buffer's UTF-8 decoder would turn bad bytes into U+FFFD silently; they are refused instead (IV-04).
  if (!isUtf8(bytes)) return { problem: 'does not decode to UTF-8 text' };
  const text = bytes.toString('utf8');
  if (CONTROL_CHARACTERS.test(text)) return { problem: 'contains NUL or control characters' };
  return { text };
}

/**
 * One read of the Authorization header: the credentials (null when there are none: no header, not Basic, no
 * colon), or why a Basic header cannot be read (not base64, not UTF-8, NUL or control characters). The
 * request-hygiene hook (undecodable-input.ts) reads it once per request, answers a problem with a 400 on every
 * route (issue 8 item 3, security-tests.md IV-04) and keeps the credentials on the request for the
 * request-context hook.
 */
export function readBasicAuthorization(
  header: string | undefined,
): { credentials: BasicCredentials | null } | { problem: string } {
  const decoded = decodeBasic(header);
  if (decoded === null) return { credentials: null };
  if ('problem' in decoded) return decoded;
  const colon = decoded.text.indexOf(':');
  if (colon <= 0) return { credentials: null };
  const publicToken = decoded.text.slice(0, colon);
  const password = decoded.text.slice(colon + 1);
  return {
    credentials: { publicToken, sessionToken: password === '' || password === publicToken ? null : password },
  };
}

/** Why a Basic Authorization header cannot be read, or null (readBasicAuthorization's problem). */
export function undecodableBasicAuthorization(header: string | undefined): string | null {
  const read = readBasicAuthorization(header);
  return 'problem' in read ? read.problem : null;
}

/** Parses `Basic base64(public_token:session_token)`; null when absent, malformed or unreadable. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  const read = readBasicAuthorization(header);
  return 'credentials' in read ? read.credentials : null;
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
