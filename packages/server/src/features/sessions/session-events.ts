// Issue 25 item 1: the events of the session lifecycle, built from named fields only (no token, no hash). A sign-in
// writes `session.created` in the transaction that issues or extends the session, so the log holds exactly the
// sign-ins that happened; a refused one (a blocked user) writes `sign_in.failed` on its own.
import type { AuthenticationFactor } from '@gatehouse/protocol';
import type { RequestContext } from '../../infra/context';
import { type EventActor, type EventExecutor, recordEvent } from '../audit';
import { parseJson } from '../users/user-sql';
import type { SessionRow } from './session-lookup';
import type { NewAuthenticationFactor } from './session-rows';

/** `session.created`: the method that signed in, and every factor the session now holds. */
export async function recordSessionCreated(
  executor: EventExecutor,
  request: RequestContext,
  options: { userId: string; row: SessionRow; factor: NewAuthenticationFactor; at: Date },
): Promise<void> {
  const factors = parseJson<AuthenticationFactor[]>(options.row.factors);
  await recordEvent(
    executor,
    {
      projectId: request.project.id,
      type: 'session.created',
      actor: { type: 'user', id: options.userId },
      subjectUserId: options.userId,
      request,
      payload: {
        session_id: options.row.id,
        method: options.factor.type,
        delivery_method: options.factor.delivery_method,
        factors: factors.map((factor) => factor.type),
      },
    },
    options.at,
  );
}

/** `sign_in.failed` of a sign-in refused at the end (a blocked user: issue 24 item 2). */
export async function recordSignInRefused(
  executor: EventExecutor,
  request: RequestContext,
  options: { userId: string; factor: NewAuthenticationFactor; reason: string; at: Date },
): Promise<void> {
  await recordEvent(
    executor,
    {
      projectId: request.project.id,
      type: 'sign_in.failed',
      actor: { type: 'anonymous' },
      subjectUserId: options.userId,
      request,
      payload: { method: options.factor.type, reason: options.reason },
    },
    options.at,
  );
}

/** Who extends a session: its own user through the SDK, or the application's server (backend API). */
export type SessionRefresher = { request: RequestContext } | { backendProjectId: string };

/** `session.refreshed`: a session authenticate moved the session's expiry. */
export async function recordSessionRefreshed(
  executor: EventExecutor,
  refresher: SessionRefresher,
  options: { userId: string; sessionId: string; at: Date },
): Promise<void> {
  const byUser = 'request' in refresher;
  await recordEvent(
    executor,
    {
      projectId: byUser ? refresher.request.project.id : refresher.backendProjectId,
      type: 'session.refreshed',
      actor: byUser
        ? { type: 'user', id: options.userId }
        : { type: 'backend_api', id: refresher.backendProjectId },
      subjectUserId: options.userId,
      request: byUser ? refresher.request : null,
      payload: { session_id: options.sessionId },
    },
    options.at,
  );
}

/** `session.revoked`, with why. */
export async function recordSessionRevoked(
  executor: EventExecutor,
  request: (Pick<RequestContext, 'ip' | 'userAgent'> & { requestId?: string | null }) | null,
  options: {
    projectId: string;
    userId: string;
    sessionId: string;
    reason: 'sign_out' | 'revoked' | 'all_sessions' | 'password_change';
    actorIsUser: boolean;
    /** Issue 25 item 3: who ended it when neither the user nor the backend API did (an admin API key). */
    actor?: EventActor | undefined;
    at: Date;
  },
): Promise<void> {
  await recordEvent(
    executor,
    {
      projectId: options.projectId,
      type: 'session.revoked',
      actor:
        options.actor ??
        (options.actorIsUser
          ? { type: 'user', id: options.userId }
          : { type: 'backend_api', id: options.projectId }),
      subjectUserId: options.userId,
      request,
      payload: { session_id: options.sessionId, reason: options.reason },
    },
    options.at,
  );
}
