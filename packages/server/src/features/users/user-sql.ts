// The wire User (wire-format.md §4.1) built by PostgreSQL in one expression, so that a session check fetches the
// session, the user and all of the user's sub-records with ONE indexed lookup (issue 2 performance budget).
// Every sub-list is a correlated subselect on an indexed `user_id` column; timestamps are RFC 3339 UTC.

import type { User } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';

/** RFC 3339 UTC, second precision (the shape Stytch sends: `2024-01-01T00:00:00Z`). */
export function rfc3339Sql(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** RFC 3339 UTC, second precision, from a JS date (same format as rfc3339Sql). */
export function rfc3339(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * A `json` expression of the wire User for the `users` row aliased `alias` (an SQL identifier we control, never
 * input). Lists are ordered oldest first so the answer is stable.
 */
export function userJsonSql(alias: string): SQL {
  const u = sql.raw(alias);
  const list = (table: string, object: string) =>
    sql.raw(
      `coalesce((SELECT json_agg(${object} ORDER BY r.created_at, r.id) FROM ${table} r WHERE r.user_id = ${alias}.id), '[]'::json)`,
    );
  return sql`json_build_object(
    'user_id', ${u}.id,
    'created_at', ${rfc3339Sql(sql`${u}.created_at`)},
    'status', ${u}.status,
    'name', json_build_object('first_name', ${u}.first_name, 'middle_name', ${u}.middle_name, 'last_name', ${u}.last_name),
    'emails', ${list('user_emails', `json_build_object('email_id', r.id, 'email', r.email, 'verified', r.verified)`)},
    'phone_numbers', ${list('user_phone_numbers', `json_build_object('phone_id', r.id, 'phone_number', r.phone_number, 'verified', r.verified)`)},
    'providers', ${list('oauth_registrations', `json_build_object('oauth_user_registration_id', r.id, 'provider_subject', r.provider_subject, 'provider_type', r.provider_type, 'profile_picture_url', r.profile_picture_url, 'locale', r.locale)`)},
    'webauthn_registrations', ${list('webauthn_registrations', `json_build_object('webauthn_registration_id', r.id, 'domain', r.domain, 'user_agent', r.user_agent, 'authenticator_type', r.authenticator_type, 'verified', r.verified, 'name', r.name)`)},
    'crypto_wallets', ${list('crypto_wallets', `json_build_object('crypto_wallet_id', r.id, 'crypto_wallet_address', r.address, 'crypto_wallet_type', r.wallet_type, 'verified', r.verified)`)},
    'totps', ${list('totps', `json_build_object('totp_id', r.id, 'verified', r.verified)`)},
    'biometric_registrations', ${list('biometric_registrations', `json_build_object('biometric_registration_id', r.id, 'verified', r.verified)`)},
    'password', (SELECT json_build_object('password_id', p.id, 'requires_reset', p.requires_reset) FROM passwords p WHERE p.user_id = ${u}.id),
    'trusted_metadata', ${u}.trusted_metadata,
    'untrusted_metadata', ${u}.untrusted_metadata
  )`;
}

/** Rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Parses a `json` column that the driver may hand back as text or already parsed. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export type { User };
