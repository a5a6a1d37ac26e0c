// Sessions (SPEC §4 session lifecycle, wire-format.md §4.1 Session / §4.3): opaque random tokens stored only as
// SHA-256 (`sessions.token_hash`), a signed session JWT beside them, and the four logout error types of SPEC §4:
// unknown/expired/revoked token or another project's token → 404 session_not_found; no session token →
// 401 unauthorized_credentials; session whose user is gone → 401 user_unauthenticated.
import type { AuthenticationFactor, ListedSession, Session } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { newId, randomToken } from '../../infra/crypto';
import { describeDevice } from '../../infra/device-name';
import { ApiError } from '../../infra/errors';
import { missingSessionToken } from '../../infra/request-context';
import { loadUser } from '../users/user-service';
import { parseJson, rfc3339, rowsOf } from '../users/user-sql';
import { factorCredentialHeld } from './factor-credential';
import { type AuthenticatedSession, authenticatedSessionJson } from './session-answer';
import {
  recordSessionCreated,
  recordSessionRefreshed,
  recordSessionRevoked,
  recordSignInRefused,
  type SessionRefresher,
} from './session-events';
import { forgetSessionJwt, reusableSessionJwt, sessionJwt } from './session-jwt';
import type { ResolvedSession, SessionRow } from './session-lookup';
import {
  absoluteEndMs,
  credentialGone,
  type IssuedSession,
  type IssueSessionOptions,
  isLive,
  LAST_ACCESSED_THROTTLE_MS,
  MINUTE_MS,
  type NewAuthenticationFactor,
  SESSION_COLUMNS,
  sessionNotFound,
  tokenHash,
  tokenHashHex,
  toWireSession,
  userBlocked,
  userGone,
  validateSessionDuration,
} from './session-rows';

export {
  ABSOLUTE_SESSION_LIFETIME_MINUTES,
  type IssuedSession,
  type IssueSessionOptions,
  isLive,
  LAST_ACCESSED_THROTTLE_MS,
  MAX_SESSION_DURATION_MINUTES,
  MIN_SESSION_DURATION_MINUTES,
  type NewAuthenticationFactor,
  SESSION_COLUMNS,
  sessionNotFound,
  tokenHash,
  toWireSession,
  userGone,
  validateSessionDuration,
} from './session-rows';

/**
 * A session_duration_minutes given to an authenticate: expires_at becomes now + minutes, never past the absolute
 * end (so refreshes cannot keep a session alive forever); mutates the row to what was written. Issue 25 item 1: when
 * the stored expiry changes, `session.refreshed` is written in the same transaction (the plain `{}` check never
 * comes here, so the hot path writes no event); `refresher` says who asked.
 */
export async function extendSession(
  ctx: AppContext,
  row: SessionRow,
  minutes: unknown,
  now: Date,
  refresher: SessionRefresher,
): Promise<void> {
  const valid = validateSessionDuration(minutes);
  const expiresMs = Math.min(now.getTime() + valid * MINUTE_MS, absoluteEndMs(row.started_ms));
  const update = sql`UPDATE sessions
    SET expires_at = ${new Date(expiresMs).toISOString()}::timestamptz,
        last_accessed_at = ${now.toISOString()}::timestamptz
    WHERE id = ${row.id}`;
  if (expiresMs === row.expires_ms) await ctx.db.execute(update);
  else {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(update);
      await recordSessionRefreshed(tx, refresher, { userId: row.user_id, sessionId: row.id, at: now });
    });
  }
  row.expires_ms = expiresMs;
  row.last_accessed_ms = now.getTime();
}

/** Writes last_accessed_at at most once per throttle window; mutates the row to what was written. */
export async function touch(ctx: AppContext, row: SessionRow, now: Date): Promise<void> {
  if (now.getTime() - row.last_accessed_ms <= LAST_ACCESSED_THROTTLE_MS) return;
  await ctx.db.execute(
    sql`UPDATE sessions SET last_accessed_at = ${now.toISOString()}::timestamptz WHERE id = ${row.id}`,
  );
  row.last_accessed_ms = now.getTime();
}

