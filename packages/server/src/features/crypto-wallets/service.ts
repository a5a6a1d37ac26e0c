// Crypto-wallet sign-in (issue 12 item 1; SPEC §4 "Crypto: connect wallet, request challenge, sign it,
// authenticate"; SPEC §7 the wallet calls; wire-format.md §4.7; security-tests.md part J WL-01..WL-05, EN-01, TK-01,
// TK-02; issue 20 item 2, AT-05/AT-07).
//
// start (primary: no session; secondary: a signed-in session) checks the type and address, then issues and stores
// a challenge (messages.ts) with the client address it came from and answers `{ challenge }`. It never looks the
// wallet up, so the answer (shape, work, time) is the same whether or not anyone owns the address (EN-01).
//
// authenticate checks, in order: type and address; rate limits; the challenge(s) this caller may redeem (expired
// ones of the wallet deleted first, WL-02):
// - a body with `challenge` (our SDK's extension, schema.ts) names ONE: the row its nonce selects, which must be this
//   project's and wallet's, redeemable by the caller, live and stored with exactly that text; else
//   crypto_wallet_challenge_not_found and nothing else changes (no challenge is used). The signature is checked
//   against it alone;
// - a body without (the published Stytch clients) is matched against the caller's own newest live challenges
//   (started from its client address or by its session), then a few of the others (challenges.ts), none at all →
//   crypto_wallet_challenge_not_found;
// then the signature (verification.ts), none matching → invalid_signature; a signed-in caller's wallet owned by
// someone else → duplicate_crypto_wallet; then the ONE conditional UPDATE that consumes the matched challenge (lost →
// crypto_wallet_challenge_not_found: of 16 concurrent uses exactly one goes on). Only then is anything written: the
// user found by the wallet or created with it (no session), or the wallet attached to the session's user (session),
// and the session with a crypto-wallet factor (SPEC §4: any successful login authenticates).
import type { AuthenticationFactor, CryptoWalletType } from '@gatehouse/protocol';
import type { AppContext, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { issueSession, signedIn, validateSessionDuration } from '../sessions';
import { assertMayAttach } from '../sessions/step-up';
import { signUpCheck, TOO_MANY_SIGN_UPS_MESSAGE } from '../users';
import { parseWalletAddress, parseWalletType, type WalletAddress } from './addresses';
import {
  consumeChallenge,
  deleteExpiredChallenges,
  issueChallenge,
  liveChallenges,
  namedChallenge,
  type WalletChallenge,
} from './challenges';
import { guardAuthenticate, guardStart } from './limits';
import { chainIdFor, nonceOf, signingOrigin } from './messages';
import type { AuthenticateBody, AuthenticateStartBody } from './schema';
import { isContractSignature, isEoaSignature, verifySolanaSignature } from './verification';
import { attachWallet, duplicateWallet, findOrCreateWalletUser, findWallet, type WalletRow } from './wallets';

/** One text for "never issued, already used, expired, or issued to another session" (errors.ts). */
export const CHALLENGE_NOT_FOUND_MESSAGE =
  'No sign-in request is pending for this wallet, or it expired or was already used. Please start again.';
export const INVALID_SIGNATURE_MESSAGE =
  'The signature does not match the sign-in message issued for this wallet. Please sign the message again.';

function challengeNotFound(): ApiError {
  return new ApiError('crypto_wallet_challenge_not_found', CHALLENGE_NOT_FOUND_MESSAGE);
}

function invalidSignature(): ApiError {
  return new ApiError('invalid_signature', INVALID_SIGNATURE_MESSAGE);
}

/** wire-format.md §4.1 AuthenticationFactor of a wallet (Stytch's shape). */
export function cryptoWalletFactor(wallet: WalletRow): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    crypto_wallet_factor: {
      crypto_wallet_id: wallet.id,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: wallet.walletType,
    },
  };
}

function parseWallet(body: { crypto_wallet_type: string; crypto_wallet_address: string }): WalletAddress {
  const type: CryptoWalletType = parseWalletType(body.crypto_wallet_type);
  return parseWalletAddress(type, body.crypto_wallet_address);
}

/**
 * POST /crypto_wallets/authenticate/start/primary and /secondary. `origin`: the request's Origin header (checked by
 * the request-context hook), or null.
 */
