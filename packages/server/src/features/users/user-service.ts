// Users (SPEC §3 "Session and user", wire-format.md §4.1–4.2): loading the wire User, the race-safe
// find-or-create used by every e-mail sign-in method, profile updates with Stytch's merge semantics, and removal
// of the user's own sub-records.
import type { User, UserResourceKind } from '@gatehouse/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import {
  biometricRegistrations,
  cryptoWallets,
  oauthRegistrations,
  passwords,
  totps,
  userEmails,
  userPhoneNumbers,
  users,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { findOrCreateUserByIdentifier } from './identifiers';
import { parseJson, rowsOf } from './user-sql';

/** The wire User as JSON text (the trigger-maintained `users.profile`), or null when there is no such user. */
export async function loadUserJson(ctx: AppContext, userId: string): Promise<string | null> {
  const result = await ctx.db.execute(sql`SELECT u.profile FROM users u WHERE u.id = ${userId}`);
  const [row] = rowsOf<{ profile: string }>(result);
  return row ? row.profile : null;
}

export async function loadUser(ctx: AppContext, userId: string): Promise<User | null> {
  const text = await loadUserJson(ctx, userId);
  return text === null ? null : parseJson<User>(text);
}

/** Lower-cased and trimmed: the canonical form the unique index `user_emails_project_email_uq` holds. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface FindOrCreateUserByEmailOptions {
  project: { id: string };
  tokenMode: 'test' | 'live';
  email: string;
  /** Status of a newly created user (an existing user keeps theirs). */
  status: 'active' | 'pending';
}

export interface FoundUser {
  userId: string;
  emailId: string;
  email: string;
  created: boolean;
}

/** login_or_create by e-mail (identifiers.ts findOrCreateUserByIdentifier), with the address normalised. */
export async function findOrCreateUserByEmail(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: FindOrCreateUserByEmailOptions,
): Promise<FoundUser> {
  const email = normalizeEmail(options.email);
  const found = await findOrCreateUserByIdentifier(ctx, {
    kind: 'email',
    projectId: options.project.id,
    tokenMode: options.tokenMode,
    value: email,
    status: options.status,
  });
  return { userId: found.userId, emailId: found.id, email, created: found.created };
}

/** pending → active (a pending user becomes active at their first successful sign-in). */
export async function activateUser(ctx: AppContext, options: { userId: string }): Promise<void> {
  await ctx.db
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, options.userId), eq(users.status, 'pending')));
}

export interface UpdateUserOptions {
  userId: string;
  name?: { first_name?: string; middle_name?: string; last_name?: string } | undefined;
  untrustedMetadata?: Record<string, unknown> | undefined;
}

/** Upper bound of the stored untrusted_metadata document (bytes of its JSON text). */
export const MAX_UNTRUSTED_METADATA_BYTES = 16_384;

/**
 * PUT /users/me (wire-format.md §4.2), Stytch merge semantics: given name parts replace; top-level keys of
 * untrusted_metadata replace, a key set to null is removed. One UPDATE, so concurrent updates never lose keys.
 * Returns false when the merged metadata would exceed the size bound (nothing is written then).
 */
export async function updateUser(ctx: AppContext, options: UpdateUserOptions): Promise<boolean> {
  const name = options.name ?? {};
  const patch = options.untrustedMetadata ?? {};
  const removed = Object.keys(patch).filter((key) => patch[key] === null);
  const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  // Arrays travel as JSON text: drizzle would expand a JS array into a parameter list.
  const merged = sql`((u.untrusted_metadata - ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))) || ${JSON.stringify(set)}::jsonb)`;
  const result = await ctx.db.execute(sql`
    UPDATE users u SET
      first_name = coalesce(${name.first_name ?? null}::text, u.first_name),
      middle_name = coalesce(${name.middle_name ?? null}::text, u.middle_name),
      last_name = coalesce(${name.last_name ?? null}::text, u.last_name),
      untrusted_metadata = ${merged}
    WHERE u.id = ${options.userId} AND octet_length(${merged}::text) <= ${MAX_UNTRUSTED_METADATA_BYTES}
    RETURNING u.id`);
  return rowsOf(result).length > 0;
}

