// Issue 14 items 3 and 4 (features/import): the users feature's part of a bulk import and export — users, their
// e-mails, phone numbers and password hashes (DESIGN.md convention 11: no other feature writes these tables). An
// imported identifier is OWNED (claim_session_id null): the system it comes from is where the user proved it.
//
// The users.profile document is refreshed once per user per batch instead of once per written row (migration
// 0014): `deferUserProfiles` then `refreshUserProfiles` in the same transaction.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/client';
import { passwords, userEmails, userPhoneNumbers, users } from '../../infra/db/schema';

/** A transaction or the database. */
export type BulkExecutor = Pick<Database, 'select' | 'insert' | 'execute'>;

export interface ImportedUserRecord {
  id: string;
  projectId: string;
  externalId: string;
  status: 'active' | 'pending';
  firstName: string;
  middleName: string;
  lastName: string;
  /** Issue 24 item 3: the source's username, or null. */
  username: string | null;
  /** Issue 24 item 2: the source barred the user (Auth0 `blocked`): blocked from the import's time, with why. */
  blocked: { at: Date; reason: string } | null;
  trustedMetadata: Record<string, unknown>;
  untrustedMetadata: Record<string, unknown>;
  createdAt: Date;
  emails: Array<{ id: string; email: string; verified: boolean; createdAt: Date }>;
  phoneNumbers: Array<{ id: string; phoneNumber: string; verified: boolean; createdAt: Date }>;
  /**
   * A PHC string (features/import/portable-user.ts); verified and upgraded at the next sign-in. `requiresReset`:
   * the right password answers reset_password until it is reset (issue 20 item 6: kept across an export/import).
   */
  password: { id: string; hash: string; requiresReset: boolean; createdAt: Date } | null;
}

/**
 * Migration 0014: until this transaction ends, writing users and sub-records does not recompute users.profile.
 * The caller must call refreshUserProfiles for every user it wrote before committing.
 */
export async function deferUserProfiles(tx: BulkExecutor): Promise<void> {
  await tx.execute(sql`SELECT set_config('gatehouse.defer_user_profile', 'on', true)`);
}

/** Recomputes users.profile of these users once each, and ends the deferral (the users trigger runs again). */
export async function refreshUserProfiles(tx: BulkExecutor, userIds: string[]): Promise<void> {
  await tx.execute(sql`SELECT set_config('gatehouse.defer_user_profile', 'off', true)`);
  if (userIds.length === 0) return;
  await tx.execute(sql`UPDATE users SET profile = '' WHERE id = ANY(${toTextArray(userIds)}::text[])`);
}

/** A JS list as one PostgreSQL text[] literal parameter (drizzle would spread an array into a parameter list). */
function toTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * The external ids among `externalIds` that are already in the project: a user imported with that external id, or
 * a user made here (no external id) whose own id it is — our export names such users by their id
 * (features/import/export-users.ts), so re-importing it into the same project finds them.
 */
export async function importedExternalIds(
  db: BulkExecutor,
  options: { projectId: string; externalIds: string[] },
): Promise<Set<string>> {
  if (options.externalIds.length === 0) return new Set();
  // Two index lookups (the partial unique index on external_id, the primary key), not one OR: PostgreSQL plans
  // `a IN (…) OR b IN (…)` as a scan of the project's users, which grows with every batch.
  const imported = await db
    .select({ externalId: users.externalId })
    .from(users)
    .where(and(eq(users.projectId, options.projectId), inArray(users.externalId, options.externalIds)));
  const native = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, options.externalIds),
        eq(users.projectId, options.projectId),
        isNull(users.externalId),
      ),
    );
  return new Set([...imported.map((row) => row.externalId!), ...native.map((row) => row.id)]);
}

/** The ids among `userIds` that are taken (in any project: ids are global). */
export async function existingUserIds(db: BulkExecutor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  return new Set(rows.map((row) => row.id));
}

/** The addresses among `emails` that a user of the project owns (pending claims do not count: convention 13). */
export async function ownedEmails(
  db: BulkExecutor,
  options: { projectId: string; emails: string[] },
): Promise<Set<string>> {
  if (options.emails.length === 0) return new Set();
  const rows = await db
    .select({ value: userEmails.email })
    .from(userEmails)
    .where(
      and(
        eq(userEmails.projectId, options.projectId),
        inArray(userEmails.email, options.emails),
        isNull(userEmails.claimSessionId),
      ),
    );
  return new Set(rows.map((row) => row.value));
}

