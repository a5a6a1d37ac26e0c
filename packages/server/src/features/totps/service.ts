// TOTP and recovery codes (issue 13 item 1; SPEC §3 totps, §4 "a session becomes authenticated after TOTP or a
// recovery code", §7; wire-format.md §4.8). Every call needs a signed-in session: enrolment adds an authenticator
// app to the session's user, and a code or recovery code adds its factor to the session (SPEC §4 secondary calls).
// Secrets are encrypted at rest under SECRET_KEY, recovery codes stored as SHA-256; a TOTP code is accepted once per
// 30 s step, within ±1 step of the server clock (security-tests.md BF-06).
import type { AuthenticationFactor, User } from '@gatehouse/protocol';
import { and, count, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import type { Database } from '../../infra/db/client';
import { totpRecoveryCodes, totps } from '../../infra/db/schema';
import { projectDisplayName } from '../../infra/display-name';
import { ApiError, isApiError } from '../../infra/errors';
import type { Reencryption } from '../../infra/secret-key';
import { recordOwnEvent, recordSignInFailed } from '../audit';
import { notifySecurityEvent } from '../notices';
import {
  type IssuedSession,
  issueSession,
  lockLiveSession,
  signedIn,
  validateSessionDuration,
} from '../sessions';
import { loadUser } from '../users';
import {
  forgetFailures,
  forgetStreak,
  guardAttempt,
  guardEnrolment,
  recordFailure,
  takeStreakPlace,
} from './limits';
import { qrCodeDataUrl } from './qr-code';
import { compactRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import type { AuthenticateBody, CreateBody, RecoverBody } from './schema';
import { matchingStep, newTotpSecret, otpauthUri } from './totp-code';

/** Stytch's bounds of `expiration_minutes` for an unconfirmed enrolment: 5 minutes to a day, a day by default. */
export const MIN_TOTP_EXPIRATION_MINUTES = 5;
export const MAX_TOTP_EXPIRATION_MINUTES = 1440;
export const DEFAULT_TOTP_EXPIRATION_MINUTES = 1440;
/** Unconfirmed enrolments tried per code (a person may have scanned an older QR code than the newest). */
const MAX_CANDIDATES = 3;

export const WRONG_TOTP_MESSAGE =
  'The code is not right, or it was already used. Please enter the current code.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'The recovery code is not right, or it was already used.';
export const NO_TOTP_MESSAGE = 'This user has no authenticator app set up.';
export const ACTIVE_TOTP_MESSAGE =
  'This user already has an authenticator app. Remove it before setting up another one.';

const SECRET_PURPOSE = 'totp-secret';

type TotpRow = typeof totps.$inferSelect;

/** The stored form of a secret (exported for the bulk import, bulk-import.ts). */
export function encryptSecret(ctx: Pick<AppContext, 'secrets'>, id: string, secret: string): Buffer {
  return Buffer.from(ctx.secrets.encrypt(SECRET_PURPOSE, new TextEncoder().encode(secret), id));
}

export function decryptSecret(
  ctx: Pick<AppContext, 'secrets'>,
  row: Pick<TotpRow, 'id' | 'secretCiphertext'>,
): string {
  return new TextDecoder().decode(ctx.secrets.decrypt(SECRET_PURPOSE, row.secretCiphertext, row.id));
}

function validateExpiration(minutes: number | undefined): number {
  if (minutes === undefined) return DEFAULT_TOTP_EXPIRATION_MINUTES;
  if (minutes < MIN_TOTP_EXPIRATION_MINUTES || minutes > MAX_TOTP_EXPIRATION_MINUTES) {
    throw new ApiError(
      'invalid_expiration_minutes',
      `expiration_minutes must be between ${MIN_TOTP_EXPIRATION_MINUTES} and ${MAX_TOTP_EXPIRATION_MINUTES}.`,
    );
  }
  return minutes;
}

/** What the authenticator app lists the account as: the user's first e-mail, else phone number, else id. */
function accountLabel(user: User): string {
  return user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
}

export function totpFactor(totpId: string): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return {
    type: 'totp',
    delivery_method: 'authenticator_app',
    authenticator_app_factor: { totp_id: totpId },
  };
}

export function recoveryCodeFactor(codeId: string): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return {
    type: 'recovery_code',
    delivery_method: 'recovery_code',
    recovery_code_factor: { totp_recovery_code_id: codeId },
  };
}

