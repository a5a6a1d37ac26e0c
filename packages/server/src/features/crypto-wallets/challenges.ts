// Wallet sign-in challenges (issue 12 item 1; security-tests.md WL-01, WL-02, TK-01, TK-02): made on the server,
// stored with the exact message, bound to project, wallet type, address and (secondary start) the session, valid
// while now < expires_at on the server clock, and consumed by ONE conditional UPDATE … WHERE consumed_at IS NULL
// AND expires_at > now RETURNING, so that of concurrent submissions of one signature exactly one wins.
import type { CryptoWalletType } from '@gatehouse/protocol';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { cryptoWalletChallenges } from '../../infra/db/schema';
import { CHALLENGE_TTL_MS, createSignInMessage, newNonce } from './messages';

/**
 * Live challenges tried per authenticate, newest first: a person signs the message they asked for last; a few more
 * cover a double click or two tabs. Bounds the signature checks one call can cost.
 */
export const MAX_CANDIDATE_CHALLENGES = 5;

export type WalletChallenge = typeof cryptoWalletChallenges.$inferSelect;

export interface IssueChallengeOptions {
  projectId: string;
  tokenMode: 'test' | 'live';
  type: CryptoWalletType;
  address: string;
  origin: string;
  chainId: string;
  /** Secondary start: the session that alone may redeem it; primary: null. */
  sessionId: string | null;
}

/** Makes, stores and returns the message a wallet is to sign. */
export async function issueChallenge(ctx: Pick<AppContext, 'db' | 'clock'>, options: IssueChallengeOptions) {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const nonce = newNonce();
  const message = createSignInMessage({
    type: options.type,
    address: options.address,
    origin: options.origin,
    chainId: options.chainId,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
  });
  await ctx.db.insert(cryptoWalletChallenges).values({
    id: newId('crypto-wallet-challenge', options.tokenMode),
    projectId: options.projectId,
    walletType: options.type,
    address: options.address,
    message,
    nonce,
    chainId: options.chainId,
    sessionId: options.sessionId,
    expiresAt,
    createdAt: now,
  });
  return message;
}

interface WalletKey {
  projectId: string;
  type: CryptoWalletType;
  address: string;
}

function ofWallet(key: WalletKey) {
  return [
    eq(cryptoWalletChallenges.projectId, key.projectId),
    eq(cryptoWalletChallenges.walletType, key.type),
    eq(cryptoWalletChallenges.address, key.address),
  ];
}

/** A primary challenge, or a secondary one issued to `sessionId`. */
function redeemableBy(sessionId: string | null) {
  return sessionId === null
    ? isNull(cryptoWalletChallenges.sessionId)
    : or(isNull(cryptoWalletChallenges.sessionId), eq(cryptoWalletChallenges.sessionId, sessionId));
}

/**
 * WL-02 "an expired nonce row is deleted": the wallet's challenges whose time is up go (also the purge's job, see
 * infra/purge.ts); a used challenge stays used until then.
 */
export async function deleteExpiredChallenges(ctx: Pick<AppContext, 'db' | 'clock'>, key: WalletKey) {
  await ctx.db
    .delete(cryptoWalletChallenges)
    .where(and(...ofWallet(key), lte(cryptoWalletChallenges.expiresAt, ctx.clock.now())));
}

/** The newest live challenges of the wallet this caller may redeem (at most MAX_CANDIDATE_CHALLENGES). */
export async function liveChallenges(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: WalletKey & { sessionId: string | null },
): Promise<WalletChallenge[]> {
  return ctx.db
    .select()
    .from(cryptoWalletChallenges)
    .where(
      and(
        ...ofWallet(key),
        redeemableBy(key.sessionId),
        isNull(cryptoWalletChallenges.consumedAt),
        gt(cryptoWalletChallenges.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(cryptoWalletChallenges.createdAt), desc(cryptoWalletChallenges.id))
    .limit(MAX_CANDIDATE_CHALLENGES);
}

/**
 * Consumes challenge `id` if it is still live and redeemable by `sessionId`: one statement, so of concurrent calls
 * exactly one gets the row back (also at READ COMMITTED: the loser's UPDATE re-checks consumed_at after the winner
 * commits). Null for every loser.
 */
export async function consumeChallenge(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { id: string; sessionId: string | null },
): Promise<WalletChallenge | null> {
  const now = ctx.clock.now();
  const [consumed] = await ctx.db
    .update(cryptoWalletChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(cryptoWalletChallenges.id, options.id),
        redeemableBy(options.sessionId),
        isNull(cryptoWalletChallenges.consumedAt),
        gt(cryptoWalletChallenges.expiresAt, now),
      ),
    )
    .returning();
  return consumed ?? null;
}
