// Passwords (issue 10 item 1; SPEC §4 password flow, §7 POST /passwords/…; wire-format.md §4.10 and §6). A call
// reads as a list of named checks that refuse before anything is written (DESIGN.md convention 1): the body's
// bounds, the abuse guards (limits.ts), the account's failure budget, then the work. Hashing, verifying and the
// strength policy are the password kit's (ctx.passwords, kit.ts).
//
// E-mail addresses (DESIGN.md convention 13): POST /passwords creates a user holding the address UNVERIFIED, as a
// login_or_create does — typing an address proves nothing, so the row says verified: false until a link or code
// sent to it is redeemed; a redeemed reset link proves it (the mail reached its owner). Password sign-in resolves
// the address's owner only (never a pending claim); an address that already has an owner cannot be taken by
// POST /passwords (`duplicate_email`, wire-format decides: create answers a session, so it cannot answer alike).
import { type AuthenticationFactor, DEFAULT_LOCALE } from '@gatehouse/protocol';
import { clientIsGatehouseSdk } from '../../infra/captcha';
import type { AppContext, RequestContext } from '../../infra/context';
import { projectDisplayName } from '../../infra/display-name';
import { ApiError } from '../../infra/errors';
import { type AskedLocale, NO_ASKED_LOCALE } from '../../infra/message-locale';
import { recordEvent } from '../audit';
import { assertValidEmail } from '../magic-links';
import { notifySecurityEvent } from '../notices';
import { issueSession, validateSessionDuration } from '../sessions';
import {
  duplicateIdentifier,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  rememberLocale,
  storedLocale,
} from '../users';
import type { StrengthCheckResult } from './kit';
import { migratePassword } from './lazy-migration';
import {
  assertFailureBudget,
  forgetFailures,
  guardPasswordCall,
  guardStrengthCheck,
  NOTIFY_AFTER_FAILURES,
  recordFailure,
  takeStreakPlace,
} from './limits';
import { askToChangePassword } from './reset-links';
import type { AuthenticatePasswordBody, CreatePasswordBody, StrengthCheckBody } from './schema';
import { renderSignInAfterFailuresEmail } from './sign-in-notice-email';
import { findPassword, rehashPassword, requireReset, savePassword } from './store';

export { DEFAULT_RESET_EXPIRATION_MINUTES, RESET_TOKEN_BYTES } from './reset-links';

export const WRONG_PASSWORD_MESSAGE = 'The email address or password is not correct.';
export const RESET_PASSWORD_MESSAGE =
  'This password must be reset before it can be used: it may have been exposed in a data breach. Check your email to set a new one.';
/** BF-09: the answer of a locked password (and of an unknown address at its ceiling: EN-01). */
export const PASSWORD_LOCKED_MESSAGE =
  'Too many wrong passwords were entered for this account, so its password must be reset before it can be used. Check your email to set a new one.';
export const UNABLE_TO_RESET_MESSAGE =
  'The password reset link could not be used because it was either already used or expired. Request another one.';

/** SPEC §4 password flow: a password sign-in's factor (wire-format.md §4.1: `knowledge`, no sub-object). */
export function passwordFactor(): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return { type: 'password', delivery_method: 'knowledge' };
}

function wrongPassword(): ApiError {
  return new ApiError('unauthorized_credentials', WRONG_PASSWORD_MESSAGE);
}

/** SPEC §5: the breach line of the password screens, also the reason a breached new password is refused. */
export const BREACHED_PASSWORD_MESSAGE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

/** A new password the policy refuses: `weak_password` with the policy's reason. */
export function assertAcceptable(strength: StrengthCheckResult): void {
  if (strength.valid_password) return;
  const reason = strength.breached_password
    ? BREACHED_PASSWORD_MESSAGE
    : strength.strength_policy === 'luds'
      ? 'This password does not meet the project’s requirements for length and character types.'
      : [strength.feedback.warning, ...strength.feedback.suggestions].filter(Boolean).join(' ') ||
        'This password is too easy to guess. Please choose a stronger one.';
  throw new ApiError('weak_password', reason);
}