export interface CreatedTotp {
  totp_id: string;
  secret: string;
  /** The `otpauth://totp/…` URI the QR code carries, for apps that take a link (a Gatehouse addition). */
  otpauth_uri: string;
  qr_code: string;
  recovery_codes: string[];
  user_id: string;
  __user: User;
}

/**
 * POST /totps: a new, unconfirmed authenticator app for the signed-in user, usable once a code from it is accepted
 * (POST /totps/authenticate) within `expiration_minutes`. A user keeps one: a confirmed one must be removed first
 * (DELETE /users/totps/{id}); unconfirmed ones are replaced.
 */
export async function createTotp(
  ctx: AppContext,
  request: RequestContext,
  options: { body: CreateBody; action: string },
): Promise<CreatedTotp> {
  const { userId } = signedIn(request);
  const minutes = validateExpiration(options.body.expiration_minutes);
  await guardEnrolment(ctx, request, { userId, action: options.action });
  const now = ctx.clock.now();
  const id = newId('totp', request.tokenMode);
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    // Issue 20 item 1: written while the session is held, so a first proof resetting the account cannot leave it.
    await lockLiveSession(tx, { sessionId: signedIn(request).row.id, userId });
    const [active] = await tx
      .select({ id: totps.id })
      .from(totps)
      .where(and(eq(totps.userId, userId), eq(totps.verified, true)))
      .limit(1);
    if (active) throw new ApiError('active_totp_exists', ACTIVE_TOTP_MESSAGE);
    await tx.delete(totps).where(and(eq(totps.userId, userId), eq(totps.verified, false)));
    await tx.insert(totps).values({
      id,
      userId,
      projectId: request.project.id,
      secretCiphertext: encryptSecret(ctx, id, secret),
      verified: false,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    });
    await tx.insert(totpRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        id: newId('totp-recovery-code', request.tokenMode),
        totpId: id,
        projectId: request.project.id,
        codeHash: recoveryCodeHash(compactRecoveryCode(code)!),
      })),
    );
  });
  const user = await loadUser(ctx, userId);
  if (!user) throw new ApiError('user_unauthenticated', 'The signed-in user no longer exists.');
  const uri = otpauthUri({ secret, label: accountLabel(user), issuer: projectDisplayName(request.project) });
  return {
    totp_id: id,
    secret,
    otpauth_uri: uri,
    qr_code: qrCodeDataUrl(uri),
    recovery_codes: recoveryCodes,
    user_id: userId,
    __user: user,
  };
}

/** What a code attempt checks first: the session, the duration asked for, and the IP's and user's budgets. */
async function beginAttempt(
  ctx: AppContext,
  request: RequestContext,
  options: {
    body: { session_duration_minutes?: number | undefined; captcha_token?: string | undefined };
    action: string;
  },
): Promise<{ userId: string; sessionDurationMinutes: number }> {
  const { userId } = signedIn(request);
  const sessionDurationMinutes = validateSessionDuration(options.body.session_duration_minutes);
  await guardAttempt(ctx, request, {
    userId,
    action: options.action,
    captchaToken: options.body.captcha_token ?? null,
  });
  return { userId, sessionDurationMinutes };
}

/** The user's usable TOTPs: the confirmed one first, then unconfirmed ones not yet expired, newest first. */
function usableTotps(db: Database, userId: string, now: Date, limit: number): Promise<TotpRow[]> {
  return db
    .select()
    .from(totps)
    .where(and(eq(totps.userId, userId), or(eq(totps.verified, true), gt(totps.expiresAt, now))))
    .orderBy(desc(totps.verified), desc(totps.createdAt))
    .limit(limit);
}

/**
 * POST /totps/authenticate: a code of the user's authenticator app. The first accepted code confirms an enrolment.
 * One atomic UPDATE accepts the step, so a code replayed (also concurrently) within its step fails.
 */
