// WebAuthn challenges (WebAuthn L3 §13.4.3; security-tests.md Part 4 "Other WebAuthn rules" and WA-01): random,
// made on the server, at least 16 bytes (we use 32), valid for the default ceremony timeout of 300 000 ms, stored
// only as SHA-256, bound to the ceremony type and (registration, secondary sign-in) to the user, and consumed by ONE
// conditional UPDATE so that of concurrent submissions exactly one wins (Part 7 §10: also at READ COMMITTED).
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId, sha256 } from '../../infra/crypto';
import { webauthnChallenges } from '../../infra/db/schema';

export const CHALLENGE_BYTES = 32;
/** WebAuthn L3 §15.1 recommended default ceremony timeout; the options' `timeout` says the same. */
export const CHALLENGE_TTL_MS = 300_000;

export type Ceremony = 'registration' | 'authentication_primary' | 'authentication_secondary';

export type ChallengeRecord = typeof webauthnChallenges.$inferSelect;

export interface CreateChallengeOptions {
  projectId: string;
  tokenMode: 'test' | 'live';
  ceremony: Ceremony;
  userId: string | null;
  rpId: string;
  isPasskey: boolean;
  authenticatorType?: string;
  userAgent?: string;
}

/** Makes and stores a challenge; returns its bytes (the options carry them base64url-encoded). */
export async function createChallenge(
  ctx: AppContext,
  options: CreateChallengeOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const challenge = new Uint8Array(randomBytes(CHALLENGE_BYTES));
  const now = ctx.clock.now();
  await ctx.db.insert(webauthnChallenges).values({
    id: newId('webauthn-challenge', options.tokenMode),
    projectId: options.projectId,
    userId: options.userId,
    challengeHash: sha256(Buffer.from(challenge).toString('base64url')),
    ceremony: options.ceremony,
    rpId: options.rpId,
    isPasskey: options.isPasskey,
    authenticatorType: options.authenticatorType ?? '',
    userAgent: options.userAgent ?? '',
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return challenge;
}

/**
 * Consumes the live challenge whose base64url text is `challenge` (clientDataJSON.challenge), made for one of
 * `ceremonies` in this project (and for `userId` when given). Null when there is none: unknown, already used,
 * expired, made for the other ceremony, another project or another user. A consumed challenge stays consumed
 * whatever happens next (single use even when the response then fails a check).
 */
export async function consumeChallenge(
  ctx: AppContext,
  options: { projectId: string; challenge: string; ceremonies: readonly Ceremony[]; userId?: string },
): Promise<ChallengeRecord | null> {
  const now = ctx.clock.now();
  const conditions = [
    eq(webauthnChallenges.challengeHash, sha256(options.challenge)),
    eq(webauthnChallenges.projectId, options.projectId),
    inArray(webauthnChallenges.ceremony, [...options.ceremonies]),
    isNull(webauthnChallenges.usedAt),
    gt(webauthnChallenges.expiresAt, now),
  ];
  if (options.userId !== undefined) conditions.push(eq(webauthnChallenges.userId, options.userId));
  const [consumed] = await ctx.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning();
  return consumed ?? null;
}
