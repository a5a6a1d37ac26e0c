// Shared fixtures of the sessions and users tests: a controllable clock, a stand-in for the request a sign-in
// method passes to issueSession, and a user with a session.
import type { AppContext, Clock, ProjectRecord, RequestContext } from '../../infra/context';
import { proveIdentifier } from '../users/prove-identifier';
import { findOrCreateUserByEmail } from '../users/user-service';
import {
  type IssuedSession,
  issueSession,
  type NewAuthenticationFactor,
  resolveSession,
} from './session-service';

export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start = '2030-01-01T00:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/**
 * The request context a sign-in call would carry (infra/request-context.ts builds the real one): the session of
 * `sessionToken` is resolved as on an 'optional' route — a token that names no live session is simply absent.
 */
export async function fakeSignInRequest(
  ctx: AppContext,
  options: { project: ProjectRecord; sessionToken?: string | null; ip?: string; userAgent?: string },
): Promise<RequestContext> {
  const sessionToken = options.sessionToken ?? null;
  const session =
    sessionToken === null
      ? null
      : await resolveSession(ctx, { projectId: options.project.id, token: sessionToken }).catch(() => null);
  return {
    project: options.project,
    tokenMode: 'test',
    sessionToken,
    session,
    ip: options.ip ?? '203.0.113.7',
    userAgent: options.userAgent ?? 'Mozilla/5.0 (vitest)',
    sdkClient: null,
    requestId: 'request-id-test-fixture',
    log: ctx.log,
  };
}

export function emailFactor(emailId: string, email: string): NewAuthenticationFactor {
  return {
    type: 'magic_link',
    delivery_method: 'email',
    email_factor: { email_id: emailId, email_address: email },
  };
}

export interface SignedInUser extends IssuedSession {
  emailId: string;
  email: string;
}

/**
 * A user (by e-mail) signed in with an e-mail factor through the same code path every sign-in method uses. The
 * address is proven first, as the login link or passcode that such a factor stands for would have done (issue 20
 * item 1: a sign-in by e-mail proves the address, so a later proof of it is no first proof).
 */
export async function signIn(
  ctx: AppContext,
  project: ProjectRecord,
  email: string,
  options: { sessionDurationMinutes?: number; sessionToken?: string | null; userAgent?: string } = {},
): Promise<SignedInUser> {
  const found = await findOrCreateUserByEmail(ctx, { project, tokenMode: 'test', email, status: 'active' });
  await proveIdentifier(ctx, {
    kind: 'email',
    id: found.emailId,
    sessionUserId: found.userId,
    request: null,
  });
  const issued = await issueSession(
    ctx,
    await fakeSignInRequest(ctx, {
      project,
      sessionToken: options.sessionToken ?? null,
      userAgent: options.userAgent,
    }),
    {
      userId: found.userId,
      factor: emailFactor(found.emailId, found.email),
      sessionDurationMinutes: options.sessionDurationMinutes ?? null,
    },
  );
  return { ...issued, emailId: found.emailId, email: found.email };
}
