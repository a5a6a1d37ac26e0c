// Issue 14 item 3: the import pipeline. Parsed rows (provider-formats/) are checked one by one (validate-row.ts),
// then written in bounded batches: one transaction per batch, one multi-row INSERT per table, each table through
// its feature's bulk functions (DESIGN.md convention 11), users.profile refreshed once per user (migration 0014).
//
// - Idempotent on (project, external_id): a row whose id is already in the project is counted `already_imported`
//   and writes nothing, so importing a file twice leaves the database as it was.
// - A row holding an e-mail, phone number, wallet, credential or OAuth subject that another user owns (or an
//   earlier row of the same file took) is skipped with a reason and writes nothing: never a half-written user.
// - The checks run inside the batch's transaction; a concurrent sign-up that takes an identifier between the check
//   and the INSERT fails the batch on a unique index, which is then retried row by row (each its own transaction),
//   so the one row that lost the race is skipped and the others are imported.
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { insertImportedCryptoWallets, takenWalletAddresses } from '../crypto-wallets';
import { insertImportedOAuthRegistrations, takenProviderSubjects } from '../oauth';
import { insertImportedTotps } from '../totps';
import {
  type BulkExecutor,
  deferUserProfiles,
  existingUserIds,
  type ImportedUserRecord,
  importedExternalIds,
  insertImportedUsers,
  ownedEmails,
  ownedPhoneNumbers,
  refreshUserProfiles,
  takenUsernames,
} from '../users';
import { insertImportedWebauthnRegistrations, takenCredentialIds } from '../webauthn';
import type { DroppedField, PortableUser, RowDroppedFields, SkippedRow } from './portable-user';
import { checkPortableUser, type ImportableUser } from './validate-row';

export const DEFAULT_IMPORT_BATCH_SIZE = 500;
/** Upper bound of a batch: PostgreSQL takes at most 65,535 parameters per statement (users have 10 columns). */
export const MAX_IMPORT_BATCH_SIZE = 5000;

export interface ImportProgress {
  /** Rows handled so far (imported, already imported or skipped). */
  done: number;
  total: number;
}

export interface ImportUsersOptions {
  projectId: string;
  /**
   * Parsed rows (ParsedExport.users): the 1-based row of the file, the user, and the fields its parser read but
   * left out (issue 24 item 4: reported for the rows that are imported).
   */
  users: ReadonlyArray<{ row: number; user: PortableUser | unknown; dropped?: DroppedField[] }>;
  batchSize?: number;
  /** Called after every batch. */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Issue 24 item 4: rows of the file refused before this call (while parsing), counted in the progress's `done` and
   * `total` from the start, so the total is the file's every row.
   */
  rowsAlreadyHandled?: number;
  /**
   * Issue 24 item 4 (`--dry-run`): every check and write runs in its batch's transaction, which is then rolled back,
   * so the summary is the one a real import would give and nothing is written.
   */
  dryRun?: boolean;
  /** The id form of new rows (`user-test-…` / `user-live-…`); default: live in production, else test. */
  tokenMode?: 'test' | 'live';
  /**
   * Default true: users.profile is computed once per user per batch (migration 0014). False keeps the per-row
   * triggers; only bench/import-users.ts sets it, to measure what the deferral saves.
   */
  deferProfiles?: boolean;
}

/** The summary of an import (the CLI prints it, POST /v1/users/import answers it). */
export interface ImportSummary {
  imported: number;
  already_imported: number;
  skipped: SkippedRow[];
  /** Issue 24 item 4: per imported row, each field its parser read but left out, and why. */
  dropped: RowDroppedFields[];
}

type ImportContext = Pick<AppContext, 'db' | 'secrets' | 'config' | 'clock'>;

/** The skip reasons of identifiers another user holds. */
const TAKEN_MESSAGES = {
  email_taken: 'An e-mail address of this row already belongs to another user of the project.',
  phone_number_taken: 'A phone number of this row already belongs to another user of the project.',
  crypto_wallet_taken: 'A crypto wallet of this row already belongs to another user of the project.',
  webauthn_credential_taken: 'A WebAuthn credential of this row is already registered in the project.',
  oauth_subject_taken: 'An OAuth account of this row is already linked to another user of the project.',
  username_taken: 'The username of this row already belongs to another user of the project.',
} as const;
type TakenReason = keyof typeof TAKEN_MESSAGES;

