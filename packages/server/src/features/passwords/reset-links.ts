// Reset links: storing one for an address's owner and e-mailing it (POST /passwords/email/reset/start, issue 10), and
// issue 24 item 1's request to change a password that signs in but no longer meets the project's rules. Apart from
// resets.ts so the sign-in (service.ts) can ask for a change without importing the reset routes' module.
import type { AppContext, RequestContext } from '../../infra/context';
import { randomToken } from '../../infra/crypto';
import { projectDisplayName } from '../../infra/display-name';
import { type AskedLocale, NO_ASKED_LOCALE } from '../../infra/message-locale';
import { type EventActor, recordEvent } from '../audit';
import { redirectAllowlist, resolveRedirectUrl } from '../magic-links';
import { messageLocale } from '../users';
import { buildResetUrl, type ResetEmailReason, renderResetEmail } from './reset-email';
import { storeResetToken } from './store';

export const RESET_TOKEN_BYTES = 32;
/** Stytch's default reset-link lifetime (wire-format.md §4.10 reset_password_expiration_minutes), in minutes. */
export const DEFAULT_RESET_EXPIRATION_MINUTES = 30;

/** Stores a new reset link for the address's owner (earlier ones die, TK-03) and sends it (not awaited). */
export async function issueResetLink(
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
    /** Issue 24 item 1: why the e-mail asks (default: the user asked for a reset). */
    reason?: ResetEmailReason;
    /** Who asks, when not the one the reason implies: the admin API's caller (its require-password-reset). */
    actor?: EventActor;
    /**
     * Issue 27 item 2: the asking request's `locale` and Accept-Language; absent (an operator's action), the e-mail
     * is in the user's stored locale, else English.
     */
    locale?: AskedLocale;
  },
): Promise<void> {
  const { project } = request;
  const token = randomToken(RESET_TOKEN_BYTES);
  const reason = options.reason ?? 'requested';
  await storeResetToken(
    ctx,
    {
      projectId: project.id,
      userId: options.owner.userId,
      emailId: options.owner.id,
      token,
      redirectUrl: options.redirectUrl,
      templateId: options.templateId,
      codeChallenge: options.codeChallenge,
      expiresAt: options.expiresAt,
      tokenMode: request.tokenMode,
    },
    // Issue 25 item 1: asked for by whoever knows the address (anonymous), or by the sign-in of a password below the
    // rules (the user). The address and the link are not in it.
    async (tx, now) => {
      await recordEvent(
        tx,
        {
          projectId: project.id,
          type: 'password.reset_requested',
          actor:
            options.actor ??
            (reason === 'below_policy' ? { type: 'user', id: options.owner.userId } : { type: 'anonymous' }),
          subjectUserId: options.owner.userId,
          request,
          payload: { reason },
        },
        now,
      );
    },
  );
  const rendered = renderResetEmail({
    projectName: projectDisplayName(project),
    link: buildResetUrl({ redirectUrl: options.redirectUrl, token }),
    expirationMinutes: options.expirationMinutes,
    reason,
    locale: await messageLocale(ctx, options.locale ?? NO_ASKED_LOCALE, options.owner.userId),
  });
  // Not awaited: the next queued link need not wait for this mail's transport. The token is never logged.
  ctx.delivery
    .send({ channel: 'email', to: options.email, projectId: project.id, ...rendered })
    .catch((error: unknown) =>
      request.log.error({ err: error }, 'password reset e-mail could not be delivered'),
    );
}

/**
 * Issue 24 item 1: a password that verified but is shorter than today's minimum (an imported one: Auth0 and
 * Firebase allowed 6, Auth0's documented example has 5) signs in, and its owner is asked to change it through the
 * reset path that exists: a reset link to the address, to the project's default redirect URL, with a line saying
 * why. Not awaited; a project without a redirect URL, or a failed delivery, is logged, never thrown over the sign-in.
 */
export function askToChangePassword(
  ctx: AppContext,
  request: RequestContext,
  options: {
    email: string;
    owner: { userId: string; id: string };
    /** Issue 27 item 2: the sign-in's `locale` and Accept-Language (the e-mail's language). */
    locale?: AskedLocale;
  },
): void {
  let redirectUrl: string;
  try {
    redirectUrl = resolveRedirectUrl({
      requested: null,
      ...redirectAllowlist(request.project),
      kind: 'login',
    });
  } catch {
    request.log.warn(
      'a password below the project’s rules signed in, but the project has no redirect URL to reset it',
    );
    return;
  }
  const expiresAt = new Date(ctx.clock.now().getTime() + DEFAULT_RESET_EXPIRATION_MINUTES * 60_000);
  issueResetLink(ctx, request, {
    email: options.email,
    owner: options.owner,
    redirectUrl,
    templateId: null,
    codeChallenge: null,
    expirationMinutes: DEFAULT_RESET_EXPIRATION_MINUTES,
    expiresAt,
    reason: 'below_policy',
    locale: options.locale,
  }).catch((error: unknown) =>
    request.log.error({ err: error }, 'password change request could not be stored'),
  );
}
