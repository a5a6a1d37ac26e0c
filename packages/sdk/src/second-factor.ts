// Issue 13 item 1, SPEC §4 session lifecycle ("a session becomes authenticated after … TOTP or recovery code"):
// when the project requires a second factor (bootstrap `require_second_factor`, mapped to `secondFactorRequired`),
// a first-factor session of a user who has a verified authenticator app is not yet "signed in" for the app: it must
// be stepped up with `totps.authenticate` or `totps.recover`, which add a `totp` or `recovery_code` factor to it.
// A pure function of the three values the client already holds, so pages and tests call it without the network.
import type { BootstrapData, Session, User } from '@gatehouse/protocol';

/** Factor types that count as the second factor (wire-format.md §4.1 AuthenticationFactor.type). */
export const SECOND_FACTOR_TYPES: readonly string[] = ['totp', 'recovery_code'];

/**
 * True when the app must ask for a TOTP or recovery code before treating this session as signed in: the project
 * requires a second factor, the user has a verified authenticator app, and no factor of the session is one.
 * No session, no user, or a user without a verified app: false (nothing to step up with).
 */
export function needsSecondFactor(
  session: Pick<Session, 'authentication_factors'> | null,
  user: Pick<User, 'totps'> | null,
  bootstrap: Pick<BootstrapData, 'secondFactorRequired'>,
): boolean {
  if (!bootstrap.secondFactorRequired || session === null || user === null) return false;
  if (!user.totps.some((totp) => totp.verified)) return false;
  return !session.authentication_factors.some((factor) => SECOND_FACTOR_TYPES.includes(factor.type));
}
