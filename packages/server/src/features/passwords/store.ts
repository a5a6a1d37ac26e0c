// The password rows of users (table `passwords`, one per user: an argon2id PHC string carrying its parameters) and
// the reset links (table `password_reset_tokens`, migration 0009). Only this feature writes them (DESIGN.md
// convention 11); features/users reads `passwords` for POST /users/search and the profile trigger for User.password.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId, sha256 } from '../../infra/crypto';
import { passwordResetTokens, passwords } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { type EventExecutor, type EventPayloads, type EventRequest, recordOwnEvent } from '../audit';
import { lockLiveSession } from '../sessions';

export interface PasswordRow {
  id: string;
  userId: string;
  hash: string;
  requiresReset: boolean;
}

export async function findPassword(ctx: Pick<AppContext, 'db'>, userId: string): Promise<PasswordRow | null> {
  const [row] = await ctx.db
    .select({
      id: passwords.id,
      userId: passwords.userId,
      hash: passwords.hash,
      requiresReset: passwords.requiresReset,
    })
    .from(passwords)
    .where(eq(passwords.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Issue 20 item 1 (races with a first proof that resets the account, features/users/first-proof.ts): what a
 * password write stands on. `session`: written on behalf of this signed-in session, which must still exist (held
 * while writing, features/sessions lockLiveSession). `replaces`: the password row the caller verified, which must
 * still be the user's (a reset in between removed it: nothing is written). Writes by a reset link or a new sign-up
 * need neither.
 */
export type PasswordWriteBasis =
  | { session: { sessionId: string } }
  | { replaces: { passwordId: string } }
  | null;

/** The password row the caller stood on is gone (a first proof reset the account meanwhile). */
function passwordGone(): ApiError {
  return new ApiError('unauthorized_credentials', 'The email address or password is not correct.');
}

/** How a password was replaced (`password.changed`'s `via`). */
export type PasswordChangeVia = EventPayloads['password.changed']['via'];

/**
 * Sets (or replaces) the user's password; a new one never needs a reset. Issue 25 item 1: in the same transaction,
 * `password.set` when the user had none (a sign-up, a first password from the account page or a reset link) or
 * `password.changed` with `event.via` when one was replaced.
 */
export async function savePassword(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: {
    userId: string;
    hash: string;
    tokenMode: 'test' | 'live';
    basis?: PasswordWriteBasis;
    event: { request: EventRequest; via: PasswordChangeVia };
  },
): Promise<void> {
  const basis = options.basis ?? null;
  const now = ctx.clock.now();
  const record = (tx: EventExecutor, replaced: boolean) =>
    replaced
      ? recordOwnEvent(tx, options.event.request, {
          type: 'password.changed',
          userId: options.userId,
          payload: { via: options.event.via },
          at: now,
        })
      : recordOwnEvent(tx, options.event.request, {
          type: 'password.set',
          userId: options.userId,
          payload: {},
          at: now,
        });
  if (basis !== null && 'replaces' in basis) {
    await ctx.db.transaction(async (tx) => {
      const replaced = await tx
        .update(passwords)
        .set({ hash: options.hash, requiresReset: false })
        .where(and(eq(passwords.id, basis.replaces.passwordId), eq(passwords.userId, options.userId)))
        .returning({ id: passwords.id });
      if (replaced.length === 0) throw passwordGone();
      await record(tx, true);
    });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    if (basis !== null)
      await lockLiveSession(tx, { sessionId: basis.session.sessionId, userId: options.userId });
    // xmax = 0: the row was inserted, not updated by ON CONFLICT (the user had no password).
    const [written] = await tx
      .insert(passwords)
      .values({
        id: newId('password', options.tokenMode),
        userId: options.userId,
        hash: options.hash,
        requiresReset: false,
        createdAt: now,
      })
      .onConflictDoUpdate({ target: passwords.userId, set: { hash: options.hash, requiresReset: false } })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    await record(tx, written?.inserted !== true);
  });
}

/**
 * Issue 24 item 5 (lazy migration): the user's first password, unless one was stored meanwhile (a concurrent
 * migration of the same address, a reset link): that one is kept. Returns the new row's id, or null when nothing was
 * written.
 */
export async function insertFirstPassword(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { userId: string; hash: string; tokenMode: 'test' | 'live'; request: EventRequest },
): Promise<string | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passwords)
      .values({
        id: newId('password', options.tokenMode),
        userId: options.userId,
        hash: options.hash,
        requiresReset: false,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passwords.userId })
      .returning({ id: passwords.id });
    if (row === undefined) return null;
    // Issue 25 item 1: the account's first password here, carried over from the old provider.
    await recordOwnEvent(tx, options.request, {
      type: 'password.set',
      userId: options.userId,
      payload: {},
      at: now,
    });
    return row.id;
  });
}

