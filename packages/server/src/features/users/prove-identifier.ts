// Proving an identifier (issue 8 item 1; issue 20 item 1): the redemption of a link or code sent to it, or a provider
// vouching for it. A pending claim becomes its user's, other users' claims of it are dropped, and the first proof of
// an address an account held unproven resets the account to it (first-proof.ts). Split from identifiers.ts, which
// finds, creates and claims identifiers.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { users } from '../../infra/db/schema';
import { type EventExecutor, type EventRequest, recordEvent } from '../audit';
import { notifySecurityEvent } from '../notices';
import { forgetSessionJwts } from '../sessions';
import { type StrippedAccount, stripAccount } from './first-proof';
import { columns, duplicateIdentifier, type IdentifierKind, type IdentifierRow, TABLES } from './identifiers';

type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** PostgreSQL unique_violation: the owned-rows index refused to turn a claim into a second owner. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause;
  return [error, cause].some((each) => (each as { code?: unknown } | null)?.code === '23505');
}

/** What proving an identifier did (proveIdentifier). */
export interface ProvenIdentifier {
  kind: IdentifierKind;
  /** The row as it is now: owned by its user and verified. */
  row: IdentifierRow;
  /**
   * A pending claim of a signed-in user became theirs: the identifier was ADDED to the account. Its proof joins the
   * claiming session without making it recent (issue 20 item 3: a stale session cannot re-authenticate by proving an
   * address it chose), and the user is told (issue 20 item 4).
   */
  attached: boolean;
  /** The first proof of an identifier the account held unproven stripped the account (first-proof.ts). */
  stripped: StrippedAccount | null;
}

/**
 * A link or code sent to identifier `id` was redeemed, or a provider vouched for it: it is proven. A pending claim
 * becomes the user's (refused with duplicate_* — and dropped — when someone else owns it by now); the row is
 * verified; every other user's pending claim of the same identifier is dropped (with the links sent to it, by
 * cascade), so a verified sign-up by the real owner ends every attempt to pre-claim their address. When the row was
 * owned but unproven and the prover is not signed in to its user, the account is stripped to this identifier and
 * every session of it ends (issue 20 item 1, first-proof.ts). Returns null when the row no longer exists (a claim
 * dropped or deleted since its code was sent: nothing is redeemable then).
 */