export async function authenticateTotp(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateBody; action: string },
): Promise<IssuedSession & { totp_id: string }> {
  const { body } = options;
  const { userId, sessionDurationMinutes } = await beginAttempt(ctx, request, options);
  const now = ctx.clock.now();
  const candidates = await usableTotps(ctx.db, userId, now, MAX_CANDIDATES);
  if (candidates.length === 0) throw new ApiError('totp_not_found', NO_TOTP_MESSAGE);
  // BF-09: the codes of a confirmed app count toward its ceiling (403 totp_locked past it, before comparing); an
  // enrolment being confirmed has nothing to lock yet.
  const confirmed = candidates.find((row) => row.verified) ?? null;
  const place =
    confirmed === null ? null : await takeLockedPlace(ctx, request, { userId, totpId: confirmed.id, now });

  for (const row of candidates) {
    const step = matchingStep(decryptSecret(ctx, row), body.totp_code, now.getTime());
    if (step === null) continue;
    const accept = (db: Pick<Database, 'update'>) =>
      db
        .update(totps)
        .set({ lastUsedStep: step, verified: true, expiresAt: null })
        .where(
          and(
            eq(totps.id, row.id),
            or(isNull(totps.lastUsedStep), lt(totps.lastUsedStep, step)),
            or(eq(totps.verified, true), gt(totps.expiresAt, now)),
          ),
        )
        .returning({ id: totps.id });
    // A user keeps one authenticator app: confirming an enrolment drops the other pending ones, and is the
    // enrolment's totp.enrolled event (issue 25 item 1), all in one transaction. A code of a confirmed app is the
    // one UPDATE.
    const [accepted] = row.verified
      ? await accept(ctx.db)
      : await ctx.db.transaction(async (tx) => {
          const confirmed = await accept(tx);
          if (confirmed.length === 0) return confirmed;
          await tx.delete(totps).where(and(eq(totps.userId, userId), eq(totps.verified, false)));
          await recordOwnEvent(tx, request, {
            type: 'totp.enrolled',
            userId,
            payload: { totp_id: row.id },
            at: now,
          });
          return confirmed;
        });
    if (!accepted) break;
    await forgetFailures(ctx, userId);
    if (confirmed !== null) await forgetStreak(ctx, confirmed.id);
    const issued = await issueSession(ctx, request, {
      userId,
      factor: totpFactor(row.id),
      sessionDurationMinutes,
      // Issue 20 item 3: the first code confirms the app this session just enrolled; only a code of an app the user
      // already had makes the session recent (else enrolling and confirming would pass the recent sign-in checks).
      reauthenticates: row.verified,
    });
    // Issue 20 item 4 (SS-09): the first accepted code made the enrolment a second factor of the account.
    if (!row.verified) notifySecurityEvent(ctx, request, { userId, event: { kind: 'totp_added' } });
    return { ...issued, totp_id: row.id };
  }
  await recordFailure(ctx, userId);
  await recordSignInFailed(ctx.db, request, {
    method: 'totp',
    reason: 'wrong_code',
    userId,
    signedIn: true,
    at: now,
  });
  // BF-09: the code that reached the ceiling locked the app; its owner is told once.
  if (place?.reachesCeiling) {
    notifySecurityEvent(ctx, request, { userId, event: { kind: 'totp_locked', failures: place.attempts } });
  }
  throw new ApiError('unable_to_auth_totp_code', WRONG_TOTP_MESSAGE);
}

/** takeStreakPlace, with a locked app's refusal recorded as sign_in.failed `locked` (issue 25 item 1). */
async function takeLockedPlace(
  ctx: AppContext,
  request: RequestContext,
  options: { userId: string; totpId: string; now: Date },
) {
  try {
    return await takeStreakPlace(ctx, request, options.totpId);
  } catch (error) {
    if (isApiError(error) && error.errorType === 'totp_locked') {
      await recordSignInFailed(ctx.db, request, {
        method: 'totp',
        reason: 'locked',
        userId: options.userId,
        signedIn: true,
        at: options.now,
      });
    }
    throw error;
  }
}

export interface RecoveryCodesAnswer {
  user_id: string;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[]; recovery_codes_remaining: number }[];
}

/**
 * POST /totps/recovery_codes. Deviation (README security section): the codes are stored only as hashes, so they
 * are shown once, at enrolment, and this call answers an empty `recovery_codes` list with the number still unused
 * (`recovery_codes_remaining`, security-tests.md BF-06 "the UI shows how many remain").
 */
