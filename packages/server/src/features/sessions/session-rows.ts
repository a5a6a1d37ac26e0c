// The session row's vocabulary (SPEC §4 session lifecycle, wire-format.md §4.1 Session): duration bounds, token
// hashing, the row → wire mapping and the errors every session operation answers with. session-service.ts holds the
// operations and re-exports these names, so callers import from one place.
import { hash } from 'node:crypto';
import type {
  AuthenticateResponse,
  AuthenticationFactor,
  ResponseCommon,
  Session,
} from '@gatehouse/protocol';
import { CONSTANTS } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../infra/crypto';
import { ApiError } from '../../infra/errors';
import { parseJson, rfc3339 } from '../users/user-sql';
import { SESSION_COLUMNS_SQL, type SessionRow } from './session-lookup';

/** Bounds of session_duration_minutes: 5 minutes to 365 days (the range the sign-in methods validate too). */
export const MIN_SESSION_DURATION_MINUTES = 5;
export const MAX_SESSION_DURATION_MINUTES = 525_600;

/**
 * security-tests.md Part 7 §5 / SS-02: extensions never slide a session past an absolute end, counted from
 * started_at.
 */
export const ABSOLUTE_SESSION_LIFETIME_MINUTES = MAX_SESSION_DURATION_MINUTES;

/** last_accessed_at is written at most this often, so a refresh with `{}` is a read (issue 2 performance). */
export const LAST_ACCESSED_THROTTLE_MS = 60_000;

export const MINUTE_MS = 60_000;

/** SPEC §9: default session duration 30 minutes; otherwise an integer within the bounds above. */
export function validateSessionDuration(minutes: unknown): number {
  if (minutes === undefined || minutes === null) return CONSTANTS.defaultSessionDurationMinutes;
  if (
    typeof minutes !== 'number' ||
    !Number.isInteger(minutes) ||
    minutes < MIN_SESSION_DURATION_MINUTES ||
    minutes > MAX_SESSION_DURATION_MINUTES
  ) {
    throw new ApiError(
      'invalid_session_duration',
      `session_duration_minutes must be a whole number between ${MIN_SESSION_DURATION_MINUTES} and ${MAX_SESSION_DURATION_MINUTES}.`,
    );
  }
  return minutes;
}

/** A factor as the sign-in methods hand it over; the session stamps last_authenticated_at. */
export type NewAuthenticationFactor = Omit<AuthenticationFactor, 'last_authenticated_at'> & {
  last_authenticated_at?: string;
};

export interface IssueSessionOptions {
  userId: string;
  factor: NewAuthenticationFactor;
  sessionDurationMinutes?: number | null | undefined;
  /**
   * Issue 20 item 3: false when the factor proves something this call ATTACHES to a signed-in user (a claimed
   * address, a new wallet): joined to an existing session it then leaves `authenticated_at` as it was, so a stale
   * session cannot make itself recent by proving a credential of its own choosing. Default true: the factor proves a
   * credential the user already held (a new session always starts authenticated now).
   */
  reauthenticates?: boolean;
}

/** The AuthenticateResponse fields a sign-in method answers with (request_id and status_code come from sendData). */
export type IssuedSession = Omit<AuthenticateResponse, keyof ResponseCommon>;

export function tokenHash(token: string): Buffer {
  return Buffer.from(sha256(token));
}

/** Hex SHA-256 of the token for the batched lookup; one-shot hash() costs a third of createHash() (issue 2). */
export function tokenHashHex(token: string): string {
  return hash('sha256', token, 'hex');
}

export const SESSION_COLUMNS = sql.raw(SESSION_COLUMNS_SQL);

export function isLive(row: SessionRow, now: Date): boolean {
  return row.expires_ms > now.getTime();
}

export function toWireSession(row: SessionRow): Session {
  return {
    session_id: row.id,
    user_id: row.user_id,
    started_at: rfc3339(new Date(row.started_ms)),
    last_accessed_at: rfc3339(new Date(row.last_accessed_ms)),
    expires_at: rfc3339(new Date(row.expires_ms)),
    attributes: { ip_address: row.ip_address, user_agent: row.user_agent },
    authentication_factors: parseJson<AuthenticationFactor[]>(row.factors),
    custom_claims: row.custom_claims === null ? null : parseJson<Record<string, unknown>>(row.custom_claims),
  };
}

export function sessionNotFound(): ApiError {
  return new ApiError('session_not_found', 'Session could not be found.');
}

/** The credential a sign-in verified was removed before its session was written (a first proof reset the account). */
export function credentialGone(): ApiError {
  return new ApiError(
    'unauthorized_credentials',
    'This sign-in method no longer belongs to the account. Please sign in again.',
  );
}

export function userGone(): ApiError {
  return new ApiError('user_unauthenticated', 'The user of this session no longer exists or is blocked.');
}

/** Issue 24 item 2: a sign-in of a blocked user. */
export function userBlocked(): ApiError {
  return new ApiError('user_blocked', 'This account is blocked. Contact the site’s support to unblock it.');
}

export function absoluteEndMs(startedMs: number): number {
  return startedMs + ABSOLUTE_SESSION_LIFETIME_MINUTES * MINUTE_MS;
}
