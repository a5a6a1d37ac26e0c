// E-mail addresses and phone numbers of users, and the rule that binds them (DESIGN.md convention 13; issue 8
// item 1, security-tests.md AT-01): an identifier belongs to a user only once that user proved it.
//
// - login_or_create finds the OWNER of an identifier or creates a user holding it (unverified until the first
//   link or code is redeemed: SPEC §1 "login or create"; that user has nothing but this identifier).
// - A secondary send attaches the identifier to the signed-in user only as a PENDING CLAIM of that session
//   (`claim_session_id`). No sign-in resolves a user through a claim, so a claim cannot hijack the real owner's
//   later sign-up; several users may claim one identifier at once. The claim becomes the user's when its link or
//   code is redeemed by the claiming session; it dies with that session (foreign key, ON DELETE CASCADE).
// - Whenever an identifier is proven (any redemption), every other user's pending claim of it is dropped.
// - The FIRST proof of an identifier the account holds unproven, by someone not signed in to that account, gives the
//   prover the account with nothing that was attached before (issue 20 item 1; prove-identifier.ts, first-proof.ts): every credential and
//   every other identifier is removed and every session ends, with the proof, in one transaction. Else whoever signed
//   up first with someone else's address would keep a password, a wallet, a passkey… in the account its real owner
//   later signs in to (pre-account takeover, security-tests.md AT-01, AT-06).
//
// Every sign-in method that binds an e-mail or phone number goes through this module; no other feature writes
// user_emails or user_phone_numbers (DESIGN.md convention 11).

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { userEmails, userPhoneNumbers, users } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { type EventActor, type NewEvent, recordEvent } from '../audit';
import { lockLiveSession } from '../sessions';

export type IdentifierKind = 'email' | 'phone_number';

export interface IdentifierRow {
  /** email_id or phone_id (the passcode `method_id`). */
  id: string;
  userId: string;
  projectId: string;
  /** The lower-cased address or E.164 number. */
  value: string;
  verified: boolean;
  /** The session that claimed it through a secondary send and has not redeemed yet; null = owned. */
  claimSessionId: string | null;
}

export interface FoundIdentifier extends IdentifierRow {
  /** True when this call created the user. */
  created: boolean;
}

/** The table and value column of each kind (shared with prove-identifier.ts). */
export const TABLES = {
  email: { table: userEmails, value: userEmails.email, idKind: 'email' },
  phone_number: { table: userPhoneNumbers, value: userPhoneNumbers.phoneNumber, idKind: 'phone-number' },
} as const;

/** The IdentifierRow columns of a kind's table. */
export function columns(kind: IdentifierKind) {
  const { table, value } = TABLES[kind];
  return {
    id: table.id,
    userId: table.userId,
    projectId: table.projectId,
    value,
    verified: table.verified,
    claimSessionId: table.claimSessionId,
  };
}

/** The partial unique index of owned rows: ON CONFLICT must name its predicate to infer it. */
function ownedTarget(kind: IdentifierKind) {
  const { table, value } = TABLES[kind];
  return { target: [table.projectId, value], where: sql`${table.claimSessionId} IS NULL` };
}

export function duplicateIdentifier(kind: IdentifierKind): ApiError {
  return kind === 'email'
    ? new ApiError('duplicate_email', 'This email address already belongs to another user of this project.')
    : new ApiError(
        'duplicate_phone_number',
        'This phone number already belongs to another user of this project.',
      );
}

/** The user who owns `value` in the project (never a pending claim), or null. */
export async function findOwnedIdentifier(
  ctx: Pick<AppContext, 'db'>,
  options: { kind: IdentifierKind; projectId: string; value: string },
): Promise<IdentifierRow | null> {
  const { table, value } = TABLES[options.kind];
  const [row] = await ctx.db
    .select(columns(options.kind))
    .from(table)
    .where(
      and(eq(table.projectId, options.projectId), eq(value, options.value), isNull(table.claimSessionId)),
    )
    .limit(1);
  return row ?? null;
}

/** One identifier row by id (owned or claimed), or null when it is gone. */
export async function findIdentifierById(
  ctx: Pick<AppContext, 'db'>,
  options: { kind: IdentifierKind; id: string },
): Promise<IdentifierRow | null> {
  const { table } = TABLES[options.kind];
  const [row] = await ctx.db
    .select(columns(options.kind))
    .from(table)
    .where(eq(table.id, options.id))
    .limit(1);
  return row ?? null;
}