/**
 * The live session named by `token` in this project, with its user's wire JSON (one batched read, see
 * session-lookup.ts), or the SPEC §4 logout error that says why there is none: unknown, expired or revoked →
 * 404 session_not_found; user gone → 401 user_unauthenticated. Marks the session accessed.
 */
export async function resolveSession(
  ctx: AppContext,
  options: { projectId: string; token: string },
): Promise<ResolvedSession> {
  const now = ctx.clock.now();
  const row = await ctx.sessions.cache.lookup(tokenHashHex(options.token), options.projectId);
  if (!row || !isLive(row, now)) throw sessionNotFound();
  if (row.user === null) throw userGone();
  await touch(ctx, row, now);
  return { row, userId: row.user_id, userJson: row.user };
}

/**
 * The caller's session on a route declared `config: { session: 'required' }` (the request-context hook resolved
 * it, or already answered with the logout error). Throws 401 unauthorized_credentials should a route forget to
 * declare it, so a missing declaration can never let a call through without a session.
 */
export function signedIn(request: RequestContext): ResolvedSession {
  if (request.session === null) throw missingSessionToken();
  return request.session;
}

/**
 * POST /sessions/authenticate (wire-format.md §4.3). `{}` (the background refresh) is a single read plus, at most
 * once a minute, a last_accessed_at write; a duration sets expires_at to now + minutes (capped at the absolute end).
 */
export async function authenticateSession(
  ctx: AppContext,
  request: RequestContext,
  options: { sessionDurationMinutes?: number | undefined },
): Promise<AuthenticatedSession> {
  const { row, userJson } = signedIn(request);
  const token = request.sessionToken!;
  if (options.sessionDurationMinutes !== undefined) {
    await extendSession(ctx, row, options.sessionDurationMinutes, ctx.clock.now(), { request });
  }
  // The refresh normally reuses the JWT it issued a moment ago; only a miss needs the parsed session to sign.
  const session_jwt =
    reusableSessionJwt(ctx, {
      sessionId: row.id,
      sessionExpiresAtMs: row.expires_ms,
      factorsKey: row.factors,
    }) ??
    (await sessionJwt(ctx, {
      projectId: request.project.id,
      session: toWireSession(row),
      sessionExpiresAtMs: row.expires_ms,
      factorsKey: row.factors,
    }));
  return {
    fieldsJson: authenticatedSessionJson(ctx.sessions.answers, { row, token, jwt: session_jwt, userJson }),
  };
}

/** POST /sessions/revoke: the session named by the Basic authorization's session token ends now. */
export async function revokeSession(ctx: AppContext, request: RequestContext): Promise<void> {
  const { project } = request;
  const token = request.sessionToken;
  if (!token) throw missingSessionToken();
  const now = ctx.clock.now();
  // Issue 25 item 1: the sign-out and its event in one transaction.
  const row = await ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      DELETE FROM sessions WHERE token_hash = ${tokenHash(token)} AND project_id = ${project.id}
      RETURNING id, user_id, (extract(epoch from expires_at) * 1000)::float8 AS expires_ms`);
    const [deleted] = rowsOf<{ id: string; user_id: string; expires_ms: number }>(result);
    if (deleted) {
      await recordSessionRevoked(tx, request, {
        projectId: project.id,
        userId: deleted.user_id,
        sessionId: deleted.id,
        reason: 'sign_out',
        actorIsUser: true,
        at: now,
      });
    }
    return deleted;
  });
  if (!row) throw sessionNotFound();
  forgetSessionJwt(ctx, row.id);
  // An already expired session was unusable anyway; it is gone now, but the caller still learns it was not live.
  if (row.expires_ms <= now.getTime()) throw sessionNotFound();
}

/**
 * Ends every session of a user but `exceptSessionId` (issue 10 item 1: a password reset or change ends the user's
 * other sessions). Their opaque tokens stop working at once; their JWTs live out their few minutes.
 */
export async function revokeUserSessions(
  ctx: AppContext,
  options: { userId: string; exceptSessionId: string | null },
): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      DELETE FROM sessions WHERE user_id = ${options.userId} AND id IS DISTINCT FROM ${options.exceptSessionId}
      RETURNING id, project_id`);
    const deleted = rowsOf<{ id: string; project_id: string }>(result);
    // Issue 25 item 1: each ended session is an event (a reset or change of the password ends the others).
    for (const session of deleted) {
      await recordSessionRevoked(tx, null, {
        projectId: session.project_id,
        userId: options.userId,
        sessionId: session.id,
        reason: 'password_change',
        actorIsUser: true,
        at: now,
      });
    }
    return deleted;
  });
  for (const row of rows) forgetSessionJwt(ctx, row.id);
  return rows.length;
}