export async function listRecoveryCodes(
  ctx: AppContext,
  request: RequestContext,
): Promise<RecoveryCodesAnswer> {
  const { userId } = signedIn(request);
  const rows = await usableTotps(ctx.db, userId, ctx.clock.now(), MAX_CANDIDATES);
  const remaining =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ totpId: totpRecoveryCodes.totpId, n: count() })
          .from(totpRecoveryCodes)
          .where(
            and(
              inArray(
                totpRecoveryCodes.totpId,
                rows.map((row) => row.id),
              ),
              isNull(totpRecoveryCodes.usedAt),
            ),
          )
          .groupBy(totpRecoveryCodes.totpId);
  const counts = new Map(remaining.map((row) => [row.totpId, Number(row.n)]));
  return {
    user_id: userId,
    totps: rows.map((row) => ({
      totp_id: row.id,
      verified: row.verified,
      recovery_codes: [],
      recovery_codes_remaining: counts.get(row.id) ?? 0,
    })),
  };
}

/**
 * POST /totps/recover: one of the confirmed TOTP's recovery codes, used once (one atomic UPDATE). Never locked by the
 * ceiling, and wrong ones never count toward it (BF-03, BF-09): 60 random bits each, throttled per user and IP.
 */
export async function recoverTotp(
  ctx: AppContext,
  request: RequestContext,
  options: { body: RecoverBody; action: string },
): Promise<IssuedSession & { totp_id: string }> {
  const { body } = options;
  const { userId, sessionDurationMinutes } = await beginAttempt(ctx, request, options);
  const compact = compactRecoveryCode(body.recovery_code);
  if (compact !== null) {
    const confirmed = ctx.db
      .select({ id: totps.id })
      .from(totps)
      .where(and(eq(totps.userId, userId), eq(totps.verified, true)));
    const now = ctx.clock.now();
    // Issue 25 item 1: the code used and its recovery_code.used event in one transaction.
    const used = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(totpRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(totpRecoveryCodes.codeHash, recoveryCodeHash(compact)),
            isNull(totpRecoveryCodes.usedAt),
            inArray(totpRecoveryCodes.totpId, confirmed),
          ),
        )
        .returning({ id: totpRecoveryCodes.id, totpId: totpRecoveryCodes.totpId });
      if (row !== undefined) {
        await recordOwnEvent(tx, request, {
          type: 'recovery_code.used',
          userId,
          payload: { totp_id: row.totpId },
          at: now,
        });
      }
      return row;
    });
    if (used) {
      await forgetFailures(ctx, userId);
      // BF-09: a recovery code unlocks the app.
      await forgetStreak(ctx, used.totpId);
      const issued = await issueSession(ctx, request, {
        userId,
        factor: recoveryCodeFactor(used.id),
        sessionDurationMinutes,
      });
      // BF-06 ("using one sends a notification"), SS-09: the owner is told, with how many remain.
      notifySecurityEvent(ctx, request, {
        userId,
        event: { kind: 'recovery_code_used', remaining: await remainingRecoveryCodes(ctx, used.totpId) },
      });
      return { ...issued, totp_id: used.totpId };
    }
  }
  await recordFailure(ctx, userId);
  await recordSignInFailed(ctx.db, request, {
    method: 'recovery_code',
    reason: 'wrong_code',
    userId,
    signedIn: true,
    at: ctx.clock.now(),
  });
  throw new ApiError('unable_to_auth_recovery_code', WRONG_RECOVERY_CODE_MESSAGE);
}

/** The unused recovery codes of a TOTP (read before answering, so the notice counts the code just used). */
async function remainingRecoveryCodes(ctx: AppContext, totpId: string): Promise<number> {
  const [left] = await ctx.db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.totpId, totpId), isNull(totpRecoveryCodes.usedAt)));
  return Number(left?.n ?? 0);
}

/** SECRET_KEY rotation (infra/secret-key.ts): every TOTP secret, in the caller's transaction. */
export const reencryptTotpSecrets: Reencryption = {
  name: 'TOTP secrets',
  async run(tx, { from, to }) {
    const rows = await tx
      .select({ id: totps.id, ciphertext: totps.secretCiphertext })
      .from(totps)
      .for('update');
    for (const row of rows) {
      const plaintext = from.decrypt(SECRET_PURPOSE, row.ciphertext, row.id);
      await tx
        .update(totps)
        .set({ secretCiphertext: Buffer.from(to.encrypt(SECRET_PURPOSE, plaintext, row.id)) })
        .where(eq(totps.id, row.id));
    }
    return rows.length;
  },
};
