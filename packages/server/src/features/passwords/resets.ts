import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import type { AskedLocale } from '../../infra/message-locale';
import { assertChallengeWhenRequired, assertPkce } from '../../infra/pkce';
import { securitySettings } from '../../infra/project-settings';
import { assertValidEmail, redirectAllowlist, resolveRedirectUrl } from '../magic-links';
import { MAX_EXPIRATION_MINUTES, MIN_EXPIRATION_MINUTES } from '../magic-links/service';
import { notifySecurityEvent } from '../notices';
import { issueSession, revokeUserSessions, signedIn, validateSessionDuration } from '../sessions';
import { findIdentifierById, findOwnedIdentifier, loadUser, proveIdentifier } from '../users';
import { clearPasswordCeiling, guardPasswordCall, guardResetSend } from './limits';
import { issueResetLink } from './reset-links';
import type {
  ResetByEmailBody,
  ResetByExistingPasswordBody,
  ResetBySessionBody,
  ResetStartBody,
} from './schema';
import {
  assertAcceptableRecorded,
  DEFAULT_RESET_EXPIRATION_MINUTES,
  notifyIfAfterFailures,
  passwordFactor,
  RESET_PASSWORD_MESSAGE,
  UNABLE_TO_RESET_MESSAGE,
  verifyAccountPassword,
} from './service';
import {
  consumeResetToken,
  findLiveResetToken,
  findPassword,
  releaseResetToken,
  savePassword,
} from './store';

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

/**
 * POST /passwords/email/reset/start: e-mails a reset link to the address's owner. The answer is the same whether
 * or not the address has an account (EN-01; the SDK reads nothing from it), and the link is stored and e-mailed after
 * the answer, so it takes as long either way (EN-02); a failure there is logged.
 */
export async function startEmailReset(
  ctx: AppContext,
  request: RequestContext,
  options: {
    body: ResetStartBody;
    action: string;
    /**
     * Issue 27 item 2: the body's `locale` and Accept-Language (the e-mail's language). Never remembered as the
     * user's: whoever knows an address may ask for a reset.
     */
    locale?: AskedLocale;
  },
): Promise<Record<string, never>> {
  const { body } = options;
  const { project } = request;
  const email = assertValidEmail(body.email);
  const redirectUrl = resolveRedirectUrl({
    requested: body.reset_password_redirect_url ?? null,
    ...redirectAllowlist(project),
    kind: 'login',
    field: 'reset_password_redirect_url',
  });
  if (body.login_redirect_url !== undefined) {
    resolveRedirectUrl({
      requested: body.login_redirect_url,
      ...redirectAllowlist(project),
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
        locale: options.locale,
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
  await assertAcceptableRecorded(ctx, request, {
    strength: await ctx.passwords.strength(project, { password: body.password, email: address.value }),
    userId: address.userId,
  });
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
      request,
    });
    if (proven === null) throw new ApiError('unable_to_reset_password', UNABLE_TO_RESET_MESSAGE);
    // After the proof: a squatter's password that a first proof removed makes this one "set", not "changed".
    hadPassword = (await findPassword(ctx, consumed.userId)) !== null;
    await savePassword(ctx, {
      userId: consumed.userId,
      hash,
      tokenMode: request.tokenMode,
      event: { request, via: 'reset_link' },
    });
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
  // Issue 24 item 1: the existing password is verified, not set: only its upper bound.
  ctx.passwords.assertVerifiable(body.existing_password);
  ctx.passwords.assertLength(body.new_password);
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardPasswordCall(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const account = await verifyAccountPassword(ctx, request, { email, password: body.existing_password });
  // A password that must be reset (breached, locked by BF-09, or set before the address's first proof: AT-01) is
  // reset by e-mail, never replaced by whoever knows it: else a guess that lands once its lock's streak is over
  // (a quiet week, a restart of the memory store) would still take the account.
  if (account.requiresReset) throw new ApiError('reset_password', RESET_PASSWORD_MESSAGE);
  await assertAcceptableRecorded(ctx, request, {
    strength: await ctx.passwords.strength(request.project, { password: body.new_password, email }),
    userId: account.userId,
  });
  await savePassword(ctx, {
    userId: account.userId,
    hash: await ctx.passwords.hash(body.new_password),
    tokenMode: request.tokenMode,
    basis: { replaces: { passwordId: account.passwordId } },
    event: { request, via: 'existing_password' },
  });
  // BF-09: the new password ends any lock of the user's other addresses.
  await clearPasswordCeiling(ctx, request, account.userId);
  const issued = await finishPasswordChange(ctx, request, { userId: account.userId, sessionDurationMinutes });
  await notifyIfAfterFailures(ctx, request, {
    email,
    userId: account.userId,
    failuresBefore: account.failuresBefore,
  });
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
  await assertAcceptableRecorded(ctx, request, {
    strength: await ctx.passwords.strength(request.project, { password: body.password, email }),
    userId,
  });
  const hadPassword = (await findPassword(ctx, userId)) !== null;
  await savePassword(ctx, {
    userId,
    hash: await ctx.passwords.hash(body.password),
    tokenMode: request.tokenMode,
    basis: { session: { sessionId: signedIn(request).row.id } },
    event: { request, via: 'session' },
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