export async function proveIdentifier(
  ctx: AppContext,
  options: {
    kind: IdentifierKind;
    id: string;
    /** The user of the caller's live session, or null (a provider callback, or no session). */
    sessionUserId: string | null;
    /**
     * Writes that belong to the proof, run in its transaction once the row is proven (a social account linked
     * through the address): the identifier row stays locked until they commit, so a strip of another account that
     * removes this address cannot interleave. Throwing rolls the whole proof back.
     */
    within?: (tx: Transaction, row: IdentifierRow) => Promise<void>;
    /**
     * The request that proves it (issue 25 item 1): its `email|phone.verified` (and `.added` for a claim that becomes
     * the user's) events carry its address; null: no request (a test's fixture).
     */
    request: EventRequest | null;
  },
): Promise<ProvenIdentifier | null> {
  const { kind, id } = options;
  const { table, value } = TABLES[kind];
  let proven: ProvenIdentifier | null;
  try {
    proven = await ctx.db.transaction(async (tx) => {
      // The user row first, then the identifier row (deleteUserResource and the strip lock in this order too): the
      // user row FOR UPDATE keeps sign-ins and credential writes of this account (which hold it FOR KEY SHARE,
      // features/sessions issueSession and lockLiveSession) out until the proof commits. Of two first proofs at
      // once the second sees the first's verified row and strips nothing more.
      const [owner] = await tx.select({ userId: table.userId }).from(table).where(eq(table.id, id));
      if (!owner) return null;
      await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${owner.userId} FOR UPDATE`);
      const [before] = await tx
        .select({ verified: table.verified, claimSessionId: table.claimSessionId, userId: table.userId })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      // Gone, or moved to another user meanwhile (a concurrent strip of its account): nothing to prove here.
      if (!before || before.userId !== owner.userId) return null;
      const firstProofOfUnproven =
        !before.verified && before.claimSessionId === null && options.sessionUserId !== before.userId;
      const stripped = firstProofOfUnproven
        ? await stripAccount(tx, { userId: before.userId, keepId: id })
        : null;
      const [row] = await tx
        .update(table)
        .set({ verified: true, claimSessionId: null })
        .where(eq(table.id, id))
        .returning(columns(kind));
      if (!row) return null;
      await tx
        .delete(table)
        .where(
          and(
            eq(table.projectId, row.projectId),
            eq(value, row.value),
            isNotNull(table.claimSessionId),
            ne(table.userId, row.userId),
          ),
        );
      await recordProofEvents(tx, options.request, {
        kind,
        row,
        added: before.claimSessionId !== null,
        verified: !before.verified,
        at: ctx.clock.now(),
      });
      if (options.within) await options.within(tx, row);
      return { kind, row, attached: before.claimSessionId !== null, stripped };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone else proved and owns it now: this claim can never become the user's.
    await ctx.db.delete(table).where(and(eq(table.id, id), isNotNull(table.claimSessionId)));
    throw duplicateIdentifier(kind);
  }
  // The ended sessions' cached JWTs go too (their opaque tokens stopped working with the commit).
  if (proven?.stripped) forgetSessionJwts(ctx, proven.stripped.sessionIds);
  if (proven?.stripped && (proven.stripped.credentials > 0 || proven.stripped.identifiers > 0)) {
    ctx.log.info(
      { userId: proven.row.userId, ...proven.stripped, sessionIds: proven.stripped.sessionIds.length },
      'first proof of an unproven address: the account was reset to it',
    );
  }
  return proven;
}

/**
 * Issue 25 item 1, in the proof's transaction: a claim that became the user's is `<kind>.added`; a row proven for the
 * first time is `<kind>.verified` (a sign-up's address too; a repeated sign-in by the same address writes neither).
 * Actor and subject are the row's user: whoever redeemed the code or link holds that account now.
 */
async function recordProofEvents(
  tx: EventExecutor,
  request: EventRequest | null,
  options: { kind: IdentifierKind; row: IdentifierRow; added: boolean; verified: boolean; at: Date },
): Promise<void> {
  const { row, at } = options;
  const base = {
    projectId: row.projectId,
    actor: { type: 'user', id: row.userId } as const,
    subjectUserId: row.userId,
    request,
  };
  if (options.kind === 'email') {
    if (options.added)
      await recordEvent(tx, { ...base, type: 'email.added', payload: { email_id: row.id } }, at);
    if (options.verified)
      await recordEvent(tx, { ...base, type: 'email.verified', payload: { email_id: row.id } }, at);
    return;
  }
  if (options.added)
    await recordEvent(tx, { ...base, type: 'phone.added', payload: { phone_id: row.id } }, at);
  if (options.verified)
    await recordEvent(tx, { ...base, type: 'phone.verified', payload: { phone_id: row.id } }, at);
}

/**
 * Issue 20 item 4 (security-tests.md SS-09): an address or number was added to the account (a claim proven by its
 * session). Its owner is told on the channels they proved (features/notices), after the change committed.
 */
export function notifyAddedIdentifier(
  ctx: AppContext,
  request: Pick<RequestContext, 'project' | 'ip' | 'userAgent' | 'log'>,
  proven: ProvenIdentifier,
): void {
  notifySecurityEvent(ctx, request, {
    userId: proven.row.userId,
    event:
      proven.kind === 'email'
        ? { kind: 'email_added', email: proven.row.value }
        : { kind: 'phone_number_added', phoneNumber: proven.row.value },
  });
}