export async function importUsers(ctx: ImportContext, options: ImportUsersOptions): Promise<ImportSummary> {
  const batchSize = Math.min(
    Math.max(1, Math.floor(options.batchSize ?? DEFAULT_IMPORT_BATCH_SIZE)),
    MAX_IMPORT_BATCH_SIZE,
  );
  const tokenMode = options.tokenMode ?? (ctx.config.env === 'production' ? 'live' : 'test');
  const summary: ImportSummary = { imported: 0, already_imported: 0, skipped: [], dropped: [] };
  const total = options.users.length;
  const handledBefore = options.rowsAlreadyHandled ?? 0;
  // A dry run's batches are rolled back, so a later batch would not see what an earlier one took: carried here.
  const claimedEarlier = options.dryRun ? emptyTaken() : null;
  const droppedByRow = new Map<number, DroppedField[]>();
  for (const { row, dropped } of options.users)
    if (dropped !== undefined && dropped.length > 0) droppedByRow.set(row, dropped);
  for (let start = 0; start < total; start += batchSize) {
    const batch: ImportableUser[] = [];
    for (const { row, user } of options.users.slice(start, start + batchSize)) {
      const checked = checkPortableUser(row, user);
      if (checked.ok) batch.push(checked.user);
      else
        summary.skipped.push({
          row,
          external_id: checked.externalId,
          reason: checked.reason,
          message: checked.message,
        });
    }
    const outcome = await importBatch(ctx, {
      projectId: options.projectId,
      tokenMode,
      batch,
      deferProfiles: options.deferProfiles ?? true,
      claimedEarlier,
    });
    summary.imported += outcome.imported;
    summary.already_imported += outcome.already_imported;
    summary.skipped.push(...outcome.skipped);
    for (const { row, externalId } of outcome.importedRows) {
      const fields = droppedByRow.get(row);
      if (fields !== undefined) summary.dropped.push({ row, external_id: externalId, fields });
    }
    options.onProgress?.({
      done: handledBefore + Math.min(start + batchSize, total),
      total: handledBefore + total,
    });
  }
  if (total === 0) options.onProgress?.({ done: handledBefore, total: handledBefore });
  summary.skipped.sort((a, b) => a.row - b.row);
  summary.dropped.sort((a, b) => a.row - b.row);
  return summary;
}

/** What one batch did: the counts, the refused rows and the rows written (for the dropped-field report). */
interface BatchOutcome {
  imported: number;
  already_imported: number;
  skipped: SkippedRow[];
  importedRows: Array<{ row: number; externalId: string }>;
}

/** Thrown out of a dry run's batch transaction to roll it back, carrying what the batch would have done. */
class DryRunRollback extends Error {
  constructor(readonly outcome: BatchOutcome) {
    super('dry run');
  }
}

interface BatchOptions {
  projectId: string;
  tokenMode: 'test' | 'live';
  batch: ImportableUser[];
  deferProfiles: boolean;
  /** Dry runs only: what earlier (rolled back) batches took; each batch's rollback throws DryRunRollback. */
  claimedEarlier: Taken | null;
}

/**
 * One batch in one transaction. When PostgreSQL refuses it for a row's sake — a unique violation (a concurrent
 * writer took an identifier after the check) or a value it will not store (class 22, e.g. a year out of its range)
 * — the batch is retried row by row, each in its own transaction, so only that row is skipped.
 */
async function importBatch(ctx: ImportContext, options: BatchOptions): Promise<BatchOutcome> {
  try {
    return await writeInTransaction(ctx, options);
  } catch (error) {
    if (rowErrorCode(error) === null) throw error;
  }
  const summary: BatchOutcome = { imported: 0, already_imported: 0, skipped: [], importedRows: [] };
  for (const user of options.batch) {
    let outcome: BatchOutcome;
    try {
      outcome = await writeInTransaction(ctx, { ...options, batch: [user] });
    } catch (error) {
      const code = rowErrorCode(error);
      if (code === null) throw error;
      outcome = {
        imported: 0,
        already_imported: 0,
        importedRows: [],
        skipped: [
          code === '23505'
            ? {
                row: user.row,
                external_id: user.externalId,
                reason: 'conflict',
                message:
                  'Another write took an identifier of this row while it was imported; import it again.',
              }
            : {
                row: user.row,
                external_id: user.externalId,
                reason: 'malformed_row',
                message: `The database refused a value of this row (SQLSTATE ${code}).`,
              },
        ],
      };
    }
    summary.imported += outcome.imported;
    summary.already_imported += outcome.already_imported;
    summary.skipped.push(...outcome.skipped);
    summary.importedRows.push(...outcome.importedRows);
  }
  return summary;
}

