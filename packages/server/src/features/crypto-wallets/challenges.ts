// Wallet sign-in challenges (issue 12 item 1; security-tests.md WL-01, WL-02, TK-01, TK-02): made on the server,
// stored with the exact message, bound to project, wallet type, address and (secondary start) the session, valid
// while now < expires_at on the server clock, and consumed by ONE conditional UPDATE … WHERE consumed_at IS NULL
// AND expires_at > now RETURNING, so that of concurrent submissions of one signature exactly one wins.
//
// Which challenge a signature is checked against (issue 20 item 2, security-tests.md AT-07): the one its nonce names
// when the caller says which (namedChallenge), else the caller's own newest live ones (started from its client
// address, or by its session) and only then a few of everyone else's (liveChallenges). Starts by strangers for a
// public address are stored under THEIR address, so they never push the owner's challenge out of the owner's set.
import type { CryptoWalletType } from '@gatehouse/protocol';
import { and, desc, eq, gt, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { cryptoWalletChallenges } from '../../infra/db/schema';
import { CHALLENGE_TTL_MS, createSignInMessage, newNonce } from './messages';

/**
 * A caller that names no challenge (the published Stytch clients, whose body has no message) is matched against its
 * own newest live challenges: a person signs the message they asked for last; two more cover a double click or a
 * second tab.
 */
export const MAX_OWN_CANDIDATES = 3;
/**
 * Then against this many of the wallet's other live challenges, newest first: a person whose client address changed
 * between start and sign (a phone moving between networks) still signs in while nobody is flooding their address.
 */
export const MAX_OTHER_CANDIDATES = 2;
/**
 * The signature checks one authenticate can cost: 1 with a named challenge; without, MAX_OWN_CANDIDATES +
 * MAX_OTHER_CANDIDATES = 5, the bound the old "newest 5" rule had, so no caller can make a call dearer than before
 * (bench/wallet-authenticate.ts: an Ethereum EOA check is about 3–4 ms of CPU, a Solana one about 1.5 ms). With a
 * project RPC URL an Ethereum signature that recovers to no candidate then asks the contract about each candidate,
 * until the first RPC call that does not answer (503).
 */
export const MAX_SIGNATURE_CHECKS = MAX_OWN_CANDIDATES + MAX_OTHER_CANDIDATES;

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
  /** The client address of the start (request.ip): its own starts are the ones a caller is matched against first. */
  ipAddress: string;
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
    ipAddress: options.ipAddress,
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

interface Caller {
  sessionId: string | null;
  ipAddress: string;
}

/** Challenges the caller started itself: from its client address, or (secondary) by its session. */
function startedBy(caller: Caller): SQL | undefined {
  const fromAddress = eq(cryptoWalletChallenges.ipAddress, caller.ipAddress);
  if (caller.sessionId === null) return fromAddress;
  return or(fromAddress, eq(cryptoWalletChallenges.sessionId, caller.sessionId));
}

/** The complement of startedBy, spelled out: NOT (… OR session_id = $s) would drop the rows whose session_id is null. */
function startedByOthers(caller: Caller): SQL | undefined {
  const elsewhere = ne(cryptoWalletChallenges.ipAddress, caller.ipAddress);
  if (caller.sessionId === null) return elsewhere;
  return and(
    elsewhere,
    or(isNull(cryptoWalletChallenges.sessionId), ne(cryptoWalletChallenges.sessionId, caller.sessionId)),
  );
}

/**
 * The live challenges of the wallet this caller may redeem, for a caller that names none: first the newest
 * MAX_OWN_CANDIDATES it started itself (startedBy), then the newest MAX_OTHER_CANDIDATES of the others; at most
 * MAX_SIGNATURE_CHECKS, own first.
 */
export async function liveChallenges(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: WalletKey & { sessionId: string | null; ipAddress: string },
): Promise<WalletChallenge[]> {
  const live = and(
    ...ofWallet(key),
    redeemableBy(key.sessionId),
    isNull(cryptoWalletChallenges.consumedAt),
    gt(cryptoWalletChallenges.expiresAt, ctx.clock.now()),
  );
  const newest = (where: SQL | undefined, limit: number) =>
    ctx.db
      .select()
      .from(cryptoWalletChallenges)
      .where(where)
      .orderBy(desc(cryptoWalletChallenges.createdAt), desc(cryptoWalletChallenges.id))
      .limit(limit);
  const mine = await newest(and(live, startedBy(key)), MAX_OWN_CANDIDATES);
  const others = await newest(and(live, startedByOthers(key)), MAX_OTHER_CANDIDATES);
  return [...mine, ...others];
}

/**
 * The ONE challenge a caller names by its nonce (issue 20 item 2), if it is this wallet's, live, redeemable by the
 * caller and stored with exactly `message`; else null (never issued, another project's or wallet's, another
 * session's, used, expired, or a message that differs from the one answered to the start).
 */
export async function namedChallenge(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: WalletKey & { sessionId: string | null; nonce: string; message: string },
): Promise<WalletChallenge | null> {
  const [row] = await ctx.db
    .select()
    .from(cryptoWalletChallenges)
    .where(
      and(
        // The unique index crypto_wallet_challenges_nonce_uq: one row at most.
        eq(cryptoWalletChallenges.nonce, key.nonce),
        ...ofWallet(key),
        redeemableBy(key.sessionId),
        isNull(cryptoWalletChallenges.consumedAt),
        gt(cryptoWalletChallenges.expiresAt, ctx.clock.now()),
      ),
    )
    .limit(1);
  return row !== undefined && row.message === key.message ? row : null;
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
