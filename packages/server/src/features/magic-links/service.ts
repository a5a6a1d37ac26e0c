// E-mail login links (issue 3; SPEC §4 session lifecycle, §7 POST /magic_links/… rows, §9 default expiry;
// wire-format.md §4.4 and §6). A route reads as a list of named checks (DESIGN.md convention 1); every check
// that can refuse the request runs before anything is written, so bad input changes nothing.
import type { AuthenticationFactor } from '@gatehouse/protocol';
import { CONSTANTS } from '@gatehouse/protocol';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { newId, randomToken, sha256 } from '../../infra/crypto';
import { magicLinkTokens, users } from '../../infra/db/schema';
import { projectDisplayName } from '../../infra/display-name';
import { ApiError } from '../../infra/errors';
import { type AskedLocale, NO_ASKED_LOCALE } from '../../infra/message-locale';
import { assertChallengeWhenRequired, assertPkce } from '../../infra/pkce';
import { securitySettings } from '../../infra/project-settings';
import { recordSignInFailed } from '../audit';
import { authenticateResetTokenAsLogin } from '../passwords/reset-login';
import { issueSession, signedIn, validateSessionDuration } from '../sessions';
import {
  activateUser,
  claimIdentifier,
  findIdentifierById,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  isRedeemableBy,
  messageLocale,
  notifyAddedIdentifier,
  proveIdentifier,
  rememberLocale,
} from '../users';
import { assertValidEmail } from './email-address';
import { renderMagicLinkEmail } from './email-template';
import { guardAuthenticate, guardSend } from './limits';
import { buildMagicLinkUrl, redirectAllowlist, resolveRedirectUrl } from './redirect-url';
import type { AuthenticateMagicLinkBody, SendMagicLinkBody } from './schema';
import type { MagicLinkKind } from './types';

/** Stytch's bounds for login-link lifetimes: 5 minutes to 7 days. */
export const MIN_EXPIRATION_MINUTES = 5;
export const MAX_EXPIRATION_MINUTES = 10_080;
/** 32 random bytes, 43 base64url characters (security-tests.md SS-01: at least 128 bits). */
export const MAGIC_LINK_TOKEN_BYTES = 32;

/** Stytch's answer for an unknown, used or expired link; one text for all three so they cannot be told apart. */
export const UNABLE_TO_AUTH_MESSAGE =
  'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.';

function unableToAuth(): ApiError {
  return new ApiError('unable_to_auth_magic_link', UNABLE_TO_AUTH_MESSAGE);
}

export type SendMode = 'login_or_create' | 'primary' | 'secondary';

export interface SendMagicLinkResult {
  user_id: string;
  email_id: string;
  user_created: boolean;
}

interface LinkSettings {
  redirectUrl: string;
  expirationMinutes: number;
  templateId: string | null;
}

/**
 * A link's lifetime: the requested minutes within Stytch's bounds (else 400 invalid_expiration_minutes), SPEC §9's
 * 30 when none is asked for, then capped by the project (issue 20 item 6, `max_link_expiration_minutes`, default 60):
 * a client asking for longer, up to Stytch's 7 days, gets the cap rather than an error, so the published SDK's
 * options keep working while a link read from a mailbox weeks later is worth nothing (TK-02).
 */
export function assertExpirationMinutes(
  value: number | undefined,
  field: string,
  project: Pick<ProjectRecord, 'settings'>,
): number {
  // SPEC §9: the default login-link expiry is 30 minutes, for login and signup links alike.
  const minutes = value ?? CONSTANTS.defaultMagicLinkExpiryMinutes;
  if (!Number.isInteger(minutes) || minutes < MIN_EXPIRATION_MINUTES || minutes > MAX_EXPIRATION_MINUTES) {
    throw new ApiError(
      'invalid_expiration_minutes',
      `${field} must be a whole number of minutes from ${MIN_EXPIRATION_MINUTES} to ${MAX_EXPIRATION_MINUTES}.`,
    );
  }
  return Math.min(minutes, securitySettings(project.settings).maxLinkExpirationMinutes);
}

