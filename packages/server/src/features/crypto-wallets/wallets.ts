// The crypto_wallets rows (issue 12 item 1; DESIGN.md convention 13: an identifier belongs to a user only once that
// user proved it). A wallet is written only after its signature over a live challenge verified and that challenge
// was consumed, so every row here is proven (`verified` true) and there are no pending claims: a secondary start
// attaches nothing, the secondary authenticate attaches the proven wallet to the signed-in user. The unique index
// (project, wallet_type, address) settles races: ON CONFLICT DO NOTHING, and the loser reads the winner's row.
import type { CryptoWalletType } from '@gatehouse/protocol';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { cryptoWallets } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { type EventExecutor, type EventRequest, recordOwnEvent } from '../audit';
import { lockLiveSession } from '../sessions';
import { insertUserWithIdentifier } from '../users';

export type WalletRow = typeof cryptoWallets.$inferSelect;

interface WalletKey {
  projectId: string;
  type: CryptoWalletType;
  address: string;
}

export const DUPLICATE_WALLET_MESSAGE = 'This crypto wallet already belongs to another user of this project.';

export function duplicateWallet(): ApiError {
  return new ApiError('duplicate_crypto_wallet', DUPLICATE_WALLET_MESSAGE);
}

/** The row of a wallet in the project, or null. */
export async function findWallet(ctx: Pick<AppContext, 'db'>, key: WalletKey): Promise<WalletRow | null> {
  const [row] = await ctx.db
    .select()
    .from(cryptoWallets)
    .where(
      and(
        eq(cryptoWallets.projectId, key.projectId),
        eq(cryptoWallets.walletType, key.type),
        eq(cryptoWallets.address, key.address),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Issue 25 item 1: a new wallet row is `wallet.linked` on its user, in the transaction that writes it. */
function recordWalletLinked(
  tx: EventExecutor,
  request: EventRequest,
  row: WalletRow,
  at: Date,
): Promise<void> {
  return recordOwnEvent(tx, request, {
    type: 'wallet.linked',
    userId: row.userId,
    payload: { crypto_wallet_type: row.walletType },
    at,
  });
}

// Thrown inside the transaction to roll our user row back when a concurrent sign-in created the wallet first.
class LostRace extends Error {}

/**
 * The owner of a proven wallet, or a new active user holding it. Atomic (user and wallet in one transaction) and
 * race-safe (security-tests.md LD-02): the loser of a concurrent first sign-in rolls back and reads the winner's.
 */
export async function findOrCreateWalletUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: WalletKey & { tokenMode: 'test' | 'live' },
  request: EventRequest,
): Promise<{ wallet: WalletRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findWallet(ctx, key);
    if (existing !== null) return { wallet: existing, created: false };
    try {
      const wallet = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const userId = newId('user', key.tokenMode);
        // DESIGN.md convention 11: the users feature writes its own table.
        await insertUserWithIdentifier(tx, {
          userId,
          projectId: key.projectId,
          status: 'active',
          name: { first_name: '', middle_name: '', last_name: '' },
          createdAt: now,
          identifier: null,
          method: 'crypto_wallet',
        });
        const [inserted] = await tx
          .insert(cryptoWallets)
          .values({
            id: newId('crypto-wallet', key.tokenMode),
            userId,
            projectId: key.projectId,
            walletType: key.type,
            address: key.address,
            verified: true,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new LostRace();
        await recordWalletLinked(tx, request, inserted, now);
        return inserted;
      });
      return { wallet, created: true };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
    }
  }
  const winner = await findWallet(ctx, key);
  if (winner === null) throw new Error('findOrCreateWalletUser: the wallet vanished during creation');
  return { wallet: winner, created: false };
}

/**
 * A signed-in user proved a wallet: theirs already, or attached to them now. duplicate_crypto_wallet (nothing
 * written) when another user of the project owns it.
 */
export async function attachWallet(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: WalletKey & { tokenMode: 'test' | 'live'; userId: string; sessionId: string },
  request: EventRequest,
): Promise<WalletRow> {
  const existing = await findWallet(ctx, key);
  if (existing !== null) {
    if (existing.userId !== key.userId) throw duplicateWallet();
    return existing;
  }
  // Written while the session is held (issue 20 item 1): a first proof that resets the account meanwhile either
  // removes this wallet after it commits, or ends the session before it and nothing is written.
  const now = ctx.clock.now();
  const [inserted] = await ctx.db.transaction(async (tx) => {
    await lockLiveSession(tx, { sessionId: key.sessionId, userId: key.userId });
    const written = await tx
      .insert(cryptoWallets)
      .values({
        id: newId('crypto-wallet', key.tokenMode),
        userId: key.userId,
        projectId: key.projectId,
        walletType: key.type,
        address: key.address,
        verified: true,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (written[0] !== undefined) await recordWalletLinked(tx, request, written[0], now);
    return written;
  });
  if (inserted) return inserted;
  const winner = await findWallet(ctx, key);
  if (winner === null || winner.userId !== key.userId) throw duplicateWallet();
  return winner;
}
