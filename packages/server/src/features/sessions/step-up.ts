// Issue 20 item 3 (security-tests.md SS-08, SS-05, TK-10, WA-08; ASVS V6.2.3, V7.5.1): what a session must have
// shown before it may change the user's credentials or identifiers. SESSION_ROUTE_RULES below is the ONE list: every
// /sdk/v1 route that takes the caller's session (`config.session` 'required' or 'optional') has a row, writes and
// reads alike. step-up.security.test.ts walks the app's routes and fails on a session route without a row, so a new
// route cannot be left out silently; it also walks the rows.
//
// Two checks, always in this order (assertStepUp):
// 1. Second factor (totps/second-factor.ts, 403 second_factor_required): in a project with `require_second_factor`,
//    a session of a user with a verified authenticator app that has not used it (no `totp` / `recovery_code`
//    factor) reads and steps up, and writes nothing on the user's credentials, identifiers or profile.
// 2. Recent sign-in (recent-authentication.ts, 403 reauthentication_required), whatever that setting: the session
//    signed in, or signed in again with a credential the user already held, within the project's
//    `reauthentication_window_minutes` (default 10).
// Second factor first: the step-up that satisfies it (a code from the authenticator app, a recovery code) is itself a
// sign-in with a credential the user held, so it also makes the session recent. Asked the other way round, the
// person would be sent to sign in again with a first factor and then still be refused for the second: two prompts
// where one does, and a stale first-factor session would learn nothing it could act on from either answer.
//
// 'always' is enforced here, by a route hook (stepUpOnRoute) that runs after the request-context hook resolved the
// session and before the body is read: a refused call changes nothing. The other values depend on what the call
// would do, so the service checks them where it knows, with assertStepUp / assertMayAttach:
// - 'attaching': the call would attach a credential the user did not have (a wallet proven by a signed-in caller,
//   an OAuth registration linked by the callback whose token a signed-in caller redeems, an address or number a
//   secondary send claims for the session: assertMayClaim in their routes);
// - 'last-identifier': the removal would leave the user no other verified e-mail address or phone number
//   (users/user-service.ts deleteUserResource, inside its transaction, so two removals at once cannot both pass).
//
// SS-05 ("registration needs fresh UV or a recent factor"): ADDING a way to sign in — a passkey, a wallet, an address
// or number — and enrolling an authenticator app need a recent sign-in as well, not only the removals and the
// password. Else the recent sign-in rule is three calls deep: a stale session registers a passkey (or attaches a
// wallet, or claims an address) and signs in with it, anew or as a secondary sign-in, and is recent; an app it
// enrols and confirms would even become the account's required second factor. Signing in again with what the user
// already holds (a passkey, the wallet, an owned address) stays open to a stale session: that is how it gets recent.
import type { onRequestHookHandler, RouteOptions } from 'fastify';
import type { AppContext, RequestContext } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
import { assertSecondFactorWhenRequired } from '../totps/second-factor';
import { findOwnedIdentifier, type IdentifierKind } from '../users/identifiers';
import { assertRecentAuthentication } from './recent-authentication';

export interface SessionRouteRule {
  /** 403 second_factor_required while the project requires a second factor the session has not shown. */
  secondFactor: 'always' | 'attaching' | 'never';
  /** 403 reauthentication_required unless the session signed in within the project's window. */
  recentSignIn: 'always' | 'attaching' | 'last-identifier' | 'never';
  /** What the call does with the session (and where a conditional check lives). */
  why: string;
}

function rule(
  secondFactor: SessionRouteRule['secondFactor'],
  recentSignIn: SessionRouteRule['recentSignIn'],
  why: string,
): SessionRouteRule {
  return { secondFactor, recentSignIn, why };
}

const READ = 'reads the session or the user, writes nothing on their credentials';
const STEP_UP =
  'a sign-in with a credential the user holds: the step-up itself (its factor joins the session)';

