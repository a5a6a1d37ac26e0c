// Issue 26 item 2: an operator's session as the caller of /admin/v1. The console signs in with the widget against the
// operators project and sends the SDK's opaque `session_token` as `Authorization: Bearer <token>`; the admin plugin
// (features/admin/admin-plugin.ts) hands every bearer token that is not an admin API key here. The session is found
// as the SDK's calls find it (by the SHA-256 of the token, in the operators project only, live, its user not blocked
// or deleted: resolveSession), read afresh on every call, so a revoked session or a removed operator is refused at
// once on every instance.
//
// "They … must hold a passkey or TOTP (set up at first sign-in)". The session must show one: a `webauthn`, `totp` or
// `recovery_code` factor whose credential the operator still holds. The flow this supports (the console's):
//   1. sign in with an e-mail login link (POST /sdk/v1/magic_links/authenticate): the session has an e-mail factor;
//      GET /admin/v1/me answers `second_factor: { enrolled: false, in_session: false }`, every other route 403
//      operator_second_factor_required;
//   2. register a passkey with that session (POST /sdk/v1/webauthn/register/start + /register, secondary: its
//      factor joins the session) — or enrol an authenticator app and confirm it with a code (POST /sdk/v1/totps +
//      /totps/authenticate);
//   3. use the console. Later sessions: a login link then the passkey (POST /sdk/v1/webauthn/authenticate, secondary)
//      or a code, or the passkey alone.
// A credential made during this session counts only when it is the operator's first (no passkey or app existed when
// the session started): otherwise whoever reads an operator's mailbox could sign in with a link, register a passkey
// of their own and be in. With a second factor already held, the session must use one that predates it.
//
// Dangerous actions (route config `adminRecentSignIn`) need a sign-in within OPERATOR_RECENT_SIGN_IN_MINUTES:
// sessions.authenticated_at, which a sign-in with a credential the operator held (a passkey, a code, a new login link)
// moves and registering a passkey does not (features/sessions/recent-authentication.ts).
import type { AuthenticationFactor } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { isApiError } from '../../infra/errors';
import type { OperatorRole } from '../admin/admin-scopes';
import { reauthenticationRequired, resolveSession } from '../sessions';
import { rowsOf } from '../users/user-sql';
import { OPERATORS_PROJECT_ID } from './operators-project';

/** Issue 26 item 2: how recent an operator's sign-in must be for a dangerous action. */
export const OPERATOR_RECENT_SIGN_IN_MINUTES = 5;

/** An operator's live session, as the admin plugin's auth hook found it. */
export interface OperatorSession {
  operatorId: string;
  userId: string;
  role: OperatorRole;
  email: string | null;
  sessionId: string;
  /** sessions.authenticated_at: the last sign-in with a credential the operator held. */
  authenticatedAt: Date;
  secondFactor: SecondFactorState;
}

/** A kind of second factor an operator may hold: a passkey or an authenticator app (its recovery codes are the app's). */
export type SecondFactorKind = 'webauthn' | 'totp';

export interface SecondFactorState {
  enrolled: boolean;
  inSession: boolean;
  /** The kinds the operator holds (passkey first), so the console offers only what can answer. */
  kinds: SecondFactorKind[];
}

/** A passkey, verified authenticator app or one of its recovery codes the operator holds. */
export interface HeldCredential {
  kind: 'webauthn' | 'totp' | 'recovery_code';
  id: string;
  /** When the passkey or the app was added (a recovery code: its app's time). */
  created_ms: number;
}

function credentialKeyOf(factor: Partial<AuthenticationFactor>): string | null {
  const registration = factor.webauthn_factor?.webauthn_registration_id;
  if (registration) return `webauthn:${registration}`;
  const totp = factor.authenticator_app_factor?.totp_id;
  if (totp) return `totp:${totp}`;
  const code = factor.recovery_code_factor?.totp_recovery_code_id;
  if (code) return `recovery_code:${code}`;
  return null;
}

/**
 * Whether the operator holds a second factor, and whether the session has shown one that counts (see the header: a
 * credential older than the session, or any when the operator had none before the session started).
 */
