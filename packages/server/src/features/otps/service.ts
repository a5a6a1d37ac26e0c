// One-time passcodes by SMS, WhatsApp and e-mail (issue 5; SPEC §4 session lifecycle, §5 validation, §7 POST
// /otps/… rows, §9 six digits and five minutes; wire-format.md §4.5). A route reads as a list of named checks
// (DESIGN.md convention 1); every check that can refuse the request runs before anything is written.
//
// Sending: the message goes out BEFORE anything is stored. A provider failure therefore leaves no half-state:
// no user created by that call, no usable code (issue 5 / security-tests.md FT-02, FT-03). The code is bound to
// its method_id only in the database row, never in the message, so storing afterwards is safe; if the store
// fails after a successful send, the person holds a code that matches nothing, which is the safe direction.
//
// Authenticating: one atomic `UPDATE … SET attempts = attempts + 1 WHERE … attempts < 5 RETURNING` per try, then
// a constant-time comparison (BF-04: at most 5 evaluated attempts even under 50 concurrent guesses), then one
// atomic `UPDATE … SET used_at WHERE used_at IS NULL RETURNING` (TK-01: one session out of 16 concurrent
// redemptions). At READ COMMITTED the waiting UPDATEs re-check their WHERE on the row the winner committed.
import type { AuthenticationFactor, LocaleTag } from '@gatehouse/protocol';
import { CONSTANTS } from '@gatehouse/protocol';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { otpCodes } from '../../infra/db/schema';
import { projectDisplayName } from '../../infra/display-name';
import { ApiError } from '../../infra/errors';
import { type AskedLocale, NO_ASKED_LOCALE } from '../../infra/message-locale';
import { recordEvent, recordSignInFailed } from '../audit';
import { assertValidEmail } from '../magic-links';
import { issueSession, signedIn, validateSessionDuration } from '../sessions';
import {
  activateUser,
  claimIdentifier,
  duplicateIdentifier,
  findIdentifierById,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  type IdentifierRow,
  isRedeemableBy,
  messageLocale,
  notifyAddedIdentifier,
  proveIdentifier,
  rememberLocale,
} from '../users';
import { codeKey, codeMatches, generateCode, hashCode } from './code';
import { assertGuessBudget, guardAuthenticate, guardSend, recordWrongCode } from './limits';
import { identifierKindOf, methodNotFound, type OtpChannel } from './methods';
import { assertValidPhone, phonePrefix } from './phone-number';
import type { AuthenticateOtpBody, SendEmailOtpBody, SendPhoneOtpBody } from './schema';
import { type OtpMessageKind, renderOtpEmail, renderOtpText } from './templates';

/** Bounds of expiration_minutes: NIST / ASVS V6.5.5 allow at most 10 minutes for out-of-band codes (TK-02). */
export const MIN_OTP_EXPIRATION_MINUTES = 1;
export const MAX_OTP_EXPIRATION_MINUTES = 10;
/** security-tests.md BF-04: a code dies after this many evaluated attempts (Kratos and SuperTokens: 5). */
export const MAX_OTP_ATTEMPTS = 5;

/** One text for a wrong, used, replaced or expired code, so they cannot be told apart. */
export const UNABLE_TO_AUTH_OTP_MESSAGE =
  'The code could not be authenticated because it was either incorrect, already used or expired. Check the code or send a new one.';
export const OTP_NOT_FOUND_MESSAGE = 'No passcode was sent to this method_id. Send a passcode first.';
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'This passcode was entered incorrectly too many times and no longer works. Send a new passcode.';

export type OtpSendMode = 'login_or_create' | 'primary' | 'secondary';

export interface SendOtpResult {
  method_id: string;
  user_id: string;
  user_created?: boolean;
  phone_id?: string;
  email_id?: string;
}

const DELIVERY_ERROR = {
  email: 'email_delivery_failed',
  sms: 'sms_delivery_failed',
  whatsapp: 'whatsapp_delivery_failed',
} as const;

const CHANNEL_LABEL: Record<OtpChannel, string> = {
  email: 'email',
  sms: 'text message',
  whatsapp: 'WhatsApp message',
};

/** SPEC §9 default passcode expiry 5 minutes; otherwise a whole number of minutes within 1..10. */
export function assertOtpExpiration(value: number | undefined): number {
  const minutes = value ?? CONSTANTS.defaultPasscodeExpiryMinutes;
  if (
    !Number.isInteger(minutes) ||
    minutes < MIN_OTP_EXPIRATION_MINUTES ||
    minutes > MAX_OTP_EXPIRATION_MINUTES
  ) {
    throw new ApiError(
      'invalid_expiration_minutes',
      `expiration_minutes must be a whole number of minutes from ${MIN_OTP_EXPIRATION_MINUTES} to ${MAX_OTP_EXPIRATION_MINUTES}.`,
    );
  }
  return minutes;
}