/** One transaction; a dry run's is rolled back after the writes (DryRunRollback) and its outcome returned. */
async function writeInTransaction(ctx: ImportContext, options: BatchOptions): Promise<BatchOutcome> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const outcome = await writeBatch(ctx, tx, options);
      if (options.claimedEarlier !== null) throw new DryRunRollback(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.outcome;
    throw error;
  }
}

/**
 * The SQLSTATE of an error that one row's values caused — class 22 (data exception) or 23 (integrity constraint
 * violation) — through drizzle's wrapping (`cause`), or null for anything else (the database down, a bug).
 */
function rowErrorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Identifiers taken in the project (or by earlier rows), each kind as a set of keys. */
interface Taken {
  externalIds: Set<string>;
  userIds: Set<string>;
  emails: Set<string>;
  phones: Set<string>;
  credentials: Set<string>;
  subjects: Set<string>;
  wallets: Set<string>;
  /** Lower-cased. */
  usernames: Set<string>;
}

function emptyTaken(): Taken {
  return {
    externalIds: new Set(),
    userIds: new Set(),
    emails: new Set(),
    phones: new Set(),
    credentials: new Set(),
    subjects: new Set(),
    wallets: new Set(),
    usernames: new Set(),
  };
}

/** What the batch's rows would take, looked up in one query per kind (plus, in a dry run, earlier batches'). */
async function takenInProject(tx: BulkExecutor, options: BatchOptions): Promise<Taken> {
  const { projectId, batch } = options;
  const [externalIds, userIds, emails, phones, credentials, subjects, wallets, usernames] = [
    await importedExternalIds(tx, { projectId, externalIds: batch.map((user) => user.externalId) }),
    await existingUserIds(
      tx,
      batch.flatMap((user) => (user.userId === null ? [] : [user.userId])),
    ),
    await ownedEmails(tx, { projectId, emails: batch.flatMap((user) => user.emails.map((e) => e.email)) }),
    await ownedPhoneNumbers(tx, {
      projectId,
      phoneNumbers: batch.flatMap((user) => user.phoneNumbers.map((p) => p.phoneNumber)),
    }),
    await takenCredentialIds(tx, {
      projectId,
      credentialIds: batch.flatMap((user) => user.webauthnRegistrations.map((r) => r.credentialId)),
    }),
    await takenProviderSubjects(tx, {
      projectId,
      subjects: batch.flatMap((user) => user.oauthRegistrations),
    }),
    await takenWalletAddresses(tx, { projectId, wallets: batch.flatMap((user) => user.cryptoWallets) }),
    await takenUsernames(tx, {
      projectId,
      usernames: batch.flatMap((user) => (user.username === null ? [] : [user.username.toLowerCase()])),
    }),
  ];
  const taken: Taken = { externalIds, userIds, emails, phones, credentials, subjects, wallets, usernames };
  if (options.claimedEarlier !== null) {
    for (const key of Object.keys(taken) as Array<keyof Taken>)
      for (const value of options.claimedEarlier[key]) taken[key].add(value);
  }
  return taken;
}

/** The first identifier of `user` that is taken, or null. */
function takenReason(user: ImportableUser, taken: Taken): TakenReason | null {
  if (user.emails.some((e) => taken.emails.has(e.email))) return 'email_taken';
  if (user.phoneNumbers.some((p) => taken.phones.has(p.phoneNumber))) return 'phone_number_taken';
  if (user.cryptoWallets.some((w) => taken.wallets.has(`${w.type}\0${w.address}`)))
    return 'crypto_wallet_taken';
  if (user.webauthnRegistrations.some((r) => taken.credentials.has(r.credentialId)))
    return 'webauthn_credential_taken';
  if (user.oauthRegistrations.some((o) => taken.subjects.has(`${o.providerType}\0${o.providerSubject}`)))
    return 'oauth_subject_taken';
  if (user.username !== null && taken.usernames.has(user.username.toLowerCase())) return 'username_taken';
  return null;
}

function claim(user: ImportableUser, taken: Taken): void {
  taken.externalIds.add(user.externalId);
  if (user.username !== null) taken.usernames.add(user.username.toLowerCase());
  for (const e of user.emails) taken.emails.add(e.email);
  for (const p of user.phoneNumbers) taken.phones.add(p.phoneNumber);
  for (const w of user.cryptoWallets) taken.wallets.add(`${w.type}\0${w.address}`);
  for (const r of user.webauthnRegistrations) taken.credentials.add(r.credentialId);
  for (const o of user.oauthRegistrations) taken.subjects.add(`${o.providerType}\0${o.providerSubject}`);
}