/** Every /sdk/v1 route that takes the caller's session, by `METHOD path` (path as registered under /sdk/v1). */
export const SESSION_ROUTE_RULES = {
  // --- Credential and identifier writes (SS-08) ----------------------------------------------------------------
  'POST /passwords/session/reset': rule(
    'always',
    'always',
    'sets a new password without the current one and ends the other sessions (TK-10)',
  ),
  'POST /webauthn/register/start': rule('always', 'always', 'starts adding a passkey (SS-05)'),
  'POST /webauthn/register': rule(
    'always',
    'always',
    'adds a passkey; its factor joins the session without making it recent (webauthn/service.ts)',
  ),
  'PUT /webauthn/update/:id': rule('always', 'never', 'renames a passkey'),
  'POST /totps': rule(
    'always',
    'always',
    'enrols an authenticator app (one with a verified app is refused anyway: active_totp_exists)',
  ),
  'PUT /users/me': rule('always', 'never', 'edits the profile'),
  'DELETE /users/emails/:id': rule(
    'always',
    'last-identifier',
    'removes an e-mail address; recent when no other verified address or number would remain',
  ),
  'DELETE /users/phone_numbers/:id': rule(
    'always',
    'last-identifier',
    'removes a phone number; recent when no other verified address or number would remain',
  ),
  'DELETE /users/totps/:id': rule('always', 'always', 'removes the authenticator app'),
  'DELETE /users/oauth/:id': rule('always', 'never', 'unlinks a social account'),
  'DELETE /users/crypto_wallets/:id': rule(
    'always',
    'never',
    'removes a wallet (issue 22), like unlinking a social account',
  ),
  'DELETE /users/webauthn_registrations/:id': rule('always', 'always', 'removes a passkey (WA-08)'),
  'DELETE /users/biometric_registrations/:id': rule('always', 'never', 'removes a biometric registration'),
  'POST /magic_links/email/send/secondary': rule(
    'always',
    'attaching',
    'sends a link that attaches the address to the user (a pending claim of this session until redeemed)',
  ),
  'POST /otps/sms/send/secondary': rule(
    'always',
    'attaching',
    'sends a code that attaches the number to the user',
  ),
  'POST /otps/whatsapp/send/secondary': rule(
    'always',
    'attaching',
    'sends a code that attaches the number to the user',
  ),
  'POST /otps/email/send/secondary': rule(
    'always',
    'attaching',
    'sends a code that attaches the address to the user',
  ),
  'POST /crypto_wallets/authenticate/start/secondary': rule(
    'always',
    'never',
    'starts proving a wallet for the signed-in user (to attach it, or to sign in again with it)',
  ),
  'POST /crypto_wallets/authenticate': rule(
    'attaching',
    'attaching',
    'signed in, attaches a wallet the user did not have (crypto-wallets/service.ts authenticate); a wallet of theirs is a step-up',
  ),
  'POST /oauth/authenticate': rule(
    'attaching',
    'never',
    'signed in, joins a registration its callback just linked to the user (oauth/service.ts); an older one is a step-up',
  ),
  'POST /passwords': rule(
    'never',
    'never',
    'creates a NEW user (an owned address is duplicate_email) in a new session: nothing attaches to the caller',
  ),
  // --- Session management (issue 13 item 3): not for a session still waiting for its second factor -------------
  'GET /sessions/list': rule('always', 'never', 'lists where the user is signed in'),
  'POST /sessions/revoke_others': rule('always', 'never', 'signs the user out everywhere else'),
  'POST /sessions/revoke_one': rule('always', 'never', 'signs the user out on one other device (issue 22)'),
  // --- Reads and step-up calls: allowed, so the app can read the factors and step the session up ---------------
  'GET /users/me': rule('never', 'never', READ),
  'POST /sessions/authenticate': rule('never', 'never', READ),
  'POST /totps/recovery_codes': rule('never', 'never', `${READ} (only how many recovery codes remain)`),
  'POST /totps/authenticate': rule('never', 'never', STEP_UP),
  'POST /totps/recover': rule('never', 'never', STEP_UP),
  'POST /passwords/authenticate': rule('never', 'never', STEP_UP),
  'POST /passwords/existing_password/reset': rule(
    'never',
    'never',
    'the current password proves the account (no session needed; a signed-in caller is rotated)',
  ),
  'POST /passwords/email/reset': rule(
    'never',
    'never',
    'the reset link proves the mailbox (no session needed; the second factor is still asked afterwards)',
  ),
  'POST /webauthn/authenticate/start/secondary': rule('never', 'never', STEP_UP),
  'POST /webauthn/authenticate': rule('never', 'never', STEP_UP),
  'POST /magic_links/authenticate': rule(
    'never',
    'never',
    `${STEP_UP}; redeems this session's pending claim (an address attached by a secondary send, checked there)`,
  ),
  'POST /otps/authenticate': rule(
    'never',
    'never',
    `${STEP_UP}; redeems this session's pending claim (a destination attached by a secondary send, checked there)`,
  ),
} satisfies Record<string, SessionRouteRule>;

