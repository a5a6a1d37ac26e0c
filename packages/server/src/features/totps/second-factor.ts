// Issue 13 item 1: a project setting (`require_second_factor`, project file) makes a first-factor sign-in of a user
// who has a verified authenticator app a session that is not yet "signed in": its factors lack `totp` /
// `recovery_code` until POST /totps/authenticate or /totps/recover adds one (SPEC §4 "a session becomes
// authenticated after … TOTP or recovery code"; secondary calls add a factor to the caller's session).
//
// Decision: the session stays a valid session, as in
// Stytch — /sessions/authenticate, /users/me and the TOTP calls accept it, so the app can read the factors and
// step it up, and the application's own server sees the factors through the backend API. Every route that writes
// on the user's credentials, identifiers or profile refuses it with `second_factor_required` (403; issue 20 item 3,
// the list is features/sessions/step-up.ts): otherwise whoever holds only the first factor (a mailbox) could delete
// the authenticator app, or set a password, and so switch the second factor off.
import type { AuthenticationFactor, User } from '@gatehouse/protocol';
import type { RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import type { ResolvedSession } from '../sessions';

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'This project requires a second factor: enter a code from your authenticator app or a recovery code first.';

/** Factor types that count as the second factor (wire-format.md §4.1 AuthenticationFactor.type). */
const SECOND_FACTOR_TYPES: ReadonlySet<string> = new Set(['totp', 'recovery_code']);

function parsed<T>(json: string | null): T | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

/**
 * True when the project requires a second factor, the session's user has a verified authenticator app, and the
 * session has no `totp` / `recovery_code` factor. Reads only what the session lookup already holds (the factors
 * and the user's wire JSON), so guarding a route costs no query.
 */
export function sessionLacksSecondFactor(
  project: Pick<RequestContext['project'], 'settings'>,
  session: Pick<ResolvedSession, 'row' | 'userJson'>,
): boolean {
  if (project.settings.require_second_factor !== true) return false;
  const user = parsed<Pick<User, 'totps'>>(session.userJson);
  if (!user?.totps?.some((totp) => totp.verified)) return false;
  const factors = parsed<AuthenticationFactor[]>(session.row.factors) ?? [];
  return !factors.some((factor) => SECOND_FACTOR_TYPES.has(factor.type));
}

/** A named check for routes that must not run on a session still waiting for its second factor. */
export function assertSecondFactorWhenRequired(request: Pick<RequestContext, 'project' | 'session'>): void {
  if (request.session !== null && sessionLacksSecondFactor(request.project, request.session)) {
    throw new ApiError('second_factor_required', SECOND_FACTOR_REQUIRED_MESSAGE);
  }
}
