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
import type { AuthenticationFactor } from '@gatehouse/protocol';
import { clientIsGatehouseSdk } from '../../infra/captcha';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { randomToken } from '../../infra/crypto';
import { ApiError } from '../../infra/errors';
import { assertChallengeWhenRequired, assertPkce } from '../../infra/pkce';
import { securitySettings } from '../../infra/project-settings';
import { assertValidEmail, resolveRedirectUrl } from '../magic-links';
import { MAX_EXPIRATION_MINUTES, MIN_EXPIRATION_MINUTES } from '../magic-links/service';
import { notifySecurityEvent } from '../notices';
import { issueSession, revokeUserSessions, signedIn, validateSessionDuration } from '../sessions';
import {
  duplicateIdentifier,
  findIdentifierById,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  loadUser,
  proveIdentifier,
} from '../users';
import type { StrengthCheckResult } from './kit';
import {
  assertFailureBudget,
  clearPasswordCeiling,
  forgetFailures,
  guardPasswordCall,
  guardResetSend,
  guardStrengthCheck,
  NOTIFY_AFTER_FAILURES,
  recordFailure,
  takeStreakPlace,
} from './limits';
import { buildResetUrl, renderResetEmail } from './reset-email';
import type {
  AuthenticatePasswordBody,
  CreatePasswordBody,
  ResetByEmailBody,
  ResetByExistingPasswordBody,
  ResetBySessionBody,
  ResetStartBody,
  StrengthCheckBody,
} from './schema';
import { renderSignInAfterFailuresEmail } from './sign-in-notice-email';
import {
  consumeResetToken,
  findLiveResetToken,
  findPassword,
  rehashPassword,
  releaseResetToken,
  requireReset,
  savePassword,
  storeResetToken,
} from './store';

/** Stytch's default reset-link lifetime (wire-format.md §4.10 reset_password_expiration_minutes), in minutes. */
export const DEFAULT_RESET_EXPIRATION_MINUTES = 30;
export const RESET_TOKEN_BYTES = 32;

/**
 * An argon2id hash (OWASP parameters) of a random password nobody knows: an unknown address is verified against it,
 * so a sign-in takes as long whether or not the address has an account (security-tests.md EN-02).
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$adFVcbKP3wG6MMohoBMWHQ$V1eP7bRoFtwGal7FH1UdiAHQANcPL8X1HgMG4hfamv8';

export const WRONG_PASSWORD_MESSAGE = 'The email address or password is not correct.';
export const RESET_PASSWORD_MESSAGE =
  'This password must be reset before it can be used: it may have been exposed in a data breach. Check your email to set a new one.';
/** BF-09: the answer of a locked password (and of an unknown address at its ceiling: EN-01). */
export const PASSWORD_LOCKED_MESSAGE =
  'Too many wrong passwords were entered for this account, so its password must be reset before it can be used. Check your email to set a new one.';
export const UNABLE_TO_RESET_MESSAGE =
  'The password reset link could not be used because it was either already used or expired. Request another one.';

/** SPEC §4 password flow: a password sign-in's factor (wire-format.md §4.1: `knowledge`, no sub-object). */
function passwordFactor(): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return { type: 'password', delivery_method: 'knowledge' };
}

function wrongPassword(): ApiError {
  return new ApiError('unauthorized_credentials', WRONG_PASSWORD_MESSAGE);
}

/** SPEC §5: the breach line of the password screens, also the reason a breached new password is refused. */
export const BREACHED_PASSWORD_MESSAGE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

/** A new password the policy refuses: `weak_password` with the policy's reason. */
function assertAcceptable(strength: StrengthCheckResult): void {
  if (strength.valid_password) return;
  const reason = strength.breached_password
    ? BREACHED_PASSWORD_MESSAGE
    : strength.strength_policy === 'luds'
      ? 'This password does not meet the project’s requirements for length and character types.'
      : [strength.feedback.warning, ...strength.feedback.suggestions].filter(Boolean).join(' ') ||
        'This password is too easy to guess. Please choose a stronger one.';
  throw new ApiError('weak_password', reason);
}

/**
 * The reset link's lifetime: Stytch's bounds and default, capped by the project's max_link_expiration_minutes
 * (issue 20 item 6, default 60; a client asking for longer gets the cap, not an error), as login links are.
 */