/** A row's key: `METHOD path`. */
export type SessionRoute = keyof typeof SESSION_ROUTE_RULES;

/** The row of a route (`path` relative to /sdk/v1), or undefined. */
export function sessionRouteRule(method: string, path: string): SessionRouteRule | undefined {
  return (SESSION_ROUTE_RULES as Record<string, SessionRouteRule>)[`${method} ${path}`];
}

/** The checks of a rule that apply to this call, second factor first (see the header for why). */
export function assertStepUp(
  ctx: Pick<AppContext, 'clock'>,
  request: Pick<RequestContext, 'project' | 'session'>,
  checks: { secondFactor: boolean; recentSignIn: boolean },
): void {
  if (checks.secondFactor) assertSecondFactorWhenRequired(request);
  if (checks.recentSignIn) assertRecentAuthentication(ctx, request);
}

/** A signed-in call of `route` that would attach a credential the user did not have: its row's 'attaching' checks. */
export function assertMayAttach(
  ctx: Pick<AppContext, 'clock'>,
  request: Pick<RequestContext, 'project' | 'session'>,
  route: SessionRoute,
): void {
  const rule: SessionRouteRule = SESSION_ROUTE_RULES[route];
  assertStepUp(ctx, request, {
    secondFactor: rule.secondFactor === 'attaching',
    recentSignIn: rule.recentSignIn === 'attaching',
  });
}

/**
 * A secondary send of `route` to `value` (null: input the service refuses): an address or number nobody holds becomes
 * this session's pending claim, attached to the user once redeemed, so the row's 'attaching' checks apply. Sent to
 * an address the user holds, it is a sign-in again with what they have (no check); held by someone else, the
 * service refuses it (duplicate_email / duplicate_phone_number).
 */
export async function assertMayClaim(
  ctx: Pick<AppContext, 'clock' | 'db'>,
  request: Pick<RequestContext, 'project' | 'session'>,
  route: SessionRoute,
  identifier: { kind: IdentifierKind; value: string | null },
): Promise<void> {
  const { kind, value } = identifier;
  if (value === null) return;
  const owner = await findOwnedIdentifier(ctx, { kind, projectId: request.project.id, value });
  if (owner === null) assertMayAttach(ctx, request, route);
}

/**
 * The /sdk/v1 onRoute hook (app.ts): a route whose row says 'always' gets a route-level onRequest hook with those
 * checks. Route hooks run after the instance's, so the request-context hook has resolved the session (or answered
 * the logout error) by then; and before the body is parsed.
 */
export function stepUpOnRoute(ctx: Pick<AppContext, 'clock'>) {
  return (route: RouteOptions & { routePath: string }): void => {
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD with the GET route's handler (its exposed HEAD routes): the GET row applies.
      const rule = sessionRouteRule(method === 'HEAD' ? 'GET' : method, route.routePath);
      if (rule === undefined) continue;
      const checks = {
        secondFactor: rule.secondFactor === 'always',
        recentSignIn: rule.recentSignIn === 'always',
      };
      if (!checks.secondFactor && !checks.recentSignIn) continue;
      const check: onRequestHookHandler = (request, _reply, done) => {
        try {
          if (request.method === method) assertStepUp(ctx, contextOf(request), checks);
          done();
        } catch (error) {
          done(error as Error);
        }
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), check];
    }
  };
}