/** The same password under today's parameters (issue 10: upgraded at the next sign-in); only if unchanged since. */
export async function rehashPassword(
  ctx: Pick<AppContext, 'db'>,
  options: { userId: string; oldHash: string; newHash: string },
): Promise<void> {
  await ctx.db
    .update(passwords)
    .set({ hash: options.newHash })
    .where(and(eq(passwords.userId, options.userId), eq(passwords.hash, options.oldHash)));
}

/** A breached password found at sign-in: the user must reset it (SPEC §4 reset_password). */
export async function requireReset(ctx: Pick<AppContext, 'db'>, userId: string): Promise<void> {
  await ctx.db.update(passwords).set({ requiresReset: true }).where(eq(passwords.userId, userId));
}

export interface NewResetToken {
  projectId: string;
  userId: string;
  emailId: string;
  token: string;
  redirectUrl: string;
  templateId: string | null;
  codeChallenge: string | null;
  expiresAt: Date;
  tokenMode: 'test' | 'live';
}

/**
 * Stores the SHA-256 of a new link; earlier unused links of the address die (TK-03: only the newest is valid).
 * `within`: written in the same transaction (the link's password.reset_requested event).
 */
export async function storeResetToken(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  link: NewResetToken,
  within: (tx: EventExecutor, now: Date) => Promise<void>,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.emailId, link.emailId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      id: newId('password-reset', link.tokenMode),
      projectId: link.projectId,
      userId: link.userId,
      emailId: link.emailId,
      tokenHash: sha256(link.token),
      redirectUrl: link.redirectUrl,
      templateId: link.templateId,
      codeChallenge: link.codeChallenge,
      expiresAt: link.expiresAt,
      createdAt: now,
    });
    await within(tx, now);
  });
}

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

function liveToken(projectId: string, token: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, sha256(token)),
    eq(passwordResetTokens.projectId, projectId),
    isNull(passwordResetTokens.usedAt),
    // TK-02: valid only while now < expires_at, on the server clock.
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** The live link of `token`, or null (an expired one is consumed on the way, so a clock jump cannot revive it). */
export async function findLiveResetToken(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; token: string; now: Date },
): Promise<ResetTokenRow | null> {
  const { projectId, token, now } = options;
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(liveToken(projectId, token, now))
    .limit(1);
  if (row) return row;
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        eq(passwordResetTokens.projectId, projectId),
        isNull(passwordResetTokens.usedAt),
        lte(passwordResetTokens.expiresAt, now),
      ),
    );
  return null;
}

/**
 * TK-01: check and consume in one statement, so of concurrent redemptions exactly one gets the row (at READ
 * COMMITTED the others re-evaluate `used_at IS NULL` after the winner commits and match nothing).
 */
export async function consumeResetToken(
  ctx: Pick<AppContext, 'db'>,
  options: { id: string; projectId: string; token: string; now: Date },
): Promise<ResetTokenRow | null> {
  const [row] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: options.now })
    .where(
      and(liveToken(options.projectId, options.token, options.now), eq(passwordResetTokens.id, options.id)),
    )
    .returning();
  return row ?? null;
}

/** Gives a consumed link back when no reset came out of it (a passing fault must not burn it, FT-02). */
export async function releaseResetToken(
  ctx: Pick<AppContext, 'db'>,
  options: { id: string; usedAt: Date },
): Promise<void> {
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: null })
    .where(and(eq(passwordResetTokens.id, options.id), eq(passwordResetTokens.usedAt, options.usedAt)));
}