/** Checks every field of a send body (wire-format.md §4.4) and returns the settings of both link kinds. */
function resolveLinkSettings(
  project: ProjectRecord,
  body: SendMagicLinkBody,
): Record<MagicLinkKind, LinkSettings> {
  return {
    login: {
      redirectUrl: resolveRedirectUrl({
        requested: body.login_magic_link_url ?? null,
        ...redirectAllowlist(project),
        kind: 'login',
      }),
      expirationMinutes: assertExpirationMinutes(
        body.login_expiration_minutes,
        'login_expiration_minutes',
        project,
      ),
      templateId: body.login_template_id || null,
    },
    signup: {
      redirectUrl: resolveRedirectUrl({
        requested: body.signup_magic_link_url ?? null,
        ...redirectAllowlist(project),
        kind: 'signup',
      }),
      expirationMinutes: assertExpirationMinutes(
        body.signup_expiration_minutes,
        'signup_expiration_minutes',
        project,
      ),
      templateId: body.signup_template_id || null,
    },
  };
}

interface Recipient {
  userId: string;
  emailId: string;
  created: boolean;
  status: 'active' | 'pending';
}

async function loadUserStatus(ctx: AppContext, userId: string): Promise<'active' | 'pending'> {
  const [row] = await ctx.db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.status ?? 'active';
}

/**
 * The user the link goes to (DESIGN.md convention 13): login_or_create finds the address's owner or creates a
 * user; send/primary needs an owner; send/secondary makes the address a pending claim of the calling session,
 * which only that session can redeem (features/users/identifiers.ts).
 */
async function findRecipient(
  ctx: AppContext,
  request: RequestContext,
  options: { mode: SendMode; email: string; createAsPending: boolean },
): Promise<Recipient> {
  const { mode, email } = options;
  const projectId = request.project.id;
  if (mode === 'login_or_create') {
    const status = options.createAsPending ? 'pending' : 'active';
    const found = await findOrCreateUserByIdentifier(ctx, {
      kind: 'email',
      projectId,
      tokenMode: request.tokenMode,
      value: email,
      status,
    });
    return {
      userId: found.userId,
      emailId: found.id,
      created: found.created,
      status: found.created ? status : await loadUserStatus(ctx, found.userId),
    };
  }
  const identifier =
    mode === 'primary'
      ? await findOwnedIdentifier(ctx, { kind: 'email', projectId, value: email })
      : await claimIdentifier(ctx, {
          kind: 'email',
          projectId,
          tokenMode: request.tokenMode,
          value: email,
          userId: signedIn(request).userId,
          sessionId: signedIn(request).row.id,
        });
  if (identifier === null) {
    throw new ApiError('email_not_found', 'No user of this project has this email address.');
  }
  return {
    userId: identifier.userId,
    emailId: identifier.id,
    created: false,
    status: await loadUserStatus(ctx, identifier.userId),
  };
}

/**
 * POST /magic_links/email/login_or_create, /send/primary and /send/secondary: finds (or creates, or attaches)
 * the user, stores the SHA-256 of a fresh single-use token and e-mails the link.
 */