/** Forgets the cached JWTs of sessions ended in a transaction that committed (their opaque tokens are dead already). */
export function forgetSessionJwts(ctx: AppContext, sessionIds: readonly string[]): void {
  for (const id of sessionIds) forgetSessionJwt(ctx, id);
}

/**
 * Inside a transaction that writes a credential on behalf of a signed-in session (issue 20 item 1): holds the user
 * row FOR KEY SHARE until the transaction ends, then checks that the session still exists. A first proof that
 * resets the account holds that row FOR UPDATE: either this write commits first (and the reset removes what it
 * wrote) or it waits for the reset and finds its session gone (session_not_found).
 */
export async function lockLiveSession(
  tx: Pick<AppContext['db'], 'execute'>,
  options: { sessionId: string; userId: string },
): Promise<void> {
  await tx.execute(sql`SELECT 1 AS held FROM users WHERE id = ${options.userId} FOR KEY SHARE`);
  const result = await tx.execute(
    sql`SELECT 1 AS live FROM sessions WHERE id = ${options.sessionId} AND user_id = ${options.userId}`,
  );
  if (rowsOf(result).length === 0) throw sessionNotFound();
}

/**
 * GET /sessions/list (issue 13 item 3): the caller's user's live sessions in this project, oldest first, and the
 * caller's own session id so the account page can mark "this device". Issue 22: each carries `device_name`, named
 * here rather than in the browser so the account page and the security notices use one parser and one set of names.
 */
export async function listOwnSessions(
  ctx: AppContext,
  request: RequestContext,
): Promise<{ sessions: ListedSession[]; current_session_id: string }> {
  const { row, userId } = signedIn(request);
  const sessions = await liveSessionsOf(ctx, { projectId: request.project.id, userId });
  return {
    sessions: sessions.map((session) => ({
      ...session,
      device_name: describeDevice(session.attributes.user_agent),
    })),
    current_session_id: row.id,
  };
}

/**
 * POST /sessions/revoke_others (issue 13 item 3, "Sign out everywhere else"): every other session of the caller's
 * user ends now (their opaque tokens stop working at once, their cached JWTs are forgotten); the caller's own
 * session is kept. Answers how many LIVE sessions ended: expired rows are swept too but were unusable already.
 */
export async function revokeOtherSessions(ctx: AppContext, request: RequestContext): Promise<number> {
  const { row, userId } = signedIn(request);
  const result = await ctx.db.execute(sql`
    DELETE FROM sessions WHERE user_id = ${userId} AND project_id = ${request.project.id} AND id <> ${row.id}
    RETURNING id, (extract(epoch from expires_at) * 1000)::float8 AS expires_ms`);
  const rows = rowsOf<{ id: string; expires_ms: number }>(result);
  for (const ended of rows) forgetSessionJwt(ctx, ended.id);
  const now = ctx.clock.now().getTime();
  return rows.filter((ended) => ended.expires_ms > now).length;
}