/** Issue 26 item 3 (Security: "breached-password refusals"): the `reason` of such a `sign_in.failed`. */
export const BREACHED_PASSWORD_REASON = 'breached_password';

/**
 * assertAcceptable, with a refusal for a breached password recorded first as `sign_in.failed { method: password,
 * reason: breached_password }` (every route that sets a password answers a session). `userId`: whose password it
 * would have been, when known.
 */
export async function assertAcceptableRecorded(
  ctx: AppContext,
  request: RequestContext,
  options: { strength: StrengthCheckResult; userId: string | null },
): Promise<void> {
  if (!options.strength.valid_password && options.strength.breached_password) {
    await recordPasswordFailure(ctx, request, { userId: options.userId, reason: BREACHED_PASSWORD_REASON });
  }
  assertAcceptable(options.strength);
}

/** POST /passwords: a new user with this address (unverified) and password, signed in. */
export async function createPassword(
  ctx: AppContext,
  request: RequestContext,
  options: { body: CreatePasswordBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const email = assertValidEmail(body.email);
  ctx.passwords.assertLength(body.password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  const owner = await findOwnedIdentifier(ctx, { kind: 'email', projectId: project.id, value: email });
  await guardPasswordCall(ctx, request, {
    createsUser: owner === null,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  if (owner !== null) throw duplicateIdentifier('email');
  const strength = await ctx.passwords.strength(project, { password: body.password, email });
  if (strength.breached_password) {
    await recordPasswordFailure(ctx, request, { userId: null, reason: BREACHED_PASSWORD_REASON });
    throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  }
  assertAcceptable(strength);
  const hash = await ctx.passwords.hash(body.password);
  const found = await findOrCreateUserByIdentifier(ctx, {
    kind: 'email',
    projectId: project.id,
    tokenMode: request.tokenMode,
    value: email,
    status: 'active',
  });
  // Someone created the address meanwhile: theirs, not ours to set a password on.
  if (!found.created) throw duplicateIdentifier('email');
  // Issue 25 item 1: the sign-up's password is the account's first (password.set).
  await savePassword(ctx, {
    userId: found.userId,
    hash,
    tokenMode: request.tokenMode,
    event: { request, via: 'session' },
  });
  // BF-09: guesses made while nobody held the address must not lock the new account's password.
  await forgetFailures(ctx, email);
  const issued = await issueSession(ctx, request, {
    userId: found.userId,
    factor: passwordFactor(),
    sessionDurationMinutes,
  });
  return { ...issued, email_id: found.id };
}

/**
 * The owner of `email` when `password` is theirs: the failure budgets first (BF-01: a throttled account refuses even
 * the right password), then the ceiling (BF-09: a locked password is not verified at all), an unknown address
 * costing one verify all the same (EN-02: PasswordKit.verifyNothing), a wrong password counted.
 */
export async function verifyAccountPassword(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; password: string },
): Promise<{
  userId: string;
  emailId: string;
  passwordId: string;
  requiresReset: boolean;
  failuresBefore: number;
}> {
  const { email, password } = options;
  await assertFailureBudget(ctx, request, email);
  const place = await takeStreakPlace(ctx, request, email);
  if (place.locked) {
    // BF-09: the answer must not tell a right guess from a wrong one, nor a known address from an unknown one
    // (EN-01); the dummy verify keeps the work of a verified attempt (EN-02). The widget sends a reset e-mail.
    await ctx.passwords.verifyNothing(password);
    await recordPasswordFailure(ctx, request, { userId: null, reason: 'locked' });
    throw new ApiError('reset_password', PASSWORD_LOCKED_MESSAGE);
  }
  const owner = await findOwnedIdentifier(ctx, {
    kind: 'email',
    projectId: request.project.id,
    value: email,
  });
  // EN-02: the same queries whether or not the address has an owner (an unknown one looks up a user id that no row
  // has), then one argon2id verify either way.
  const stored = await findPassword(ctx, owner?.userId ?? '');
  const result = stored
    ? await ctx.passwords.verify(stored.hash, password)
    : await ctx.passwords.verifyNothing(password).then(() => ({ valid: false, needsRehash: false }));
  if (owner === null || stored === null || !result.valid) {
    // Issue 24 item 5: an address with no password here is asked of the project's old provider, once.
    const migrated = stored === null ? await migratePassword(ctx, request, { email, password, owner }) : null;
    if (migrated !== null) {
      await forgetFailures(ctx, email);
      return { ...migrated, requiresReset: false, failuresBefore: place.failuresBefore };
    }
    await recordFailure(ctx, request, email);
    await recordPasswordFailure(ctx, request, {
      userId: owner?.userId ?? null,
      reason: owner === null ? 'unknown_user' : stored === null ? 'no_password' : 'wrong_password',
    });
    if (place.reachesCeiling) {
      await lockPassword(ctx, request, {
        userId: stored?.userId ?? null,
        failures: place.failuresBefore + 1,
      });
    }
    throw wrongPassword();
  }
  await forgetFailures(ctx, email);
  if (result.needsRehash) {
    // Issue 10: parameters stored with each hash are upgraded at the next sign-in.
    await rehashPassword(ctx, {
      userId: owner.userId,
      oldHash: stored.hash,
      newHash: await ctx.passwords.rehash(password),
    });
  }
  return {
    userId: owner.userId,
    emailId: owner.id,
    passwordId: stored.id,
    requiresReset: stored.requiresReset,
    failuresBefore: place.failuresBefore,
  };
}

/**
 * Issue 25 item 1: a refused password sign-in is an event (`sign_in.failed`, method password); the same one INSERT
 * whether or not the address has an owner (EN-02: no difference in work). The address itself is not in it.
 */
async function recordPasswordFailure(
  ctx: AppContext,
  request: RequestContext,
  options: { userId: string | null; reason: string },
): Promise<void> {
  await recordEvent(
    ctx.db,
    {
      projectId: request.project.id,
      type: 'sign_in.failed',
      actor: { type: 'anonymous' },
      subjectUserId: options.userId,
      request,
      payload: { method: 'password', reason: options.reason },
    },
    ctx.clock.now(),
  );
}

/**
 * BF-09, at the crossing (the failure that reached the project's ceiling): the password needs a reset from now on
 * — marked on its row too, which outlives the streak (a restart of the memory store, a quiet week) — and its owner
 * is told once. An address without a password runs the same UPDATE on a user id no row has (EN-02).
 */
async function lockPassword(
  ctx: AppContext,
  request: RequestContext,
  options: { userId: string | null; failures: number },
): Promise<void> {
  await requireReset(ctx, options.userId ?? '');
  if (options.userId === null) return;
  notifySecurityEvent(ctx, request, {
    userId: options.userId,
    event: { kind: 'password_locked', failures: options.failures },
  });
}

/**
 * BF-01: a sign-in with the password after NOTIFY_AFTER_FAILURES or more wrong ones in a row is reported to the
 * address (the account's owned e-mail), through the delivery (the outbox in development). Not awaited: the answer
 * does not wait for the mail, and a failed delivery is logged, never thrown over the sign-in.
 */
export async function notifyIfAfterFailures(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; userId: string; failuresBefore: number },
): Promise<void> {
  if (options.failuresBefore < NOTIFY_AFTER_FAILURES) return;
  const at = ctx.clock.now();
  // Issue 27 item 2: a notice is in the user's stored locale, read before this sign-in's own `locale` is remembered
  // (the caller awaits this read): whoever guessed the password does not choose the language that warns the owner.
  const locale = await storedLocale(ctx, options.userId).catch(() => null);
  const rendered = renderSignInAfterFailuresEmail({
    projectName: projectDisplayName(request.project),
    failedAttempts: options.failuresBefore,
    at,
    locale: locale ?? DEFAULT_LOCALE,
  });
  ctx.delivery
    .send({ channel: 'email', to: options.email, projectId: request.project.id, ...rendered })
    .catch((error: unknown) =>
      request.log.error({ err: error }, 'sign-in notice e-mail could not be delivered'),
    );
}

/** POST /passwords/authenticate. */
export async function authenticatePassword(
  ctx: AppContext,
  request: RequestContext,
  options: {
    body: AuthenticatePasswordBody;
    action: string;
    /** Issue 27 item 2: the body's `locale` and Accept-Language (remembered; the language of a change request). */
    locale?: AskedLocale;
  },
) {
  const { body } = options;
  const email = assertValidEmail(body.email);
  // Issue 24 item 1: only the upper bound here; the length rule is for setting a password (below: asked to change).
  ctx.passwords.assertVerifiable(body.password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const account = await verifyAccountPassword(ctx, request, { email, password: body.password });
  // SPEC §4: a breached or must-reset password answers reset_password (the widget sends a reset and shows
  // PasswordDedupe); only said to whoever knows the password.
  if (account.requiresReset) throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  // The breached check alone: strength() would also run zxcvbn on the event loop at every sign-in (issue 10 item 6).
  if (await ctx.passwords.isBreached(body.password)) {
    await requireReset(ctx, account.userId);
    await recordPasswordFailure(ctx, request, { userId: account.userId, reason: BREACHED_PASSWORD_REASON });
    throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  }
  const issued = await issueSession(ctx, request, {
    userId: account.userId,
    factor: passwordFactor(),
    sessionDurationMinutes,
  });
  await notifyIfAfterFailures(ctx, request, {
    email,
    userId: account.userId,
    failuresBefore: account.failuresBefore,
  });
  // Issue 27 item 2: a sign-in with a `locale` makes it the user's last locale.
  const asked = options.locale ?? NO_ASKED_LOCALE;
  await rememberLocale(ctx, account.userId, asked);
  if (!ctx.passwords.meetsMinimumLength(body.password))
    askToChangePassword(ctx, request, {
      email,
      owner: { userId: account.userId, id: account.emailId },
      locale: asked,
    });
  return issued;
}

/** POST /passwords/strength_check (wire-format.md §4.10). */
export async function checkStrength(
  ctx: AppContext,
  request: RequestContext,
  options: { body: StrengthCheckBody; action: string },
): Promise<StrengthCheckResult> {
  const { body } = options;
  // SPEC §8: an invalid_email here shows the server's message.
  const email = body.email === undefined || body.email === '' ? null : assertValidEmail(body.email);
  // No length refusal here: the widget checks as the user types, and a short password is an answer
  // (valid_password false), not an error; the schema bounds the size.
  await guardStrengthCheck(ctx, request, options.action);
  const result = await ctx.passwords.strength(request.project, { password: body.password, email });
  return withBreachWarning(result, request.sdkClient);
}

/**
 * Issue 14 item 2: under zxcvbn the Stytch pre-built UI shows only `feedback.warning` below its meter (its breach
 * line is LUDS-only, SPEC §5), so a breached password zxcvbn scores strong left it with a full meter, a disabled
 * Continue and no reason. For every caller but the Gatehouse SDK (whose widget draws its own breach line from
 * `breached_password`, react strength-feedback.tsx), the warning names the breach — as the watermark is decided
 * by caller in bootstrap.
 */
export function withBreachWarning(
  result: StrengthCheckResult,
  sdkClient: string | null,
): StrengthCheckResult {
  if (!result.breached_password || result.strength_policy !== 'zxcvbn' || clientIsGatehouseSdk(sdkClient)) {
    return result;
  }
  return { ...result, feedback: { ...result.feedback, warning: BREACHED_PASSWORD_MESSAGE } };
}