/** A list's i-th entry is written i ms after the user: the profile and the export list them oldest first. */
function nth(base: Date, index: number): Date {
  return new Date(base.getTime() + index);
}

async function writeBatch(
  ctx: ImportContext,
  tx: BulkExecutor,
  options: BatchOptions,
): Promise<BatchOutcome> {
  const { projectId, tokenMode } = options;
  const summary: BatchOutcome = { imported: 0, already_imported: 0, skipped: [], importedRows: [] };
  if (options.batch.length === 0) return summary;
  const taken = await takenInProject(tx, options);
  const now = ctx.clock.now();
  const accepted: Array<{ user: ImportableUser; id: string; createdAt: Date }> = [];
  for (const user of options.batch) {
    if (taken.externalIds.has(user.externalId)) {
      summary.already_imported += 1;
      continue;
    }
    const reason = takenReason(user, taken);
    if (reason !== null) {
      summary.skipped.push({
        row: user.row,
        external_id: user.externalId,
        reason,
        message: TAKEN_MESSAGES[reason],
      });
      continue;
    }
    claim(user, taken);
    if (options.claimedEarlier !== null) claim(user, options.claimedEarlier);
    // The source's id is kept when it is ours in form and free (portable-user.ts user_id).
    const id =
      user.userId !== null && !taken.userIds.has(user.userId) ? user.userId : newId('user', tokenMode);
    taken.userIds.add(id);
    options.claimedEarlier?.userIds.add(id);
    accepted.push({ user, id, createdAt: user.createdAt ?? now });
  }
  if (accepted.length === 0) return summary;

  if (options.deferProfiles) await deferUserProfiles(tx);
  const records: ImportedUserRecord[] = accepted.map(({ user, id, createdAt }) => ({
    id,
    projectId,
    externalId: user.externalId,
    status: user.status,
    firstName: user.name.firstName,
    middleName: user.name.middleName,
    lastName: user.name.lastName,
    username: user.username,
    blocked: user.blocked ? { at: now, reason: 'Blocked in the system it was imported from.' } : null,
    trustedMetadata: user.trustedMetadata,
    untrustedMetadata: user.untrustedMetadata,
    createdAt,
    emails: user.emails.map((email, index) => ({
      id: newId('email', tokenMode),
      ...email,
      createdAt: nth(createdAt, index),
    })),
    phoneNumbers: user.phoneNumbers.map((phone, index) => ({
      id: newId('phone-number', tokenMode),
      ...phone,
      createdAt: nth(createdAt, index),
    })),
    password:
      user.passwordHash === null
        ? null
        : {
            id: newId('password', tokenMode),
            hash: user.passwordHash,
            requiresReset: user.passwordRequiresReset,
            createdAt,
          },
  }));
  await insertImportedUsers(tx, records);
  await insertImportedTotps(ctx, tx, {
    tokenMode,
    rows: accepted.flatMap(({ user, id, createdAt }) =>
      user.totpSecrets.map((secretBase32, index) => ({
        userId: id,
        projectId,
        secretBase32,
        createdAt: nth(createdAt, index),
      })),
    ),
  });
  await insertImportedWebauthnRegistrations(tx, {
    tokenMode,
    rows: accepted.flatMap(({ user, id, createdAt }) =>
      user.webauthnRegistrations.map((registration, index) => ({
        userId: id,
        projectId,
        ...registration,
        createdAt: nth(createdAt, index),
      })),
    ),
  });
  await insertImportedOAuthRegistrations(tx, {
    tokenMode,
    rows: accepted.flatMap(({ user, id, createdAt }) =>
      user.oauthRegistrations.map((registration, index) => ({
        userId: id,
        projectId,
        ...registration,
        createdAt: nth(createdAt, index),
      })),
    ),
  });
  await insertImportedCryptoWallets(tx, {
    tokenMode,
    rows: accepted.flatMap(({ user, id, createdAt }) =>
      user.cryptoWallets.map((wallet, index) => ({
        userId: id,
        projectId,
        walletType: wallet.type,
        address: wallet.address,
        createdAt: nth(createdAt, index),
      })),
    ),
  });
  if (options.deferProfiles)
    await refreshUserProfiles(
      tx,
      accepted.map(({ id }) => id),
    );
  summary.imported = accepted.length;
  summary.importedRows = accepted.map(({ user }) => ({ row: user.row, externalId: user.externalId }));
  return summary;
}