export async function sendMagicLink(
  ctx: AppContext,
  request: RequestContext,
  options: {
    body: SendMagicLinkBody;
    mode: SendMode;
    action: string;
    /** Issue 27 item 2: the body's `locale` and the Accept-Language header (the e-mail's language). */
    locale?: AskedLocale;
  },
): Promise<SendMagicLinkResult> {
  const { body, mode } = options;
  const { project } = request;
  const email = assertValidEmail(body.email);
  const settings = resolveLinkSettings(project, body);
  assertChallengeWhenRequired(project, 'email_magic_links', body.code_challenge ?? null);
  // send/secondary needs a signed-in user before anything is counted (SPEC §4).
  if (mode === 'secondary') signedIn(request);
  // Issue 9 item 1: the limits of a send, and of a sign-up when login_or_create will create a user, before anything
  // is written or sent.
  const createsUser =
    mode === 'login_or_create' &&
    (await findOwnedIdentifier(ctx, { kind: 'email', projectId: project.id, value: email })) === null;
  await guardSend(ctx, request, {
    email,
    createsUser,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const recipient = await findRecipient(ctx, request, {
    mode,
    email,
    createAsPending: body.create_user_as_pending === true,
  });

  // A new user, or one still pending, has not finished signing up: they get the signup link; everyone else
  // gets the login link (wire-format.md §4.4 login_* / signup_* fields).
  const kind: MagicLinkKind = recipient.created || recipient.status === 'pending' ? 'signup' : 'login';
  const link = settings[kind];
  const now = ctx.clock.now();
  const token = randomToken(MAGIC_LINK_TOKEN_BYTES);

  // security-tests.md TK-03: only the newest link of an address is valid; earlier unused ones die now.
  await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(magicLinkTokens.emailId, recipient.emailId), isNull(magicLinkTokens.usedAt)));
  await ctx.db.insert(magicLinkTokens).values({
    id: newId('magic-link', request.tokenMode),
    projectId: project.id,
    userId: recipient.userId,
    emailId: recipient.emailId,
    tokenHash: sha256(token),
    kind,
    redirectUrl: link.redirectUrl,
    templateId: link.templateId,
    codeChallenge: body.code_challenge ?? null,
    expiresAt: new Date(now.getTime() + link.expirationMinutes * 60_000),
    createdAt: now,
  });

  const asked = options.locale ?? NO_ASKED_LOCALE;
  const rendered = renderMagicLinkEmail({
    kind,
    projectName: projectDisplayName(project),
    link: buildMagicLinkUrl({ redirectUrl: link.redirectUrl, token }),
    expirationMinutes: link.expirationMinutes,
    templateId: link.templateId,
    locale: await messageLocale(ctx, asked, recipient.userId),
  });
  try {
    // The address goes to the transport as its own field (never inside a header line); it was validated
    // to hold no CR/LF, comma or angle bracket (security-tests.md IV-07).
    await ctx.delivery.send({ channel: 'email', to: email, projectId: project.id, ...rendered });
  } catch (error) {
    // security-tests.md FT-03: never a 500; a documented, retryable error. The token is not logged.
    request.log.error({ err: error }, 'login link e-mail could not be delivered');
    throw new ApiError(
      'email_delivery_failed',
      'The email could not be sent. Please try again in a moment.',
      {
        headers: { 'Retry-After': '5' },
      },
    );
  }
  // Issue 27 item 2: an explicit locale becomes the user's last one (their later notices are written in it) when the
  // sender is that user — the sign-up that created them, or their own session — never when a stranger who knows the
  // address asks for a link: that would choose the language of the owner's security notices. A sign-in with a
  // `locale` remembers it too (routes.ts).
  if (recipient.created || request.session?.userId === recipient.userId) {
    await rememberLocale(ctx, recipient.userId, asked);
  }
  return { user_id: recipient.userId, email_id: recipient.emailId, user_created: recipient.created };
}

/**
 * POST /magic_links/authenticate: redeems a link once (SPEC §4: a successful login makes the session
 * authenticated), verifies the address, activates a pending user and starts the session. A password reset token is
 * redeemed the same way ('Login without a password', features/passwords/reset-login.ts).
 */