/** The destination of a send body, validated and normalised (E.164 or lower-cased address). */
function assertDestination(
  project: ProjectRecord,
  channel: OtpChannel,
  body: SendPhoneOtpBody | SendEmailOtpBody,
): { destination: string; prefix: string | null; country: string | null } {
  if (channel === 'email')
    return { destination: assertValidEmail((body as SendEmailOtpBody).email), prefix: null, country: null };
  const phone = assertValidPhone((body as SendPhoneOtpBody).phone_number, {
    // BF-05: the project's country allowlist (project file `sms_allowed_countries`), before any provider call.
    allowedCountries: project.settings.sms_allowed_countries ?? null,
  });
  return { destination: phone.e164, prefix: phonePrefix(phone.e164), country: phone.country };
}

function renderMessage(options: {
  channel: OtpChannel;
  project: ProjectRecord;
  destination: string;
  kind: OtpMessageKind;
  code: string;
  expirationMinutes: number;
  locale: LocaleTag;
}) {
  const input = {
    kind: options.kind,
    projectName: projectDisplayName(options.project),
    code: options.code,
    expirationMinutes: options.expirationMinutes,
    locale: options.locale,
  };
  // The UI sends template ids only for e-mail passcodes (wire-format.md §4.5); custom templates are later work,
  // so every id renders the built-in template, as for login links.
  return options.channel === 'email'
    ? {
        channel: options.channel,
        to: options.destination,
        projectId: options.project.id,
        ...renderOtpEmail(input),
      }
    : {
        channel: options.channel,
        to: options.destination,
        projectId: options.project.id,
        text: renderOtpText(input),
      };
}

/**
 * POST /otps/{channel}/login_or_create, /send/primary and /send/secondary: checks, send limits, the message, then
 * the user (login_or_create creates one; primary needs one; secondary attaches to the signed-in user) and the
 * stored code, which voids every earlier code of the method (security-tests.md TK-03).
 */
export async function sendOtp(
  ctx: AppContext,
  request: RequestContext,
  options: {
    channel: OtpChannel;
    mode: OtpSendMode;
    body: SendPhoneOtpBody | SendEmailOtpBody;
    /** The route's path under /sdk/v1: the captcha action a token is bound to (infra/captcha.ts). */
    action: string;
    /** Issue 27 item 2: the body's `locale` and the Accept-Language header (the message's language). */
    locale?: AskedLocale;
  },
): Promise<SendOtpResult> {
  const { channel, mode, body } = options;
  const { project } = request;
  const { destination, prefix, country } = assertDestination(project, channel, body);
  const expirationMinutes = assertOtpExpiration(body.expiration_minutes);
  // send/secondary needs a signed-in user (SPEC §4: secondary calls carry an existing session).
  const session = mode === 'secondary' ? signedIn(request) : null;

  const identifierKind = identifierKindOf(channel);
  const lookup = { kind: identifierKind, projectId: project.id, value: destination };
  // DESIGN.md convention 13: only the destination's owner counts here; pending claims are nobody's yet.
  const existing = await findOwnedIdentifier(ctx, lookup);
  if (mode === 'primary' && existing === null) throw methodNotFound(channel);
  if (session !== null && existing !== null && existing.userId !== session.userId) {
    throw duplicateIdentifier(identifierKind);
  }
  // Issue 9 item 1: the limits of a send (and of a sign-up, when it will create a user), before anything is sent
  // or written.
  await guardSend(ctx, request, {
    channel,
    destination,
    phonePrefix: prefix,
    createsUser: mode === 'login_or_create' && existing === null,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });

  // A destination nobody holds yet gets the signup wording (login_*/signup_* template ids, wire-format.md §4.5).
  const kind: OtpMessageKind = existing === null && mode === 'login_or_create' ? 'signup' : 'login';
  const code = generateCode();
  const asked = options.locale ?? NO_ASKED_LOCALE;
  // The holder's stored locale when the request settles none (a new destination has no holder yet).
  const locale = await messageLocale(ctx, asked, existing?.userId ?? session?.userId ?? null);
  try {
    await ctx.delivery.send(
      renderMessage({ channel, project, destination, kind, code, expirationMinutes, locale }),
    );
  } catch (error) {
    // security-tests.md FT-03: never a 500; a documented, retryable error. The code is not logged (TK-05).
    request.log.error({ err: error, channel }, 'passcode could not be delivered');
    throw new ApiError(
      DELIVERY_ERROR[channel],
      `The ${CHANNEL_LABEL[channel]} could not be sent. Please try again in a moment.`,
      { headers: { 'Retry-After': '5' } },
    );
  }
  // Issue 26 item 3 (Security: "SMS spend by country"): a paid message is an event with its country, never its number.
  if (channel !== 'email') {
    const userId = session?.userId ?? null;
    await recordEvent(
      ctx.db,
      {
        projectId: project.id,
        type: 'message.sent',
        actor: userId === null ? { type: 'anonymous' } : { type: 'user', id: userId },
        subjectUserId: existing?.userId ?? userId,
        request,
        payload: { channel, country },
      },
      ctx.clock.now(),
    );
  }

  // login_or_create: the owner or a new user; primary: the owner; secondary: a pending claim of this session.
  let method: IdentifierRow & { created?: boolean };
  if (mode === 'login_or_create') {
    method = await findOrCreateUserByIdentifier(ctx, {
      ...lookup,
      tokenMode: request.tokenMode,
      status: 'active',
    });
  } else if (mode === 'primary') {
    method = existing!;
  } else {
    method = await claimIdentifier(ctx, {
      ...lookup,
      tokenMode: request.tokenMode,
      userId: session!.userId,
      sessionId: session!.row.id,
    });
  }
  await storeCode(ctx, {
    project,
    tokenMode: request.tokenMode,
    channel,
    destination,
    method,
    code,
    expirationMinutes,
  });

  // Issue 27 item 2: an explicit locale becomes the user's last one when the sender is that user (the sign-up that
  // created them, or their own session), never a stranger who knows the destination (magic-links/service.ts).
  if (method.created === true || session?.userId === method.userId) {
    await rememberLocale(ctx, method.userId, asked);
  }
  const idField = channel === 'email' ? { email_id: method.id } : { phone_id: method.id };
  return {
    method_id: method.id,
    user_id: method.userId,
    ...(mode === 'login_or_create' ? { user_created: method.created === true } : {}),
    ...idField,
  };
}

