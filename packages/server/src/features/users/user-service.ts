// Users (SPEC §3 "Session and user", wire-format.md §4.1–4.2): loading the wire User, the race-safe
// find-or-create used by every e-mail sign-in method, profile updates with Stytch's merge semantics, and removal
// of the user's own sub-records.

import type { User, UserResourceKind } from '@gatehouse/protocol';
import { and, eq, type SQL, sql } from 'drizzle-orm';
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
import {
  type EventActor,
  type EventExecutor,
  type EventRequest,
  recordEvent,
  recordOwnEvent,
} from '../audit';
import { type NoticeRequest, notifySecurityEvent, type SecurityNoticeEvent } from '../notices';
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
  /** Backend API only (issue 13 item 2): the browser can never write trusted_metadata. */
  trustedMetadata?: Record<string, unknown> | undefined;
  /**
   * Issue 25 item 1: the user updating themself (PUT /users/me): `user.updated` with the names of the fields given
   * (never their values) is written in the UPDATE's transaction when it wrote.
   */
  selfUpdate?: EventRequest;
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
  const untrusted = mergedMetadata(sql`u.untrusted_metadata`, options.untrustedMetadata ?? {});
  const trusted = mergedMetadata(sql`u.trusted_metadata`, options.trustedMetadata ?? {});
  const update = sql`
    UPDATE users u SET
      first_name = coalesce(${name.first_name ?? null}::text, u.first_name),
      middle_name = coalesce(${name.middle_name ?? null}::text, u.middle_name),
      last_name = coalesce(${name.last_name ?? null}::text, u.last_name),
      untrusted_metadata = ${untrusted},
      trusted_metadata = ${trusted}
    WHERE u.id = ${options.userId}
      AND octet_length(${untrusted}::text) <= ${MAX_UNTRUSTED_METADATA_BYTES}
      AND octet_length(${trusted}::text) <= ${MAX_UNTRUSTED_METADATA_BYTES}
    RETURNING u.id`;
  const request = options.selfUpdate;
  if (request === undefined) return rowsOf(await ctx.db.execute(update)).length > 0;
  return ctx.db.transaction(async (tx) => {
    if (rowsOf(await tx.execute(update)).length === 0) return false;
    await recordOwnEvent(tx, request, {
      type: 'user.updated',
      userId: options.userId,
      payload: { fields: updatedFields(options) },
      at: ctx.clock.now(),
    });
    return true;
  });
}

/** The fields an update names (`first_name`, …, `untrusted_metadata`): what user.updated tells, not the values. */
function updatedFields(options: UpdateUserOptions): string[] {
  const fields = Object.keys(options.name ?? {}).filter(
    (key) => (options.name as Record<string, unknown>)[key] !== undefined,
  );
  if (options.untrustedMetadata !== undefined) fields.push('untrusted_metadata');
  if (options.trustedMetadata !== undefined) fields.push('trusted_metadata');
  return fields;
}

/** Stytch merge semantics of a metadata patch: top-level keys replace, a null value removes its key. */
function mergedMetadata(column: SQL, patch: Record<string, unknown>): SQL {
  const removed = Object.keys(patch).filter((key) => patch[key] === null);
  const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  // Arrays travel as JSON text: drizzle would expand a JS array into a parameter list.
  return sql`((${column} - ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))) || ${JSON.stringify(set)}::jsonb)`;
}

/** Whether the user exists in the project (the backend API never reaches another project's users). */
export async function isUserOfProject(
  ctx: AppContext,
  options: { projectId: string; userId: string },
): Promise<boolean> {
  const result = await ctx.db.execute(
    sql`SELECT 1 FROM users WHERE id = ${options.userId} AND project_id = ${options.projectId}`,
  );
  return rowsOf(result).length > 0;
}

/** Backend users.delete (issue 13 item 2): the user and everything of theirs (sessions cascade); false when none. */
export async function deleteUser(
  ctx: AppContext,
  options: { projectId: string; userId: string },
): Promise<boolean> {
  const result = await ctx.db.execute(
    sql`DELETE FROM users WHERE id = ${options.userId} AND project_id = ${options.projectId} RETURNING id`,
  );
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
  // Issue 22: the account page's wallet removal (Stytch's users.deleteCryptoWallet).
  crypto_wallets: { table: cryptoWallets, errorType: 'crypto_wallet_not_found', label: 'wallet' },
} as const satisfies Record<UserResourceKind, unknown>;