const RESOURCE_TABLES = {
  emails: { table: userEmails, errorType: 'email_not_found', label: 'e-mail' },
  phone_numbers: { table: userPhoneNumbers, errorType: 'phone_number_not_found', label: 'phone number' },
  totps: { table: totps, errorType: 'totp_not_found', label: 'TOTP' },
  oauth: {
    table: oauthRegistrations,
    errorType: 'oauth_user_registration_not_found',
    label: 'OAuth registration',
  },
  webauthn_registrations: {
    table: webauthnRegistrations,
    errorType: 'webauthn_registration_not_found',
    label: 'WebAuthn registration',
  },
  biometric_registrations: {
    table: biometricRegistrations,
    errorType: 'biometric_registration_not_found',
    label: 'biometric registration',
  },
} as const satisfies Record<UserResourceKind, unknown>;

/**
 * DELETE /users/{kind}/{id}: removes the row only when it belongs to the signed-in user of this project; anything
 * else (unknown id, another user's id) is the kind's 404 and touches nothing. Unlinking a social account is refused
 * when it is the user's last way to sign in (issue 11 item 4, below).
 */
export async function deleteUserResource(
  ctx: AppContext,
  options: { kind: UserResourceKind; id: string; userId: string; projectId: string },
): Promise<void> {
  if (options.kind === 'oauth') return unlinkOAuthRegistration(ctx, options);
  const { table, errorType, label } = RESOURCE_TABLES[options.kind];
  const deleted = await ctx.db
    .delete(table)
    .where(
      and(eq(table.id, options.id), eq(table.userId, options.userId), eq(table.projectId, options.projectId)),
    )
    .returning({ id: table.id });
  if (deleted.length === 0) {
    throw new ApiError(errorType, `No ${label} with this id was found for the signed-in user.`);
  }
}

/**
 * Issue 11 item 4: a social account can be unlinked unless nothing else would sign the user in — a verified e-mail
 * or phone number the user owns (login links, passcodes), a usable password, a passkey, a verified wallet or
 * another social account. The user row is locked first, so two unlinks at once cannot each count the other's
 * account and leave the user with none.
 */
async function unlinkOAuthRegistration(
  ctx: AppContext,
  options: { id: string; userId: string; projectId: string },
): Promise<void> {
  const { id, userId, projectId } = options;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
    const [own] = await tx
      .select({ id: oauthRegistrations.id })
      .from(oauthRegistrations)
      .where(
        and(
          eq(oauthRegistrations.id, id),
          eq(oauthRegistrations.userId, userId),
          eq(oauthRegistrations.projectId, projectId),
        ),
      );
    if (own === undefined) {
      throw new ApiError(
        'oauth_user_registration_not_found',
        'No OAuth registration with this id was found for the signed-in user.',
      );
    }
    const result = await tx.execute(sql`SELECT (
      EXISTS (SELECT 1 FROM ${userEmails} WHERE ${userEmails.userId} = ${userId} AND ${userEmails.verified}
        AND ${userEmails.claimSessionId} IS NULL)
      OR EXISTS (SELECT 1 FROM ${userPhoneNumbers} WHERE ${userPhoneNumbers.userId} = ${userId}
        AND ${userPhoneNumbers.verified} AND ${userPhoneNumbers.claimSessionId} IS NULL)
      OR EXISTS (SELECT 1 FROM ${passwords} WHERE ${passwords.userId} = ${userId} AND NOT ${passwords.requiresReset})
      OR EXISTS (SELECT 1 FROM ${webauthnRegistrations} WHERE ${webauthnRegistrations.userId} = ${userId}
        AND ${webauthnRegistrations.verified})
      OR EXISTS (SELECT 1 FROM ${cryptoWallets} WHERE ${cryptoWallets.userId} = ${userId} AND ${cryptoWallets.verified})
      OR EXISTS (SELECT 1 FROM ${oauthRegistrations} WHERE ${oauthRegistrations.userId} = ${userId}
        AND ${oauthRegistrations.id} <> ${id})
    ) AS other_way`);
    const [row] = rowsOf<{ other_way: boolean }>(result);
    if (row?.other_way !== true) {
      throw new ApiError(
        'last_authentication_factor',
        'This is the only way to sign in to this account. Add another sign-in method before unlinking it.',
      );
    }
    await tx.delete(oauthRegistrations).where(eq(oauthRegistrations.id, id));
  });
}
