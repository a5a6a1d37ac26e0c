// Issue 25 item 1: the refusals of the abuse guard as events. A rate limit (infra/rate-limits.ts) or the captcha
// gate (infra/captcha.ts) refuses from dozens of places in the features, and infra must not know about events; so
// one `onError` hook of the /sdk/v1 scope reads the refusal as it leaves, with the request's context: each refused
// call writes `rate_limit.hit { rule }` or `captcha.required { action }`, and, on a route that verifies a credential
// to answer a session, `sign_in.failed { method, reason: 'rate_limited' | 'captcha' }` too. Nothing is written when
// the project is unknown (a refusal before the public token was resolved): every event belongs to a project.
// Refusals change nothing else, so the events go straight to the database.
import { ROUTES, SDK_API_PREFIX } from '@gatehouse/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CaptchaRequiredError } from '../../infra/captcha';
import type { AppContext, RequestContext } from '../../infra/context';
import { RateLimitRefusal } from '../../infra/rate-limits';
import type { EventActor } from './event-types';
import { recordSignInFailed } from './own-events';
import { recordEvent } from './record-event';

/**
 * The routes that verify a credential and answer a session, by the factor type a success adds: a refusal there is a
 * failed sign-in. Sends (login_or_create, the starts) are not: nothing was tried yet, and their refusal is logged
 * as the rate_limit.hit or captcha.required it is.
 */
export const SIGN_IN_ROUTES: Readonly<Record<string, string>> = {
  [ROUTES.passwords.authenticate]: 'password',
  [ROUTES.otps.authenticate]: 'otp',
  [ROUTES.magicLinksAuthenticate]: 'magic_link',
  [ROUTES.oauth.authenticate]: 'oauth',
  [ROUTES.oauth.oneTapSubmit]: 'oauth',
  [ROUTES.cryptoWallets.authenticate]: 'crypto',
  [ROUTES.webauthn.authenticate]: 'webauthn',
  [ROUTES.totps.authenticate]: 'totp',
  [ROUTES.totps.recover]: 'recovery_code',
};

/** The sign-in method of a route (its path under /sdk/v1), or null when the route signs nobody in. */
export function signInMethodOf(routeUrl: string | undefined): string | null {
  if (routeUrl === undefined || !routeUrl.startsWith(SDK_API_PREFIX)) return null;
  return SIGN_IN_ROUTES[routeUrl.slice(SDK_API_PREFIX.length)] ?? null;
}

/** What a refusal was, for the log: the limit's name or the captcha's action; null for any other error. */
function refusalOf(
  error: unknown,
):
  | { kind: 'rate_limit'; rule: string }
  | { kind: 'captcha'; action: string; reason: CaptchaRequiredError['reason'] }
  | null {
  if (error instanceof RateLimitRefusal) return { kind: 'rate_limit', rule: error.limit };
  if (error instanceof CaptchaRequiredError)
    return { kind: 'captcha', action: error.action, reason: error.reason };
  return null;
}

/** Records the events of one refused call (see the header). */
export async function recordRefusal(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: RequestContext,
  options: { error: unknown; routeUrl: string | undefined },
): Promise<void> {
  const refusal = refusalOf(options.error);
  if (refusal === null) return;
  const at = ctx.clock.now();
  // A signed-in caller (a second factor's code, an account-page call) is the actor; else nobody known yet.
  const userId = request.session?.userId ?? null;
  const actor: EventActor = userId === null ? { type: 'anonymous' } : { type: 'user', id: userId };
  const common = { projectId: request.project.id, actor, subjectUserId: userId, request };
  if (refusal.kind === 'rate_limit') {
    await recordEvent(ctx.db, { ...common, type: 'rate_limit.hit', payload: { rule: refusal.rule } }, at);
  } else {
    await recordEvent(
      ctx.db,
      {
        ...common,
        type: 'captcha.required',
        payload: {
          action: refusal.action,
          ...(refusal.reason === null ? {} : { reason: refusal.reason }),
        },
      },
      at,
    );
  }
  const method = signInMethodOf(options.routeUrl);
  if (method === null) return;
  await recordSignInFailed(ctx.db, request, {
    method,
    reason: refusal.kind === 'rate_limit' ? 'rate_limited' : 'captcha',
    userId,
    signedIn: userId !== null,
    at,
  });
}

/**
 * The `onError` hook of the /sdk/v1 scope (app.ts). Runs before the error handler answers; an event that cannot be
 * written is logged, never thrown over the refusal the caller is owed.
 */
export function refusalEventsHook(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: unknown): Promise<void> => {
    const context = request.gatehouse;
    if (context === null || refusalOf(error) === null) return;
    try {
      await recordRefusal(ctx, context, { error, routeUrl: request.routeOptions?.url });
    } catch (failure) {
      request.log.error({ err: failure }, 'the refusal could not be recorded in the event log');
    }
  };
}