type Executor = Pick<AppContext['db'], 'insert' | 'execute'>;

interface NewRow {
  id: string;
  userId: string;
  projectId: string;
  value: string;
  claimSessionId: string | null;
  createdAt: Date;
}

/** Inserts an owned row unless the identifier is owned already (then false: someone else won the race). */
async function insertOwned(db: Executor, kind: IdentifierKind, newRow: NewRow): Promise<boolean> {
  const { value, ...row } = newRow;
  const inserted =
    kind === 'email'
      ? await db
          .insert(userEmails)
          .values({ ...row, email: value })
          .onConflictDoNothing(ownedTarget(kind))
          .returning({ id: userEmails.id })
      : await db
          .insert(userPhoneNumbers)
          .values({ ...row, phoneNumber: value })
          .onConflictDoNothing(ownedTarget(kind))
          .returning({ id: userPhoneNumbers.id });
  return inserted.length > 0;
}

/** Inserts a claim, or re-binds the user's earlier claim to this session; null when the user owns it already. */
async function upsertClaim(
  db: Executor,
  kind: IdentifierKind,
  newRow: NewRow,
): Promise<IdentifierRow | null> {
  const { value, ...row } = newRow;
  const claimSessionId = newRow.claimSessionId;
  const [claimed] =
    kind === 'email'
      ? await db
          .insert(userEmails)
          .values({ ...row, email: value })
          .onConflictDoUpdate({
            target: [userEmails.projectId, userEmails.email, userEmails.userId],
            set: { claimSessionId },
            setWhere: isNotNull(userEmails.claimSessionId),
          })
          .returning(columns(kind))
      : await db
          .insert(userPhoneNumbers)
          .values({ ...row, phoneNumber: value })
          .onConflictDoUpdate({
            target: [userPhoneNumbers.projectId, userPhoneNumbers.phoneNumber, userPhoneNumbers.userId],
            set: { claimSessionId },
            setWhere: isNotNull(userPhoneNumbers.claimSessionId),
          })
          .returning(columns(kind));
  return claimed ?? null;
}

/** Issue 25 item 3: who created the user when it was not a sign-in (an admin API key), for its event. */
export interface CreatedBy {
  actor: EventActor;
  request: NewEvent['request'];
}

/**
 * Issue 25 item 1: `user.created` in the transaction that creates the user (a lost race rolls both back). The
 * session.created event of the same sign-in follows with the request's address.
 */
async function recordUserCreated(
  tx: Executor,
  options: { projectId: string; userId: string; method: string; at: Date; by?: CreatedBy | undefined },
): Promise<void> {
  await recordEvent(
    tx,
    {
      projectId: options.projectId,
      type: 'user.created',
      actor: options.by?.actor ?? { type: 'anonymous' },
      subjectUserId: options.userId,
      request: options.by?.request ?? null,
      payload: { method: options.method, imported: false },
    },
    options.at,
  );
}

/**
 * Inside the caller's transaction (a sign-in that creates a user together with its own records, such as an OAuth
 * registration, issue 11): a new user, holding `identifier` as an owned, still unverified row when one is given.
 * False when the identifier is owned already (someone else won the race): the caller rolls its transaction back.
 * The caller proves the identifier with proveIdentifier once the transaction committed.
 */
export async function insertUserWithIdentifier(
  tx: Executor,
  options: {
    userId: string;
    projectId: string;
    status: 'active' | 'pending';
    name: { first_name: string; middle_name: string; last_name: string };
    createdAt: Date;
    identifier: { kind: IdentifierKind; id: string; value: string } | null;
    /** The sign-in method that creates the user (`oauth`, `crypto_wallet`), for its user.created event. */
    method: string;
    /** Issue 25 item 3: the event's actor and request when not a sign-in (default: anonymous, none). */
    by?: CreatedBy | undefined;
  },
): Promise<boolean> {
  const { userId, projectId, createdAt, identifier } = options;
  await tx.insert(users).values({
    id: userId,
    projectId,
    status: options.status,
    firstName: options.name.first_name,
    middleName: options.name.middle_name,
    lastName: options.name.last_name,
    createdAt,
  });
  await recordUserCreated(tx, { projectId, userId, method: options.method, at: createdAt, by: options.by });
  if (identifier === null) return true;
  return insertOwned(tx, identifier.kind, {
    id: identifier.id,
    userId,
    projectId,
    value: identifier.value,
    claimSessionId: null,
    createdAt,
  });
}

