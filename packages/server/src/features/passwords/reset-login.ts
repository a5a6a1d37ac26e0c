// Issue 10: 'Login without a password' (SPEC §2 PasswordResetForm). The published Stytch pre-built UI, and our
// widget, redeem a PASSWORD RESET token through POST /magic_links/authenticate — from the reset form's button and
// when the page's query says stytch_token_type=login (wire-format.md §6: the SDK then sends the `passwords`
// verifier first). This is that redemption, kept here because only the passwords feature writes reset tokens
// (DESIGN.md convention 11); features/magic-links calls it for a token that is not a login link.
//
// The token is consumed by the same single UPDATE … WHERE used_at IS NULL as POST /passwords/email/reset
// (store.ts consumeResetToken), so one token yields one success across both endpoints (TK-01). The mail reached
// the address's owner, so the address is proven exactly as a login link proves it (features/users/identifiers.ts,
// including the first-proof rule against pre-account takeover, AT-01). The password is not touched.
import type { AuthenticationFactor } from '@gatehouse/protocol';
import type { AppContext, RequestContext } from '../../infra/context';
import type { ApiError } from '../../infra/errors';
import { assertPkce } from '../../infra/pkce';
import { issueSession } from '../sessions';
import { activateUser, findIdentifierById, isRedeemableBy, proveIdentifier } from '../users';
import { consumeResetToken, findLiveResetToken, releaseResetToken } from './store';

export interface ResetTokenLoginOptions {
  token: string;
  codeVerifier: string | null;
  sessionDurationMinutes: number;
  /** The caller's refusal for a token that cannot be redeemed (the magic-link one: indistinguishable answers). */
  unable: () => ApiError;
}

/**
 * Redeems `token` as a login when it is a live password reset token of this project: the session and `method_id`
 * (the address's email_id), as POST /magic_links/authenticate answers. Null when no live reset token has this
 * value (an expired one is consumed on the way, TK-02), so the caller answers as for any unknown link.
 */
export async function authenticateResetTokenAsLogin(
  ctx: AppContext,
  request: RequestContext,
  options: ResetTokenLoginOptions,
) {
  const { project } = request;
  const now = ctx.clock.now();
  const candidate = await findLiveResetToken(ctx, { projectId: project.id, token: options.token, now });
  if (candidate === null) return null;
  // The reset's own PKCE (flow password_resets: the same pkce_mismatch / missing_pkce as POST
  // /passwords/email/reset), checked before consuming so a wrong verifier leaves the link usable — the SDK then
  // retries with its magic_links verifier, which fails alike (wire-format.md §6).
  assertPkce({
    project,
    flow: 'password_resets',
    codeChallenge: candidate.codeChallenge,
    codeVerifier: options.codeVerifier,
  });
  const address = await findIdentifierById(ctx, { kind: 'email', id: candidate.emailId });
  if (address === null || !isRedeemableBy(address, request.session?.row.id ?? null)) throw options.unable();
  const consumed = await consumeResetToken(ctx, {
    id: candidate.id,
    projectId: project.id,
    token: options.token,
    now,
  });
  if (consumed === null) throw options.unable();
  try {
    // A first proof of an address the account held unproven resets the account to it (issue 20 item 1). Reset links
    // go to owned addresses only, so nothing is ever attached here.
    const proven = await proveIdentifier(ctx, {
      kind: 'email',
      id: consumed.emailId,
      sessionUserId: request.session?.userId ?? null,
      request,
    });
    if (proven === null) throw options.unable();
    await activateUser(ctx, { userId: proven.row.userId });
    // wire-format.md §4.1: the factor of a login link (the SDK and the pre-built UI read it as one).
    const factor: AuthenticationFactor = {
      type: 'magic_link',
      delivery_method: 'email',
      last_authenticated_at: now.toISOString(),
      email_factor: { email_id: consumed.emailId, email_address: proven.row.value },
    };
    const issued = await issueSession(ctx, request, {
      userId: proven.row.userId,
      factor,
      sessionDurationMinutes: options.sessionDurationMinutes,
    });
    return { ...issued, method_id: consumed.emailId };
  } catch (error) {
    // No session came out of it: give the link back (FT-02), as a login link does.
    await releaseResetToken(ctx, { id: consumed.id, usedAt: now }).catch(() => undefined);
    throw error;
  }
}