function resetExpirationMinutes(value: number | undefined, project: Pick<ProjectRecord, 'settings'>): number {
  const minutes = value ?? DEFAULT_RESET_EXPIRATION_MINUTES;
  if (!Number.isInteger(minutes) || minutes < MIN_EXPIRATION_MINUTES || minutes > MAX_EXPIRATION_MINUTES) {
    throw new ApiError(
      'invalid_expiration_minutes',
      `reset_password_expiration_minutes must be a whole number of minutes from ${MIN_EXPIRATION_MINUTES} to ${MAX_EXPIRATION_MINUTES}.`,
    );
  }
  return Math.min(minutes, securitySettings(project.settings).maxLinkExpirationMinutes);
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
  if (strength.breached_password) throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
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
  await savePassword(ctx, { userId: found.userId, hash, tokenMode: request.tokenMode });
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
 * verified against DUMMY_HASH (EN-02), a wrong password counted.
 */
async function verifyAccountPassword(
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
    await ctx.passwords.verify(DUMMY_HASH, password);
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
  const result = await ctx.passwords.verify(stored?.hash ?? DUMMY_HASH, password);
  if (owner === null || stored === null || !result.valid) {
    await recordFailure(ctx, request, email);
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
      newHash: await ctx.passwords.hash(password),
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
function notifyIfAfterFailures(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; failuresBefore: number },
): void {
  if (options.failuresBefore < NOTIFY_AFTER_FAILURES) return;
  const rendered = renderSignInAfterFailuresEmail({
    projectName: request.project.name,
    failedAttempts: options.failuresBefore,
    at: ctx.clock.now(),
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
  options: { body: AuthenticatePasswordBody; action: string },
) {
  const { body } = options;
  const email = assertValidEmail(body.email);
  ctx.passwords.assertLength(body.password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const account = await verifyAccountPassword(ctx, request, { email, password: body.password });
  // SPEC §4: a breached or must-reset password answers reset_password (the widget sends a reset and shows
  // PasswordDedupe); only said to whoever knows the password.
  if (account.requiresReset) throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  // The breached check alone: strength() would also run zxcvbn on the event loop at every sign-in (issue 10 item 6).
  if (await ctx.passwords.isBreached(body.password)) {
    await requireReset(ctx, account.userId);
    throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  }
  const issued = await issueSession(ctx, request, {
    userId: account.userId,
    factor: passwordFactor(),
    sessionDurationMinutes,
  });
  notifyIfAfterFailures(ctx, request, { email, failuresBefore: account.failuresBefore });
  return issued;
}

/**
 * POST /passwords/email/reset/start: e-mails a reset link to the address's owner. The answer is the same whether
 * or not the address has an account (EN-01; the SDK reads nothing from it), and the link is stored and e-mailed after
 * the answer, so it takes as long either way (EN-02); a failure there is logged.
 */
export async function startEmailReset(
  ctx: AppContext,
  request: RequestContext,
  options: { body: ResetStartBody; action: string },
): Promise<Record<string, never>> {
  const { body } = options;
  const { project } = request;
  const email = assertValidEmail(body.email);
  const redirectUrl = resolveRedirectUrl({
    requested: body.reset_password_redirect_url ?? null,
    allowedRedirectUrls: project.allowedRedirectUrls,
    kind: 'login',
    field: 'reset_password_redirect_url',
  });
  if (body.login_redirect_url !== undefined) {
    resolveRedirectUrl({
      requested: body.login_redirect_url,
      allowedRedirectUrls: project.allowedRedirectUrls,
      kind: 'login',
      field: 'login_redirect_url',
    });
  }
  const expirationMinutes = resetExpirationMinutes(body.reset_password_expiration_minutes, project);
  assertChallengeWhenRequired(project, 'password_resets', body.code_challenge ?? null);
  await guardResetSend(ctx, request, {
    email,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const owner = await findOwnedIdentifier(ctx, { kind: 'email', projectId: project.id, value: email });
  if (owner !== null) {
    // EN-02: the link is stored and e-mailed after the answer, so an account's address is answered as quickly as an
    // unknown one (measured: bench/password-timing.ts). Links of one app are issued in the order they were asked
    // for, so the newest request's link is the one left valid (TK-03).
    const expiresAt = new Date(ctx.clock.now().getTime() + expirationMinutes * 60_000);
    const issue = () =>
      issueResetLink(ctx, request, {
        email,
        owner,
        redirectUrl,
        templateId: body.reset_password_template_id || null,
        codeChallenge: body.code_challenge ?? null,
        expirationMinutes,
        expiresAt,
      });
    const previous = resetLinkQueues.get(ctx) ?? Promise.resolve();
    // setImmediate: after this answer is written, not interleaved with it.
    const next = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(issue);
    resetLinkQueues.set(
      ctx,
      next.catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset link could not be stored'),
      ),
    );
  }
  return {};
}

/** Per app: the reset links still being stored and sent, in request order (startEmailReset). */
const resetLinkQueues = new WeakMap<AppContext, Promise<void>>();

/** Stores a new reset link for the address's owner (earlier ones die, TK-03) and sends it (not awaited). */
async function issueResetLink(
  ctx: AppContext,
  request: RequestContext,
  options: {
    email: string;
    owner: { userId: string; id: string };
    redirectUrl: string;
    templateId: string | null;
    codeChallenge: string | null;
    expirationMinutes: number;
    expiresAt: Date;
  },
): Promise<void> {
  const { project } = request;
  const token = randomToken(RESET_TOKEN_BYTES);
  await storeResetToken(ctx, {
    projectId: project.id,
    userId: options.owner.userId,
    emailId: options.owner.id,
    token,
    redirectUrl: options.redirectUrl,
    templateId: options.templateId,
    codeChallenge: options.codeChallenge,
    expiresAt: options.expiresAt,
    tokenMode: request.tokenMode,
  });
  const rendered = renderResetEmail({
    projectName: project.name,
    link: buildResetUrl({ redirectUrl: options.redirectUrl, token }),
    expirationMinutes: options.expirationMinutes,
  });
  // Not awaited: the next queued link need not wait for this mail's transport. The token is never logged.
  ctx.delivery
    .send({ channel: 'email', to: options.email, projectId: project.id, ...rendered })
    .catch((error: unknown) =>
      request.log.error({ err: error }, 'password reset e-mail could not be delivered'),
    );
}

/**
 * POST /passwords/email/reset: redeems a reset link once (TK-01), with its PKCE verifier (wire-format.md §6), sets
 * the new password, proves the address, ends the user's other sessions and signs them in.
 */
export async function resetByEmail(
  ctx: AppContext,
  request: RequestContext,
  options: { body: ResetByEmailBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  ctx.passwords.assertLength(body.password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const now = ctx.clock.now();
  const candidate = await findLiveResetToken(ctx, { projectId: project.id, token: body.token, now });
  if (candidate === null) throw new ApiError('unable_to_reset_password', UNABLE_TO_RESET_MESSAGE);
  // Before consuming: a missing or wrong verifier leaves the link usable from the browser that started it.
  assertPkce({
    project,
    flow: 'password_resets',
    codeChallenge: candidate.codeChallenge,
    codeVerifier: body.code_verifier ?? null,
  });
  const address = await findIdentifierById(ctx, { kind: 'email', id: candidate.emailId });
  if (address === null) throw new ApiError('unable_to_reset_password', UNABLE_TO_RESET_MESSAGE);
  // A weak new password leaves the link usable too: the user picks another.
  assertAcceptable(await ctx.passwords.strength(project, { password: body.password, email: address.value }));
  const hash = await ctx.passwords.hash(body.password);
  const consumed = await consumeResetToken(ctx, {
    id: candidate.id,
    projectId: project.id,
    token: body.token,
    now,
  });
  if (consumed === null) throw new ApiError('unable_to_reset_password', UNABLE_TO_RESET_MESSAGE);
  let hadPassword = false;
  try {
    // The mail reached the address's owner: the address is proven (DESIGN.md convention 13). Its first proof on an
    // account that held it unproven resets the account to it, the old password included (issue 20 item 1); the new
    // password is the prover's.
    const proven = await proveIdentifier(ctx, {
      kind: 'email',
      id: consumed.emailId,
      sessionUserId: request.session?.userId ?? null,
    });
    if (proven === null) throw new ApiError('unable_to_reset_password', UNABLE_TO_RESET_MESSAGE);
    // After the proof: a squatter's password that a first proof removed makes this one "set", not "changed".
    hadPassword = (await findPassword(ctx, consumed.userId)) !== null;
    await savePassword(ctx, { userId: consumed.userId, hash, tokenMode: request.tokenMode });
  } catch (error) {
    await releaseResetToken(ctx, { id: consumed.id, usedAt: now }).catch(() => undefined);
    throw error;
  }
  await clearPasswordCeiling(ctx, request, consumed.userId);
  const issued = await finishPasswordChange(ctx, request, {
    userId: consumed.userId,
    sessionDurationMinutes,
  });
  // Issue 20 item 4 (SS-09): a password set or replaced through a reset link.
  notifySecurityEvent(ctx, request, {
    userId: consumed.userId,
    event: { kind: hadPassword ? 'password_changed' : 'password_set' },
  });
  return issued;
}

/** Issue 10: a reset or change ends every other session of the user; the caller's own (if theirs) is rotated. */
async function finishPasswordChange(
  ctx: AppContext,
  request: RequestContext,
  options: { userId: string; sessionDurationMinutes: number },
) {
  const own = request.session?.userId === options.userId ? request.session.row.id : null;
  await revokeUserSessions(ctx, { userId: options.userId, exceptSessionId: own });
  return issueSession(ctx, request, {
    userId: options.userId,
    factor: passwordFactor(),
    sessionDurationMinutes: options.sessionDurationMinutes,
  });
}

/** POST /passwords/existing_password/reset: the current password proves the account (its failures count). */
export async function resetByExistingPassword(
  ctx: AppContext,
  request: RequestContext,
  options: { body: ResetByExistingPasswordBody; action: string },
) {
  const { body } = options;
  const email = assertValidEmail(body.email);
  ctx.passwords.assertLength(body.existing_password);
  ctx.passwords.assertLength(body.new_password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const account = await verifyAccountPassword(ctx, request, { email, password: body.existing_password });
  // A password that must be reset (breached, locked by BF-09, or set before the address's first proof: AT-01) is
  // reset by e-mail, never replaced by whoever knows it: else a guess that lands once its lock's streak is over
  // (a quiet week, a restart of the memory store) would still take the account.
  if (account.requiresReset) throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  assertAcceptable(await ctx.passwords.strength(request.project, { password: body.new_password, email }));
  await savePassword(ctx, {
    userId: account.userId,
    hash: await ctx.passwords.hash(body.new_password),
    tokenMode: request.tokenMode,
    basis: { replaces: { passwordId: account.passwordId } },
  });
  // BF-09: the new password ends any lock of the user's other addresses.
  await clearPasswordCeiling(ctx, request, account.userId);
  const issued = await finishPasswordChange(ctx, request, { userId: account.userId, sessionDurationMinutes });
  notifyIfAfterFailures(ctx, request, { email, failuresBefore: account.failuresBefore });
  // Issue 20 item 4 (SS-09): the current password proved the account, so there was one.
  notifySecurityEvent(ctx, request, { userId: account.userId, event: { kind: 'password_changed' } });
  return issued;
}

/** POST /passwords/session/reset: the signed-in user sets a new password. */
export async function resetBySession(
  ctx: AppContext,
  request: RequestContext,
  options: { body: ResetBySessionBody; action: string },
) {
  const { body } = options;
  const { userId } = signedIn(request);
  ctx.passwords.assertLength(body.password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const user = await loadUser(ctx, userId);
  const email = user?.emails.find((each) => each.verified)?.email ?? user?.emails[0]?.email ?? null;
  assertAcceptable(await ctx.passwords.strength(request.project, { password: body.password, email }));
  const hadPassword = (await findPassword(ctx, userId)) !== null;
  await savePassword(ctx, {
    userId,
    hash: await ctx.passwords.hash(body.password),
    tokenMode: request.tokenMode,
    basis: { session: { sessionId: signedIn(request).row.id } },
  });
  // BF-09: a new password ends the old one's lock.
  await clearPasswordCeiling(ctx, request, userId);
  const issued = await finishPasswordChange(ctx, request, { userId, sessionDurationMinutes });
  // Issue 20 item 4 (SS-09): a first password is a new way into the account, a replaced one a changed one.
  notifySecurityEvent(ctx, request, {
    userId,
    event: { kind: hadPassword ? 'password_changed' : 'password_set' },
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