/**
 * Issue 25 item 3 (an admin creating a user with an e-mail address and a phone number): inside the caller's
 * transaction, one more owned, unverified identifier of a user; false when someone owns it already.
 */
export function insertOwnedIdentifier(
  tx: Executor,
  kind: IdentifierKind,
  row: { id: string; userId: string; projectId: string; value: string; createdAt: Date },
): Promise<boolean> {
  return insertOwned(tx, kind, { ...row, claimSessionId: null });
}

// Thrown inside the transaction to roll back our user row when a concurrent call created the identifier first.
class LostCreateRace extends Error {}

/**
 * login_or_create: the owner of `value`, or a new user holding it unverified. Atomic (user and identifier in one
 * transaction) and race-safe (security-tests.md LD-02: many parallel first sign-ins for one new identifier create
 * exactly one user): the identifier insert uses ON CONFLICT DO NOTHING on the owned-rows unique index; the loser
 * rolls back its user row and reads the winner's. Pending claims of other users are invisible here.
 */
export async function findOrCreateUserByIdentifier(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: {
    kind: IdentifierKind;
    projectId: string;
    tokenMode: 'test' | 'live';
    value: string;
    /** Status of a newly created user (an existing user keeps theirs). */
    status: 'active' | 'pending';
  },
): Promise<FoundIdentifier> {
  const { kind, projectId, value } = options;
  const { idKind } = TABLES[kind];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findOwnedIdentifier(ctx, { kind, projectId, value });
    if (existing) return { ...existing, created: false };
    try {
      return await ctx.db.transaction(async (tx) => {
        const userId = newId('user', options.tokenMode);
        const id = newId(idKind, options.tokenMode);
        const now = ctx.clock.now();
        await tx.insert(users).values({ id: userId, projectId, status: options.status, createdAt: now });
        const row = { id, userId, projectId, value, claimSessionId: null, createdAt: now };
        if (!(await insertOwned(tx, kind, row))) throw new LostCreateRace();
        await recordUserCreated(tx, { projectId, userId, method: kind, at: now });
        return { id, userId, projectId, value, verified: false, claimSessionId: null, created: true };
      });
    } catch (error) {
      if (!(error instanceof LostCreateRace)) throw error;
    }
  }
  const winner = await findOwnedIdentifier(ctx, { kind, projectId, value });
  if (!winner)
    throw new Error(`findOrCreateUserByIdentifier: the ${kind} vanished during concurrent creation`);
  return { ...winner, created: false };
}

/**
 * A secondary send (SPEC §4: a signed-in caller adds an identifier): the user's own row when they own it already;
 * otherwise their pending claim, bound to the calling session (an earlier claim of theirs is re-bound to it).
 * Refused with duplicate_email / duplicate_phone_number when another user owns the identifier.
 */
export async function claimIdentifier(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: {
    kind: IdentifierKind;
    projectId: string;
    tokenMode: 'test' | 'live';
    value: string;
    userId: string;
    sessionId: string;
  },
): Promise<IdentifierRow> {
  const { kind, projectId, value, userId, sessionId } = options;
  const owner = await findOwnedIdentifier(ctx, { kind, projectId, value });
  if (owner !== null) {
    if (owner.userId !== userId) throw duplicateIdentifier(kind);
    return owner;
  }
  // One row per (identifier, user): a repeated claim moves to the newest session that sent it. Written while the
  // session is held (issue 20 item 1: a first proof resetting the account ends its sessions; a claim of a session
  // that just ended answers session_not_found instead of a foreign-key failure).
  const claimed = await ctx.db.transaction(async (tx) => {
    await lockLiveSession(tx, { sessionId, userId });
    return upsertClaim(tx, kind, {
      id: newId(TABLES[kind].idKind, options.tokenMode),
      userId,
      projectId,
      value,
      claimSessionId: sessionId,
      createdAt: ctx.clock.now(),
    });
  });
  if (claimed) return claimed;
  // The conflicting row is owned (the user proved it meanwhile, so setWhere left it alone): it is theirs.
  const now = await findOwnedIdentifier(ctx, { kind, projectId, value });
  if (now === null || now.userId !== userId) throw duplicateIdentifier(kind);
  return now;
}

/** A pending claim is redeemable only by the session that made it; an owned identifier by anyone holding its code. */
export function isRedeemableBy(row: IdentifierRow, sessionId: string | null): boolean {
  return row.claimSessionId === null || row.claimSessionId === sessionId;
}