export async function startAuthentication(
  ctx: AppContext,
  request: RequestContext,
  options: {
    body: AuthenticateStartBody;
    mode: 'primary' | 'secondary';
    origin: string | null;
    action: string;
  },
): Promise<{ challenge: string }> {
  const { body, mode } = options;
  const { project } = request;
  const sessionId = mode === 'secondary' ? signedIn(request).row.id : null;
  const wallet = parseWallet(body);
  await guardStart(ctx, request, {
    wallet,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const challenge = await issueChallenge(ctx, {
    projectId: project.id,
    tokenMode: request.tokenMode,
    type: wallet.type,
    address: wallet.address,
    origin: signingOrigin({
      requestOrigin: options.origin,
      project,
      publicUrl: ctx.config.publicUrl,
    }),
    chainId: chainIdFor(wallet.type, ctx.config),
    sessionId,
    ipAddress: request.ip,
  });
  return { challenge };
}

/**
 * The first of `candidates` (in the order given) whose message the signature verifies over, or null; one signature
 * check per candidate, at most MAX_SIGNATURE_CHECKS (challenges.ts). Ethereum: every candidate is tried as an EOA
 * signature first; only when none recovers to the address, and the project has an RPC URL, is the contract asked
 * (EIP-1271), one candidate after the other (an RPC that does not answer ends the call with a 503).
 */
async function matchingChallenge(
  request: RequestContext,
  options: { wallet: WalletAddress; signature: string; candidates: WalletChallenge[] },
): Promise<WalletChallenge | null> {
  const { wallet, signature, candidates } = options;
  if (wallet.type === 'solana') {
    const publicKey = wallet.publicKey;
    if (publicKey === null) return null;
    return (
      candidates.find((candidate) =>
        verifySolanaSignature({ publicKey, message: candidate.message, signature }),
      ) ?? null
    );
  }
  for (const candidate of candidates) {
    if (await isEoaSignature({ address: wallet.address, message: candidate.message, signature })) {
      return candidate;
    }
  }
  const rpcUrl = request.project.settings.ethereum_rpc_url ?? null;
  if (rpcUrl === null) return null;
  for (const candidate of candidates) {
    const accepted = await isContractSignature({
      address: wallet.address,
      message: candidate.message,
      signature,
      rpcUrl,
      log: request.log,
    });
    if (accepted) return candidate;
  }
  return null;
}

/**
 * The challenges a signature is checked against (see the header): the one `challenge` names (none when it names no
 * such challenge), or, without it, the caller's own newest and then a few others.
 */
async function challengesToTry(
  ctx: AppContext,
  request: RequestContext,
  options: {
    key: { projectId: string; type: CryptoWalletType; address: string };
    sessionId: string | null;
    challenge: string | undefined;
  },
): Promise<WalletChallenge[]> {
  const { key, sessionId, challenge } = options;
  if (challenge === undefined) return liveChallenges(ctx, { ...key, sessionId, ipAddress: request.ip });
  const nonce = nonceOf(key.type, challenge);
  if (nonce === null) return [];
  const named = await namedChallenge(ctx, { ...key, sessionId, nonce, message: challenge });
  return named === null ? [] : [named];
}

/** POST /crypto_wallets/authenticate (see the header). */
export async function authenticate(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const wallet = parseWallet(body);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardAuthenticate(ctx, request, {
    wallet,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const key = { projectId: project.id, type: wallet.type, address: wallet.address };
  const session = request.session;
  const sessionId = session?.row.id ?? null;

  await deleteExpiredChallenges(ctx, key);
  const candidates = await challengesToTry(ctx, request, { key, sessionId, challenge: body.challenge });
  if (candidates.length === 0) throw challengeNotFound();
  const matched = await matchingChallenge(request, { wallet, signature: body.signature, candidates });
  if (matched === null) throw invalidSignature();

  // Refusals that need no write come before the consume, so a refused call leaves the challenge as it was.
  const owner = await findWallet(ctx, key);
  if (session !== null && owner !== null && owner.userId !== session.userId) throw duplicateWallet();
  // Issue 20 item 3 (features/sessions/step-up.ts): attaching a wallet the user did not have is a credential write.
  const attaches = session !== null && owner === null;
  if (attaches) assertMayAttach(ctx, request, 'POST /crypto_wallets/authenticate');
  const signUp = session === null && owner === null ? signUpCheck(request.ip) : null;
  if (signUp !== null) await ctx.limits.consume(signUp, TOO_MANY_SIGN_UPS_MESSAGE);

  const consumed = await consumeChallenge(ctx, { id: matched.id, sessionId });
  if (consumed === null) {
    // A concurrent use won (a double click): it counted the sign-up, this one created nobody.
    if (signUp !== null) await ctx.limits.giveBack(signUp);
    throw challengeNotFound();
  }

  const row =
    session === null
      ? (await findOrCreateWalletUser(ctx, { ...key, tokenMode: request.tokenMode }, request)).wallet
      : await attachWallet(
          ctx,
          {
            ...key,
            tokenMode: request.tokenMode,
            userId: session.userId,
            sessionId: session.row.id,
          },
          request,
        );
  return issueSession(ctx, request, {
    userId: row.userId,
    factor: cryptoWalletFactor(row),
    sessionDurationMinutes,
    // A wallet attached now proves nothing the user held: the session does not become recent by it.
    reauthenticates: !attaches,
  });
}
