// Issue 25 item 3: what the admin API does to a user — create, update, block, unblock, delete — each in one
// transaction with its event, whose actor is the admin caller (issue 25 item 1: "every operator or admin-API action
// (actor, IP, request id, before/after)"). Every statement names the project: another project's user is a 404.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { ApiError } from '../../infra/errors';
import { type EventExecutor, recordEvent } from '../audit';
import { endUserSessions, forgetSessionJwts } from '../sessions';
import { userNotFound } from './admin-user-search';
import {
  type CreatedBy,
  duplicateIdentifier,
  type IdentifierKind,
  insertOwnedIdentifier,
  insertUserWithIdentifier,
} from './identifiers';
import { deleteUser, MAX_UNTRUSTED_METADATA_BYTES, updateUser } from './user-service';
import { rowsOf } from './user-sql';

type Db = AppContext['db'];

/** Thrown inside a transaction to roll it back with the answer the caller gets. */
function metadataTooLarge(): ApiError {
  return new ApiError(
    'invalid_user_metadata',
    `The metadata would be larger than ${MAX_UNTRUSTED_METADATA_BYTES} bytes once merged.`,
  );
}

export interface AdminNewUser {
  projectId: string;
  /** Normalised already (assertValidEmail / assertValidPhone). */
  email: string | null;
  phoneNumber: string | null;
  name: { first_name: string; middle_name: string; last_name: string };
  trustedMetadata: Record<string, unknown>;
  untrustedMetadata: Record<string, unknown>;
  by: CreatedBy;
}

/**
 * A new active user holding the given e-mail address and/or phone number, both unverified (the user proves them
 * at their first sign-in, as Stytch's users.create leaves them). An identifier another user owns is refused with
 * duplicate_email / duplicate_phone_number and nothing is written.
 */
export async function createUserForAdmin(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: AdminNewUser,
): Promise<string> {
  for (const metadata of [user.trustedMetadata, user.untrustedMetadata]) {
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_UNTRUSTED_METADATA_BYTES) throw metadataTooLarge();
  }
  const identifiers: Array<{ kind: IdentifierKind; value: string }> = [];
  if (user.email !== null) identifiers.push({ kind: 'email', value: user.email });
  if (user.phoneNumber !== null) identifiers.push({ kind: 'phone_number', value: user.phoneNumber });
  const [first, ...others] = identifiers;
  const userId = newId('user', 'live');
  const createdAt = ctx.clock.now();
  const idOf = (kind: IdentifierKind) => newId(kind === 'email' ? 'email' : 'phone-number', 'live');
  await ctx.db.transaction(async (tx) => {
    const held = await insertUserWithIdentifier(tx, {
      userId,
      projectId: user.projectId,
      status: 'active',
      name: user.name,
      createdAt,
      identifier: first ? { ...first, id: idOf(first.kind) } : null,
      method: 'admin_api',
      by: user.by,
    });
    if (!held && first) throw duplicateIdentifier(first.kind);
    for (const other of others) {
      const row = { id: idOf(other.kind), userId, projectId: user.projectId, value: other.value, createdAt };
      if (!(await insertOwnedIdentifier(tx, other.kind, row))) throw duplicateIdentifier(other.kind);
    }
    await tx.execute(sql`UPDATE users SET trusted_metadata = ${JSON.stringify(user.trustedMetadata)}::jsonb,
      untrusted_metadata = ${JSON.stringify(user.untrustedMetadata)}::jsonb WHERE id = ${userId}`);
  });
  return userId;
}

export interface AdminUserPatch {
  name?: { first_name?: string; middle_name?: string; last_name?: string } | undefined;
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
}

type Editable = { name: Record<string, string>; trusted_metadata: unknown; untrusted_metadata: unknown };

/** The fields a patch can change, read with the row locked. */
async function editableFields(tx: EventExecutor, options: { projectId: string; userId: string }) {
  const [row] = rowsOf<{
    first_name: string;
    middle_name: string;
    last_name: string;
    trusted: unknown;
    untrusted: unknown;
  }>(
    await tx.execute(sql`SELECT first_name, middle_name, last_name, trusted_metadata::text AS trusted,
        untrusted_metadata::text AS untrusted
      FROM users WHERE id = ${options.userId} AND project_id = ${options.projectId} FOR UPDATE`),
  );
  if (row === undefined) return null;
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const fields: Editable = {
    name: { first_name: row.first_name, middle_name: row.middle_name, last_name: row.last_name },
    trusted_metadata: json(row.trusted),
    untrusted_metadata: json(row.untrusted),
  };
  return fields;
}

/**
 * Backend users.update's merge semantics (user-service.ts updateUser: given name parts replace, top-level metadata
 * keys replace, a null removes its key) and a `user.updated` event with the fields given and their values before
 * and after, in one transaction.
 */