export function secondFactorOf(options: {
  credentials: readonly HeldCredential[];
  factors: readonly Partial<AuthenticationFactor>[];
  sessionStartedMs: number;
}): SecondFactorState {
  const held = options.credentials.filter((credential) => credential.kind !== 'recovery_code');
  if (held.length === 0) return { enrolled: false, inSession: false, kinds: [] };
  const kinds = (['webauthn', 'totp'] as const).filter((kind) =>
    held.some((credential) => credential.kind === kind),
  );
  const firstEnrolment =
    Math.min(...held.map((credential) => credential.created_ms)) >= options.sessionStartedMs;
  const byKey = new Map(
    options.credentials.map((credential) => [`${credential.kind}:${credential.id}`, credential]),
  );
  const inSession = options.factors.some((factor) => {
    const key = credentialKeyOf(factor);
    const credential = key === null ? undefined : byKey.get(key);
    return credential !== undefined && (firstEnrolment || credential.created_ms < options.sessionStartedMs);
  });
  return { enrolled: true, inSession, kinds };
}

interface OperatorLookupRow {
  id: string;
  role: OperatorRole;
  email: string | null;
  credentials: string;
}

/** The operator and credentials of a user of the operators project (one query), or null when not an operator. */
async function operatorOfUser(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<OperatorLookupRow | null> {
  const result = await ctx.db.execute(sql`SELECT o.id, o.role,
      (SELECT e.email FROM user_emails e WHERE e.user_id = o.user_id AND e.claim_session_id IS NULL
        ORDER BY e.verified DESC, e.created_at, e.id LIMIT 1) AS email,
      COALESCE((SELECT json_agg(c)::text FROM (
        SELECT 'webauthn' AS kind, w.id, (extract(epoch from w.created_at) * 1000)::float8 AS created_ms
          FROM webauthn_registrations w WHERE w.user_id = o.user_id
        UNION ALL
        SELECT 'totp', t.id, (extract(epoch from t.created_at) * 1000)::float8
          FROM totps t WHERE t.user_id = o.user_id AND t.verified
        UNION ALL
        SELECT 'recovery_code', r.id, (extract(epoch from t.created_at) * 1000)::float8
          FROM totp_recovery_codes r JOIN totps t ON t.id = r.totp_id WHERE t.user_id = o.user_id AND t.verified
      ) c), '[]') AS credentials
    FROM operators o WHERE o.user_id = ${userId}`);
  return rowsOf<OperatorLookupRow>(result)[0] ?? null;
}

/**
 * The operator whose live session `token` is, or null (no such session in the operators project, expired, revoked,
 * the user blocked or gone, or not an operator): the admin plugin answers 401 admin_unauthorized for each alike.
 */
export async function authenticateOperatorSession(
  ctx: AppContext,
  token: string,
): Promise<OperatorSession | null> {
  let resolved: Awaited<ReturnType<typeof resolveSession>>;
  try {
    resolved = await resolveSession(ctx, { projectId: OPERATORS_PROJECT_ID, token });
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
  const operator = await operatorOfUser(ctx, resolved.userId);
  if (operator === null) return null;
  const { row } = resolved;
  return {
    operatorId: operator.id,
    userId: resolved.userId,
    role: operator.role,
    email: operator.email,
    sessionId: row.id,
    authenticatedAt: new Date(row.authenticated_ms),
    secondFactor: secondFactorOf({
      credentials: JSON.parse(operator.credentials) as HeldCredential[],
      factors: JSON.parse(row.factors) as Partial<AuthenticationFactor>[],
      sessionStartedMs: row.started_ms,
    }),
  };
}

/** Until when the operator's last sign-in counts as recent. */
export function recentSignInUntil(operator: Pick<OperatorSession, 'authenticatedAt'>): Date {
  return new Date(operator.authenticatedAt.getTime() + OPERATOR_RECENT_SIGN_IN_MINUTES * 60_000);
}

/** 403 reauthentication_required unless the operator signed in within OPERATOR_RECENT_SIGN_IN_MINUTES. */
export function assertRecentOperatorSignIn(
  ctx: Pick<AppContext, 'clock'>,
  operator: Pick<OperatorSession, 'authenticatedAt'>,
): void {
  if (ctx.clock.now().getTime() >= recentSignInUntil(operator).getTime()) {
    throw reauthenticationRequired(OPERATOR_RECENT_SIGN_IN_MINUTES);
  }
}