/** Issue 24 item 3: the usernames among `usernames` (lower-cased) that a user of the project has, lower-cased. */
export async function takenUsernames(
  db: BulkExecutor,
  options: { projectId: string; usernames: string[] },
): Promise<Set<string>> {
  if (options.usernames.length === 0) return new Set();
  const rows = await db
    .select({ value: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      and(eq(users.projectId, options.projectId), inArray(sql`lower(${users.username})`, options.usernames)),
    );
  return new Set(rows.map((row) => row.value));
}

/** The E.164 numbers among `phoneNumbers` that a user of the project owns. */
export async function ownedPhoneNumbers(
  db: BulkExecutor,
  options: { projectId: string; phoneNumbers: string[] },
): Promise<Set<string>> {
  if (options.phoneNumbers.length === 0) return new Set();
  const rows = await db
    .select({ value: userPhoneNumbers.phoneNumber })
    .from(userPhoneNumbers)
    .where(
      and(
        eq(userPhoneNumbers.projectId, options.projectId),
        inArray(userPhoneNumbers.phoneNumber, options.phoneNumbers),
        isNull(userPhoneNumbers.claimSessionId),
      ),
    );
  return new Set(rows.map((row) => row.value));
}

/** Writes the users and their e-mails, phone numbers and passwords: one multi-row INSERT per table. */
export async function insertImportedUsers(db: BulkExecutor, records: ImportedUserRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(users).values(
    records.map((record) => ({
      id: record.id,
      projectId: record.projectId,
      externalId: record.externalId,
      status: record.status,
      firstName: record.firstName,
      middleName: record.middleName,
      lastName: record.lastName,
      username: record.username,
      blockedAt: record.blocked?.at ?? null,
      blockedReason: record.blocked?.reason ?? null,
      trustedMetadata: record.trustedMetadata,
      untrustedMetadata: record.untrustedMetadata,
      createdAt: record.createdAt,
    })),
  );
  const emails = records.flatMap((record) =>
    record.emails.map((email) => ({ ...email, userId: record.id, projectId: record.projectId })),
  );
  if (emails.length > 0) await db.insert(userEmails).values(emails);
  const phones = records.flatMap((record) =>
    record.phoneNumbers.map((phone) => ({ ...phone, userId: record.id, projectId: record.projectId })),
  );
  if (phones.length > 0) await db.insert(userPhoneNumbers).values(phones);
  const hashes = records.flatMap((record) =>
    record.password === null ? [] : [{ ...record.password, userId: record.id }],
  );
  if (hashes.length > 0) await db.insert(passwords).values(hashes);
}

/** One user as the export reads it (features/import/export-users.ts). */
export interface ExportedUserRecord {
  id: string;
  /** The id in the system the user was imported from, or null for a user made here. */
  externalId: string | null;
  status: 'active' | 'pending';
  createdAt: Date;
  firstName: string;
  middleName: string;
  lastName: string;
  trustedMetadata: Record<string, unknown>;
  untrustedMetadata: Record<string, unknown>;
  /** Issue 24 items 2 and 3. */
  username: string | null;
  blockedAt: Date | null;
  emails: Array<{ email: string; verified: boolean }>;
  phoneNumbers: Array<{ phoneNumber: string; verified: boolean }>;
  passwordHash: string | null;
  /** The password must be reset before it signs in (passwords.requires_reset); false without a password. */
  passwordRequiresReset: boolean;
}

/**
 * The next `limit` users of the project after `afterId` in id order (keyset pagination: every page is an index
 * range, however deep), with their owned e-mails and phone numbers (oldest first, as the profile lists them) and
 * their password hash.
 */
export async function usersPageForExport(
  db: BulkExecutor,
  options: {
    projectId: string;
    afterId: string | null;
    limit: number;
    /** Only these users (a filtered export: admin-user-search.ts adminUserIdsAfter chose them). */
    ids?: readonly string[];
  },
): Promise<ExportedUserRecord[]> {
  if (options.ids !== undefined && options.ids.length === 0) return [];
  const page = await db
    .select({
      id: users.id,
      externalId: users.externalId,
      status: users.status,
      username: users.username,
      blockedAt: users.blockedAt,
      createdAt: users.createdAt,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      trustedMetadata: users.trustedMetadata,
      untrustedMetadata: users.untrustedMetadata,
    })
    .from(users)
    .where(
      and(
        eq(users.projectId, options.projectId),
        options.afterId === null ? undefined : gt(users.id, options.afterId),
        options.ids === undefined ? undefined : inArray(users.id, [...options.ids]),
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  if (page.length === 0) return [];
  const ids = page.map((user) => user.id);
  const [emails, phones, hashes] = await Promise.all([
    db
      .select({ userId: userEmails.userId, email: userEmails.email, verified: userEmails.verified })
      .from(userEmails)
      .where(and(inArray(userEmails.userId, ids), isNull(userEmails.claimSessionId)))
      .orderBy(asc(userEmails.createdAt), asc(userEmails.id)),
    db
      .select({
        userId: userPhoneNumbers.userId,
        phoneNumber: userPhoneNumbers.phoneNumber,
        verified: userPhoneNumbers.verified,
      })
      .from(userPhoneNumbers)
      .where(and(inArray(userPhoneNumbers.userId, ids), isNull(userPhoneNumbers.claimSessionId)))
      .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id)),
    db
      .select({ userId: passwords.userId, hash: passwords.hash, requiresReset: passwords.requiresReset })
      .from(passwords)
      .where(inArray(passwords.userId, ids)),
  ]);
  const byUser = new Map(
    page.map((user) => [
      user.id,
      {
        ...user,
        emails: [] as ExportedUserRecord['emails'],
        phoneNumbers: [] as ExportedUserRecord['phoneNumbers'],
        passwordHash: null as string | null,
        passwordRequiresReset: false,
      },
    ]),
  );
  for (const { userId, ...email } of emails) byUser.get(userId)?.emails.push(email);
  for (const { userId, ...phone } of phones) byUser.get(userId)?.phoneNumbers.push(phone);
  for (const { userId, hash, requiresReset } of hashes) {
    const user = byUser.get(userId);
    if (user) {
      user.passwordHash = hash;
      user.passwordRequiresReset = requiresReset;
    }
  }
  return [...byUser.values()];
}