export async function updateUserForAdmin(
  ctx: AppContext,
  options: { projectId: string; userId: string; patch: AdminUserPatch; by: CreatedBy },
): Promise<void> {
  const { projectId, userId, patch } = options;
  const fields = (['name', 'trusted_metadata', 'untrusted_metadata'] as const).filter(
    (field) => patch[field] !== undefined,
  );
  if (fields.length === 0)
    throw new ApiError(
      'invalid_admin_request',
      'Give at least one of name, trusted_metadata, untrusted_metadata.',
    );
  await ctx.db.transaction(async (tx) => {
    const before = await editableFields(tx, { projectId, userId });
    if (before === null) throw userNotFound();
    const written = await updateUser(
      { ...ctx, db: tx as unknown as Db },
      {
        userId,
        name: patch.name,
        trustedMetadata: patch.trusted_metadata,
        untrustedMetadata: patch.untrusted_metadata,
      },
    );
    if (!written) throw metadataTooLarge();
    const after = (await editableFields(tx, { projectId, userId }))!;
    const pick = (from: Editable) => Object.fromEntries(fields.map((field) => [field, from[field]]));
    await recordEvent(
      tx,
      {
        projectId,
        type: 'user.updated',
        actor: options.by.actor,
        subjectUserId: userId,
        request: options.by.request,
        payload: { fields: [...fields], before: pick(before), after: pick(after) },
      },
      ctx.clock.now(),
    );
  });
}

/**
 * Blocks the user (issue 24 item 2: refused at every sign-in and session check) and ends every session of theirs
 * at once, with `user.blocked` and one `session.revoked` per session, in one transaction. Blocking a blocked user
 * replaces the reason and keeps the time it was first blocked.
 */
export async function blockUser(
  ctx: AppContext,
  options: { projectId: string; userId: string; reason: string; by: CreatedBy },
): Promise<void> {
  const { projectId, userId, by } = options;
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    // FOR UPDATE conflicts with the FOR KEY SHARE every sign-in holds while it issues a session (issueSession): a
    // sign-in in flight commits first and its session is ended below, or waits and then finds the user blocked.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} AND project_id = ${projectId} FOR UPDATE`);
    const blocked = await tx.execute(sql`UPDATE users
      SET blocked_at = coalesce(blocked_at, ${now.toISOString()}::timestamptz), blocked_reason = ${options.reason}
      WHERE id = ${userId} AND project_id = ${projectId} RETURNING id`);
    if (rowsOf(blocked).length === 0) throw userNotFound();
    await recordEvent(
      tx,
      {
        projectId,
        type: 'user.blocked',
        actor: by.actor,
        subjectUserId: userId,
        request: by.request,
        payload: { reason: options.reason },
      },
      now,
    );
    return endUserSessions(tx, {
      projectId,
      userId,
      sessionId: null,
      actor: by.actor,
      request: by.request,
      at: now,
    });
  });
  forgetSessionJwts(ctx, ended);
}

/** Lifts a block (`user.unblocked`); a user who is not blocked is left as is, with no event. */
export async function unblockUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { projectId: string; userId: string; by: CreatedBy },
): Promise<void> {
  const { projectId, userId, by } = options;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = rowsOf<{ blocked: boolean }>(
      await tx.execute(sql`SELECT blocked_at IS NOT NULL AS blocked FROM users
        WHERE id = ${userId} AND project_id = ${projectId} FOR UPDATE`),
    );
    if (row === undefined) throw userNotFound();
    if (!row.blocked) return;
    await tx.execute(sql`UPDATE users SET blocked_at = NULL, blocked_reason = NULL WHERE id = ${userId}`);
    await recordEvent(
      tx,
      {
        projectId,
        type: 'user.unblocked',
        actor: by.actor,
        subjectUserId: userId,
        request: by.request,
        payload: {},
      },
      now,
    );
  });
}

/**
 * Deletes the user and everything of theirs (sessions cascade) with `user.deleted`, in one transaction (events
 * keep the subject's id: they have no foreign key to users).
 */
export async function deleteUserForAdmin(
  ctx: AppContext,
  options: { projectId: string; userId: string; by: CreatedBy },
): Promise<void> {
  const { projectId, userId, by } = options;
  const sessionIds = await ctx.db.transaction(async (tx) => {
    const sessions = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM sessions WHERE user_id = ${userId} AND project_id = ${projectId}`),
    );
    if (!(await deleteUser({ ...ctx, db: tx as unknown as Db }, { projectId, userId }))) throw userNotFound();
    await recordEvent(
      tx,
      {
        projectId,
        type: 'user.deleted',
        actor: by.actor,
        subjectUserId: userId,
        request: by.request,
        payload: {},
      },
      ctx.clock.now(),
    );
    return sessions.map((session) => session.id);
  });
  forgetSessionJwts(ctx, sessionIds);
}

/**
 * The address a login link or a reset link goes to: the user's first verified owned e-mail address, else their first
 * owned one (a pending claim is not theirs yet, convention 13); null when they have none.
 */
export async function primaryEmailOf(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; userId: string },
): Promise<{ id: string; email: string } | null> {
  const [row] = rowsOf<{ id: string; email: string }>(
    await ctx.db.execute(sql`SELECT id, email FROM user_emails
      WHERE user_id = ${options.userId} AND project_id = ${options.projectId} AND claim_session_id IS NULL
      ORDER BY verified DESC, created_at, id LIMIT 1`),
  );
  return row ?? null;
}