/** Voids the method's live codes and inserts the new one, serialised per method by a row lock on the method. */
async function storeCode(
  ctx: AppContext,
  options: {
    project: ProjectRecord;
    tokenMode: 'test' | 'live';
    channel: OtpChannel;
    destination: string;
    method: IdentifierRow;
    code: string;
    expirationMinutes: number;
  },
): Promise<void> {
  const { project, method } = options;
  const now = ctx.clock.now();
  const id = newId('otp', options.tokenMode);
  const codeHash = hashCode({
    key: codeKey({ secrets: ctx.secrets, projectId: project.id }),
    codeId: id,
    code: options.code,
  });
  await ctx.db.transaction(async (tx) => {
    // Two concurrent sends to one method queue here, so exactly one code is live afterwards (TK-03).
    const table = options.channel === 'email' ? sql`user_emails` : sql`user_phone_numbers`;
    await tx.execute(sql`SELECT id FROM ${table} WHERE id = ${method.id} FOR UPDATE`);
    await tx
      .update(otpCodes)
      .set({ voidedAt: now })
      .where(and(eq(otpCodes.methodId, method.id), isNull(otpCodes.usedAt), isNull(otpCodes.voidedAt)));
    await tx.insert(otpCodes).values({
      id,
      projectId: project.id,
      userId: method.userId,
      methodId: method.id,
      channel: options.channel,
      destination: options.destination,
      codeHash,
      attempts: 0,
      expiresAt: new Date(now.getTime() + options.expirationMinutes * 60_000),
      createdAt: now,
    });
  });
}

const unableToAuth = () => new ApiError('unable_to_auth_otp_code', UNABLE_TO_AUTH_OTP_MESSAGE);

/**
 * POST /otps/authenticate: evaluates the code of method_id once (counted before the comparison), consumes it,
 * verifies the phone number or address, activates a pending user and starts or extends the session (SPEC §4).
 */
