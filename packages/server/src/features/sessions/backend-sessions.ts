// The backend API's session calls (issue 13 item 2: Stytch's /v1 sessions calls for the application's own server),
// over the same rows and rules as the browser's (session-service.ts).
import type { Session, User } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import type { EventActor, EventExecutor, NewEvent } from '../audit';
import { parseJson, rowsOf } from '../users/user-sql';
import { recordSessionRevoked } from './session-events';
import { forgetSessionJwt, sessionJwt } from './session-jwt';
import type { ResolvedSession, SessionRow } from './session-lookup';
import {
  extendSession,
  isLive,
  SESSION_COLUMNS,
  sessionNotFound,
  tokenHash,
  touch,
  toWireSession,
  userGone,
} from './session-service';

/** The live session of `sessionId` in the project, with its user's JSON, or session_not_found / user_unauthenticated. */
export async function findLiveSession(
  ctx: AppContext,
  options: { projectId: string; sessionId: string },
): Promise<ResolvedSession> {
  const result = await ctx.db.execute(sql`SELECT ${SESSION_COLUMNS}, u.profile AS user
    FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id = ${options.sessionId} AND s.project_id = ${options.projectId}`);
  const [row] = rowsOf<SessionRow & { user: string | null }>(result);
  if (!row || !isLive(row, ctx.clock.now())) throw sessionNotFound();
  if (row.user === null) throw userGone();
  return { row, userId: row.user_id, userJson: row.user };
}

/**
 * Backend sessions.authenticate: optionally extends the session (never past its absolute end, so refreshes cannot
 * keep it alive forever) and answers it with a fresh JWT and its user.
 */
export async function refreshSession(
  ctx: AppContext,
  options: { projectId: string; resolved: ResolvedSession; sessionDurationMinutes?: number | undefined },
): Promise<{ session: Session; session_jwt: string; user: User }> {
  const { row } = options.resolved;
  const now = ctx.clock.now();
  if (options.sessionDurationMinutes !== undefined) {
    await extendSession(ctx, row, options.sessionDurationMinutes, now, {
      backendProjectId: options.projectId,
    });
  } else {
    await touch(ctx, row, now);
  }
  const session = toWireSession(row);
  const session_jwt = await sessionJwt(ctx, {
    projectId: options.projectId,
    session,
    sessionExpiresAtMs: row.expires_ms,
    factorsKey: row.factors,
  });
  return { session, session_jwt, user: parseJson<User>(options.resolved.userJson) };
}

/** Backend sessions.revoke: ends the session now (its cached JWT is forgotten); session_not_found when none. */
export async function revokeSessionById(
  ctx: AppContext,
  options: { projectId: string; sessionId: string },
): Promise<void> {
  const result = await ctx.db.execute(sql`
    DELETE FROM sessions WHERE id = ${options.sessionId} AND project_id = ${options.projectId} RETURNING id`);
  if (rowsOf(result).length === 0) throw sessionNotFound();
  forgetSessionJwt(ctx, options.sessionId);
}

/** The session id of a session token of the project, or null (backend sessions.revoke by token). */
export async function sessionIdOfToken(
  ctx: AppContext,
  options: { projectId: string; token: string },
): Promise<string | null> {
  const result = await ctx.db.execute(
    sql`SELECT id FROM sessions WHERE token_hash = ${tokenHash(options.token)} AND project_id = ${options.projectId}`,
  );
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Issue 25 item 3 (admin API): ends one session of the user (`sessionId`) or all of them (null), in the caller's
 * transaction, each with its `session.revoked` event and the given actor. Answers the ended ids: the caller forgets
 * their cached JWTs once the transaction committed (forgetSessionJwts).
 */
export async function endUserSessions(
  tx: EventExecutor,
  options: {
    projectId: string;
    userId: string;
    sessionId: string | null;
    actor: EventActor;
    request: NewEvent['request'];
    at: Date;
  },
): Promise<string[]> {
  const one = options.sessionId === null ? sql`TRUE` : sql`id = ${options.sessionId}`;
  const result = await tx.execute(sql`DELETE FROM sessions
    WHERE user_id = ${options.userId} AND project_id = ${options.projectId} AND ${one} RETURNING id`);
  const ended = rowsOf<{ id: string }>(result).map((row) => row.id);
  for (const sessionId of ended) {
    await recordSessionRevoked(tx, options.request, {
      projectId: options.projectId,
      userId: options.userId,
      sessionId,
      reason: options.sessionId === null ? 'all_sessions' : 'revoked',
      actorIsUser: false,
      actor: options.actor,
      at: options.at,
    });
  }
  return ended;
}