/**
 * POST /sessions/revoke_one (issue 22, the account page's "Sign out" on one other session): ends one LIVE session of
 * the caller's user in this project. Someone else's session id, an unknown id and an expired session all answer the
 * same 404 session_not_found and change nothing (the answer must not tell whether an id exists elsewhere). The
 * caller's own session is refused with a 404 that says so: signing out is POST /sessions/revoke, which also clears
 * the browser.
 * The ended session's opaque token stops working at once and its cached JWTs are forgotten.
 */
export async function revokeOwnOtherSession(
  ctx: AppContext,
  request: RequestContext,
  sessionId: string,
): Promise<void> {
  const { row, userId } = signedIn(request);
  if (sessionId === row.id) {
    // Not among the caller's OTHER sessions, so the catalogue's 404 (a type of its own would cost every page's
    // headless SDK its name, ≤ 8 KiB gzip), with a message that says what to do.
    throw new ApiError(
      'session_not_found',
      'This is the session making the request. Use sign out (POST /sessions/revoke) to end it.',
    );
  }
  const result = await ctx.db.execute(sql`
    DELETE FROM sessions
    WHERE id = ${sessionId} AND user_id = ${userId} AND project_id = ${request.project.id}
      AND expires_at > ${ctx.clock.now().toISOString()}::timestamptz
    RETURNING id`);
  const [ended] = rowsOf<{ id: string }>(result);
  if (!ended) throw sessionNotFound();
  forgetSessionJwt(ctx, ended.id);
}

function factorIdentity(factor: NewAuthenticationFactor): string {
  const { last_authenticated_at: _ignored, ...rest } = factor;
  return canonicalJson(rest);
}

/** JSON with object keys sorted at every depth: jsonb hands nested objects back with its own key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A factor already on the session (same kind and same credential) is refreshed and moved last ("newest last"). */
function mergeFactor(
  factors: AuthenticationFactor[],
  factor: NewAuthenticationFactor,
  now: Date,
): AuthenticationFactor[] {
  const identity = factorIdentity(factor);
  const kept = factors.filter((existing) => factorIdentity(existing) !== identity);
  return [...kept, { ...factor, last_authenticated_at: rfc3339(now) } as AuthenticationFactor];
}

/**
 * Every sign-in method ends here (SPEC §4: any successful login authenticates the session). When the request
 * carries a live session of the same user (a secondary call), the factor is added to that session; otherwise a
 * new session starts. Either way a NEW opaque token is issued and the old one stops working (security-tests.md
 * SS-01 / ASVS V7.2.4: no fixation across step-up).
 */