export async function authenticateMagicLink(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateMagicLinkBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  // SPEC §9: 30 minutes by default; 5..525600 else 400 invalid_session_duration (shared with every method).
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  // Not captcha-protected (wire-format.md §4.4 sends no captcha_token here): the IP budget only.
  await guardAuthenticate(ctx, request, { action: options.action, captchaToken: null });
  const tokenHash = sha256(body.token);
  const now = ctx.clock.now();
  const live = and(
    eq(magicLinkTokens.tokenHash, tokenHash),
    eq(magicLinkTokens.projectId, project.id),
    isNull(magicLinkTokens.usedAt),
    // security-tests.md TK-02: valid only while now < expires_at, on the server clock, no grace period.
    gt(magicLinkTokens.expiresAt, now),
  );

  const [candidate] = await ctx.db.select().from(magicLinkTokens).where(live).limit(1);
  if (!candidate) {
    // security-tests.md TK-02 / FT-06: an expired link is consumed when presented, so a clock that later jumps
    // back cannot revive it.
    const [expired] = await ctx.db
      .update(magicLinkTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(magicLinkTokens.tokenHash, tokenHash),
          eq(magicLinkTokens.projectId, project.id),
          isNull(magicLinkTokens.usedAt),
          lte(magicLinkTokens.expiresAt, now),
        ),
      )
      .returning({ userId: magicLinkTokens.userId });
    // Issue 10 'Login without a password': the Stytch pre-built UI (and our widget) redeem a password reset token
    // here. Unknown, used and expired tokens of either kind get the one answer below.
    const viaReset = await authenticateResetTokenAsLogin(ctx, request, {
      token: body.token,
      codeVerifier: body.code_verifier ?? null,
      sessionDurationMinutes,
      unable: unableToAuth,
    });
    if (viaReset !== null) return viaReset;
    // Issue 25 item 1: an expired link is refused on its account; an unknown or used one names no account.
    await recordSignInFailed(ctx.db, request, {
      method: 'magic_link',
      reason: expired === undefined ? 'invalid_token' : 'expired',
      userId: expired?.userId ?? null,
      at: now,
    });
    throw unableToAuth();
  }
  // PKCE is checked before the token is consumed: a mismatch must leave the link usable, because the SDK
  // first tries the passwords verifier and retries with the magic_links one on a `pkce` error (wire-format.md
  // §6). The verifier has 128 hex characters of entropy, so keeping the token alive gives a guesser nothing.
  assertPkce({
    project,
    flow: 'email_magic_links',
    codeChallenge: candidate.codeChallenge,
    codeVerifier: body.code_verifier ?? null,
  });
  // Issue 8 item 1: a link sent by a secondary send is a pending claim that only the session which sent it can
  // redeem; anyone else who opens it (the address's real owner, say) is not signed in to the claimer's account.
  const address = await findIdentifierById(ctx, { kind: 'email', id: candidate.emailId });
  if (address === null || !isRedeemableBy(address, request.session?.row.id ?? null)) {
    throw new ApiError('unable_to_auth_magic_link', UNABLE_TO_AUTH_MESSAGE);
  }

  // security-tests.md TK-01: check and consume in one statement, so concurrent redemptions yield one winner
  // (at READ COMMITTED the losers re-evaluate `used_at IS NULL` after the winner commits and match nothing).
  const [consumed] = await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(live, eq(magicLinkTokens.id, candidate.id)))
    .returning();
  if (!consumed) throw new ApiError('unable_to_auth_magic_link', UNABLE_TO_AUTH_MESSAGE);

  try {
    // The address is proven: a claim becomes the user's, other users' claims of it are dropped, and a first proof
    // of an address the account held unproven resets the account to it (issue 20 item 1).
    const proven = await proveIdentifier(ctx, {
      kind: 'email',
      id: consumed.emailId,
      sessionUserId: request.session?.userId ?? null,
      request,
    });
    if (proven === null) throw new ApiError('unable_to_auth_magic_link', UNABLE_TO_AUTH_MESSAGE);
    await activateUser(ctx, { userId: proven.row.userId });
    const factor: AuthenticationFactor = {
      type: 'magic_link',
      delivery_method: 'email',
      last_authenticated_at: now.toISOString(),
      email_factor: { email_id: consumed.emailId, email_address: proven.row.value },
    };
    const issued = await issueSession(ctx, request, {
      userId: proven.row.userId,
      factor,
      sessionDurationMinutes,
      reauthenticates: !proven.attached,
    });
    if (proven.attached) notifyAddedIdentifier(ctx, request, proven);
    return { ...issued, method_id: consumed.emailId };
  } catch (error) {
    // No session came out of the link: give it back, so a passing fault does not burn the user's link
    // (security-tests.md FT-02, all-or-nothing). Only this request's own consumption is undone.
    await ctx.db
      .update(magicLinkTokens)
      .set({ usedAt: null })
      .where(and(eq(magicLinkTokens.id, consumed.id), eq(magicLinkTokens.usedAt, now)))
      .catch(() => undefined);
    throw error;
  }
}