/**
 * DELETE /users/{kind}/{id}: removes the row only when it belongs to the signed-in user of this project; anything
 * else (unknown id, another user's id) is the kind's 404 and touches nothing. Unlinking a social account is refused
 * when it is the user's last way to sign in (issue 11 item 4, below).
 */
export async function deleteUserResource(
  ctx: AppContext,
  request: NoticeRequest,
  options: {
    kind: UserResourceKind;
    id: string;
    userId: string;
    projectId: string;
    /**
     * Issue 20 item 3 (SS-08): called, inside the transaction and with the user row locked, when removing this e-mail
     * address or phone number would leave the user no other verified one; throwing refuses the removal.
     */
    beforeRemovingLastIdentifier?: () => void;
    /** Issue 25 item 3: who removes it when not the user themself (an admin API key), for its event. */
    actor?: EventActor | undefined;
  },
): Promise<void> {
  const removed = await removeUserResource(ctx, request, options);
  // Issue 20 item 4 (SS-09, WA-08 "delete … sends a notification"): told once the row is gone.
  if (removed !== null) notifySecurityEvent(ctx, request, { userId: options.userId, event: removed });
}

/** Deletes the row (deleteUserResource's rules); answers the notice its removal calls for, if any. */
async function removeUserResource(
  ctx: AppContext,
  request: NoticeRequest & { requestId?: string },
  options: {
    kind: UserResourceKind;
    id: string;
    userId: string;
    projectId: string;
    beforeRemovingLastIdentifier?: () => void;
    actor?: EventActor | undefined;
  },
): Promise<SecurityNoticeEvent | null> {
  const { table, errorType, label } = RESOURCE_TABLES[options.kind];
  const own = and(
    eq(table.id, options.id),
    eq(table.userId, options.userId),
    eq(table.projectId, options.projectId),
  );
  const notFound = () =>
    new ApiError(errorType, `No ${label} with this id was found for the signed-in user.`);
  if (options.kind === 'totps') {
    const [deleted] = await ctx.db.transaction(async (tx) => {
      const rows = await tx.delete(totps).where(own).returning({ verified: totps.verified });
      // Issue 25 item 1: an authenticator app that was a second factor is removed (an unconfirmed one never was).
      if (rows[0]?.verified) await recordRemoval(tx, request, options, 'totps');
      return rows;
    });
    if (deleted === undefined) throw notFound();
    // An enrolment never confirmed by a code was never a second factor (and its adding was not told either).
    return deleted.verified ? { kind: 'totp_removed' } : null;
  }
  if (!SIGN_IN_KINDS.has(options.kind)) {
    const deleted = await ctx.db.delete(table).where(own).returning({ id: table.id });
    if (deleted.length === 0) throw notFound();
    return null;
  }
  // Issue 11 item 4 and issue 13 item 3 (security-tests.md: "deleting the last usable factor is blocked"): an e-mail,
  // phone number, passkey or social account goes unless nothing else would sign the user in — a verified e-mail or
  // phone number the user owns (login links, passcodes), a usable password, a passkey, a verified wallet or a social
  // account, this row aside. The user row is locked first, so two removals at once cannot each count the other's
  // row and leave the user with none.
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${options.userId} FOR UPDATE`);
    const [found] = await tx.select({ id: table.id }).from(table).where(own);
    if (found === undefined) throw notFound();
    const { userId, id } = options;
    const result = await tx.execute(sql`SELECT other_identifier, (other_identifier
      OR EXISTS (SELECT 1 FROM ${passwords} WHERE ${passwords.userId} = ${userId} AND NOT ${passwords.requiresReset})
      OR EXISTS (SELECT 1 FROM ${webauthnRegistrations} WHERE ${webauthnRegistrations.userId} = ${userId}
        AND ${webauthnRegistrations.verified} AND ${webauthnRegistrations.id} <> ${id})
      OR EXISTS (SELECT 1 FROM ${cryptoWallets} WHERE ${cryptoWallets.userId} = ${userId} AND ${cryptoWallets.verified}
        AND ${cryptoWallets.id} <> ${id})
      OR EXISTS (SELECT 1 FROM ${oauthRegistrations} WHERE ${oauthRegistrations.userId} = ${userId}
        AND ${oauthRegistrations.id} <> ${id})
    ) AS other_way FROM (SELECT (
      EXISTS (SELECT 1 FROM ${userEmails} WHERE ${userEmails.userId} = ${userId} AND ${userEmails.verified}
        AND ${userEmails.claimSessionId} IS NULL AND ${userEmails.id} <> ${id})
      OR EXISTS (SELECT 1 FROM ${userPhoneNumbers} WHERE ${userPhoneNumbers.userId} = ${userId}
        AND ${userPhoneNumbers.verified} AND ${userPhoneNumbers.claimSessionId} IS NULL
        AND ${userPhoneNumbers.id} <> ${id})
    ) AS other_identifier) AS identifiers`);
    const [row] = rowsOf<{ other_identifier: boolean; other_way: boolean }>(result);
    if (row?.other_way !== true) {
      throw new ApiError(
        'last_authentication_factor',
        options.kind === 'oauth'
          ? 'This is the only way to sign in to this account. Add another sign-in method before unlinking it.'
          : `This is the only way to sign in to this account. Add another sign-in method before removing this ${label}.`,
      );
    }
    // After the refusal above: asking for a fresh sign-in would not make that removal possible.
    if (IDENTIFIER_KINDS.has(options.kind) && row?.other_identifier !== true) {
      options.beforeRemovingLastIdentifier?.();
    }
    await recordRemoval(tx, request, options, options.kind);
    if (options.kind !== 'webauthn_registrations') {
      await tx.delete(table).where(eq(table.id, id));
      return null;
    }
    const [passkey] = await tx
      .delete(webauthnRegistrations)
      .where(eq(webauthnRegistrations.id, id))
      .returning({ name: webauthnRegistrations.name });
    return passkey === undefined ? null : { kind: 'passkey_removed', name: passkey.name };
  });
}

/** Issue 25 item 1: the event of a removed sign-in method or authenticator app, in the removal's transaction. */
async function recordRemoval(
  tx: EventExecutor,
  request: NoticeRequest & { requestId?: string },
  options: { id: string; userId: string; projectId: string; actor?: EventActor | undefined },
  kind: UserResourceKind,
): Promise<void> {
  const base = {
    projectId: options.projectId,
    actor: options.actor ?? { type: 'user' as const, id: options.userId },
    subjectUserId: options.userId,
    request,
  };
  const { id } = options;
  switch (kind) {
    case 'emails':
      return void (await recordEvent(tx, { ...base, type: 'email.removed', payload: { email_id: id } }));
    case 'phone_numbers':
      return void (await recordEvent(tx, { ...base, type: 'phone.removed', payload: { phone_id: id } }));
    case 'webauthn_registrations':
      return void (await recordEvent(tx, {
        ...base,
        type: 'passkey.deleted',
        payload: { webauthn_registration_id: id },
      }));
    case 'oauth':
      return void (await recordEvent(tx, {
        ...base,
        type: 'oauth.unlinked',
        payload: { oauth_user_registration_id: id },
      }));
    case 'crypto_wallets':
      return void (await recordEvent(tx, {
        ...base,
        type: 'wallet.unlinked',
        payload: { crypto_wallet_id: id },
      }));
    case 'totps':
      return void (await recordEvent(tx, { ...base, type: 'totp.removed', payload: { totp_id: id } }));
    default:
      return;
  }
}

/** The user's identifiers: an e-mail address or phone number (issue 20 item 3: the last verified one). */
const IDENTIFIER_KINDS: ReadonlySet<UserResourceKind> = new Set(['emails', 'phone_numbers']);

/** The sub-resources a person signs in with (a TOTP is a second factor; biometric registrations are mobile-only). */
const SIGN_IN_KINDS: ReadonlySet<UserResourceKind> = new Set([
  'emails',
  'phone_numbers',
  'webauthn_registrations',
  'oauth',
  'crypto_wallets',
]);