export async function issueSession(
  ctx: AppContext,
  request: RequestContext,
  options: IssueSessionOptions,
): Promise<IssuedSession> {
  const { project } = request;
  const minutes = validateSessionDuration(options.sessionDurationMinutes);
  const now = ctx.clock.now();
  const token = randomToken(32);
  const hash = tokenHash(token);
  // Issue 20 item 1 (factor-credential.ts): written only while the factor's credential is still the user's, after
  // the user row is held, so a first proof resetting the account cannot interleave.
  const held = factorCredentialHeld(options.factor, options.userId) ?? sql`TRUE`;
  const row = await ctx.db.transaction(async (tx) => {
    const user = rowsOf<{ blocked: boolean }>(
      await tx.execute(
        sql`SELECT blocked_at IS NOT NULL AS blocked FROM users WHERE id = ${options.userId} FOR KEY SHARE`,
      ),
    );
    if (user.length === 0) throw userGone();
    // Issue 24 item 2: every sign-in ends here, so a blocked user gets no session by any method.
    if (user[0]!.blocked) return null;
    // Issue 26 item 3: the console lists and sorts users by their last sign-in (migration 0025; the users trigger
    // leaves the profile alone for this column).
    await tx.execute(
      sql`UPDATE users SET last_sign_in_at = ${now.toISOString()}::timestamptz WHERE id = ${options.userId}`,
    );
    const existing = request.session?.row;
    if (existing && request.sessionToken && isLive(existing, now) && existing.user_id === options.userId) {
      const factors = mergeFactor(parseJson<AuthenticationFactor[]>(existing.factors), options.factor, now);
      const expiresMs = Math.min(now.getTime() + minutes * MINUTE_MS, absoluteEndMs(existing.started_ms));
      // Guarded by the old hash: when two calls race on one session, only one rotates it; the other starts anew.
      const authenticatedAt =
        options.reauthenticates === false ? sql`s.authenticated_at` : sql`${now.toISOString()}::timestamptz`;
      const result = await tx.execute(sql`UPDATE sessions s SET
          token_hash = ${hash},
          authentication_factors = ${JSON.stringify(factors)}::jsonb,
          expires_at = ${new Date(expiresMs).toISOString()}::timestamptz,
          last_accessed_at = ${now.toISOString()}::timestamptz,
          authenticated_at = ${authenticatedAt}
        WHERE s.id = ${existing.id} AND s.token_hash = ${tokenHash(request.sessionToken)} AND ${held}
        RETURNING ${SESSION_COLUMNS}`);
      const rotated = rowsOf<SessionRow>(result)[0];
      if (rotated) {
        await recordSessionCreated(tx, request, {
          userId: options.userId,
          row: rotated,
          factor: options.factor,
          at: now,
        });
        return rotated;
      }
    }
    const factors = [{ ...options.factor, last_authenticated_at: rfc3339(now) }];
    const expiresAt = new Date(now.getTime() + minutes * MINUTE_MS);
    // One statement, not an insert and a re-read: the re-read was a fifth of a password sign-in's SQL time
    // (issue 10 Speed, bench password-sign-in). issue 2: the session's attributes are the ip_address and
    // user_agent of the request that started it.
    const result = await tx.execute(sql`INSERT INTO sessions AS s
        (id, project_id, user_id, token_hash, started_at, last_accessed_at, expires_at, ip_address, user_agent,
         authentication_factors, authenticated_at)
      SELECT ${newId('session', request.tokenMode)}, ${project.id}, ${options.userId}, ${hash},
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
        ${request.ip}, ${request.userAgent}, ${JSON.stringify(factors)}::jsonb, ${now.toISOString()}::timestamptz
      WHERE ${held}
      RETURNING ${SESSION_COLUMNS}`);
    const inserted = rowsOf<SessionRow>(result)[0];
    if (!inserted) throw credentialGone();
    await recordSessionCreated(tx, request, {
      userId: options.userId,
      row: inserted,
      factor: options.factor,
      at: now,
    });
    return inserted;
  });
  if (row === null) {
    await recordSignInRefused(ctx.db, request, {
      userId: options.userId,
      factor: options.factor,
      reason: 'blocked',
      at: now,
    });
    throw userBlocked();
  }
  // issue 9 item 4: one sign-in per session issued or extended, labelled with the factor's method — counted as soon as
  // its transaction committed, with its session.created event (issue 25 item 5: the stats endpoint counts those), not
  // after the answer is built: a sign-in whose answer then fails still happened.
  ctx.metrics.signedIn(options.factor.type);
  if (request.session?.row.id === row.id) forgetSessionJwt(ctx, row.id);

  const user = await loadUser(ctx, options.userId);
  if (!user) throw userGone();
  const session = toWireSession(row);
  const session_jwt = await sessionJwt(ctx, {
    projectId: project.id,
    session,
    sessionExpiresAtMs: row.expires_ms,
    factorsKey: row.factors,
  });
  return { user_id: options.userId, session_token: token, session_jwt, session, user, __user: user };
}

/** The user's live sessions in the project, oldest first (the account page's list; backend sessions.get). */
export async function liveSessionsOf(
  ctx: AppContext,
  options: { projectId: string; userId: string },
): Promise<Session[]> {
  const result = await ctx.db.execute(sql`SELECT ${SESSION_COLUMNS} FROM sessions s
    WHERE s.user_id = ${options.userId} AND s.project_id = ${options.projectId}
      AND s.expires_at > ${ctx.clock.now().toISOString()}::timestamptz
    ORDER BY s.started_at, s.id`);
  return rowsOf<SessionRow>(result).map(toWireSession);
}