export async function authenticateOtp(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateOtpBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  // SPEC §7: passcode authenticate defaults to 30 minutes; 5..525600 else 400 invalid_session_duration.
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardAuthenticate(ctx, request, { action: options.action, captchaToken: body.captcha_token ?? null });
  const now = ctx.clock.now();

  // Only the newest code of a method is live; older ones were voided when it was sent.
  const [candidate] = await ctx.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.methodId, body.method_id), eq(otpCodes.projectId, project.id)))
    .orderBy(desc(otpCodes.createdAt), sql`${otpCodes.voidedAt} IS NULL DESC`)
    .limit(1);
  if (!candidate) throw new ApiError('otp_code_not_found', OTP_NOT_FOUND_MESSAGE);
  await assertGuessBudget(ctx, request, body.method_id);
  // Issue 8 item 1: a code sent by a secondary send goes to a pending claim that only the session which sent it
  // can redeem; for anyone else it is not evaluated at all (no attempt counted, nothing learned).
  const kind = identifierKindOf(candidate.channel);
  const method = await findIdentifierById(ctx, { kind, id: candidate.methodId });
  if (method === null || !isRedeemableBy(method, request.session?.row.id ?? null)) throw unableToAuth();

  const live = and(eq(otpCodes.id, candidate.id), isNull(otpCodes.usedAt), isNull(otpCodes.voidedAt));
  // security-tests.md BF-04: the attempt is counted atomically BEFORE the code is compared.
  const [counted] = await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(live, gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, MAX_OTP_ATTEMPTS)))
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash });
  if (!counted) {
    const refusal = await explainRefusal(ctx, candidate.id, now);
    await recordOtpFailure(ctx, request, { userId: method.userId, reason: refusal.reason, at: now });
    throw refusal.error;
  }

  if (
    !codeMatches({
      key: codeKey({ secrets: ctx.secrets, projectId: project.id }),
      codeId: counted.id,
      code: body.token,
      stored: counted.codeHash,
    })
  ) {
    await recordWrongCode(ctx, request, body.method_id);
    await recordOtpFailure(ctx, request, { userId: method.userId, reason: 'wrong_code', at: now });
    throw unableToAuth();
  }

  // security-tests.md TK-01: check and consume in one statement, so concurrent redemptions yield one winner.
  const [consumed] = await ctx.db
    .update(otpCodes)
    .set({ usedAt: now })
    .where(and(live, gt(otpCodes.expiresAt, now)))
    .returning();
  if (!consumed) throw unableToAuth();

  try {
    // The destination is proven: a claim becomes the user's, and other users' claims of it are dropped.
    // A first proof of a number or address the account held unproven resets the account to it (issue 20 item 1).
    const proven = await proveIdentifier(ctx, {
      kind,
      id: consumed.methodId,
      sessionUserId: request.session?.userId ?? null,
      request,
    });
    if (proven === null) throw unableToAuth();
    await activateUser(ctx, { userId: proven.row.userId });
    const factor = otpFactor(consumed.channel, proven.row);
    const issued = await issueSession(ctx, request, {
      userId: proven.row.userId,
      factor,
      sessionDurationMinutes,
      reauthenticates: !proven.attached,
    });
    if (proven.attached) notifyAddedIdentifier(ctx, request, proven);
    return { ...issued, method_id: consumed.methodId };
  } catch (error) {
    // No session came out of the code: give it back, so a passing fault does not burn it (security-tests.md
    // FT-02, all-or-nothing). Only this request's own consumption is undone; its attempt stays counted.
    await ctx.db
      .update(otpCodes)
      .set({ usedAt: null })
      .where(and(eq(otpCodes.id, consumed.id), eq(otpCodes.usedAt, now)))
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Issue 25 item 1: a code refused is `sign_in.failed` (method otp) on the account it was sent for, with why; the
 * code itself is not in it.
 */
function recordOtpFailure(
  ctx: AppContext,
  request: RequestContext,
  options: { userId: string; reason: string; at: Date },
): Promise<void> {
  return recordSignInFailed(ctx.db, request, {
    method: 'otp',
    reason: options.reason,
    userId: options.userId,
    signedIn: request.session?.userId === options.userId,
    at: options.at,
  });
}

/**
 * Why the attempt UPDATE matched nothing: 5 attempts used (429), or used, replaced or expired (401); `reason` names
 * it for the event log.
 */
async function explainRefusal(
  ctx: AppContext,
  codeId: string,
  now: Date,
): Promise<{ error: ApiError; reason: string }> {
  const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.id, codeId)).limit(1);
  if (!row || row.usedAt !== null || row.voidedAt !== null) return { error: unableToAuth(), reason: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) {
    // security-tests.md TK-02 / FT-06: an expired code is voided when presented, so a clock that later jumps
    // back cannot revive it.
    await ctx.db
      .update(otpCodes)
      .set({ voidedAt: now })
      .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.voidedAt)));
    return { error: unableToAuth(), reason: 'expired' };
  }
  // BF-04: every later attempt, the right code included, is refused until a new code is sent.
  return { error: new ApiError('too_many_attempts', TOO_MANY_ATTEMPTS_MESSAGE), reason: 'too_many_attempts' };
}

/** wire-format.md §4.1 AuthenticationFactor for a passcode (type 'otp', delivery method = channel). */
function otpFactor(
  channel: OtpChannel,
  method: IdentifierRow,
): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return channel === 'email'
    ? {
        type: 'otp',
        delivery_method: 'email',
        email_factor: { email_id: method.id, email_address: method.value },
      }
    : {
        type: 'otp',
        delivery_method: channel,
        phone_number_factor: { phone_id: method.id, phone_number: method.value },
      };
}
