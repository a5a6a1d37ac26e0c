// POST /sdk/v1/oauth/authenticate (wire-format.md §4.6, §6; issue 11 item 1): redeems the single-use token of the
// callback's redirect once, checks the app's PKCE verifier when the start carried a challenge (required when the
// project sets pkce_required_for_oauth), starts the session with the `<provider>_oauth_factor`, and answers the
// AuthenticateResponse with the registration and the provider's tokens (provider_values).
import type { AuthenticationFactor, OAuthProvider } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { oauthRegistrations } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { assertPkce } from '../../infra/pkce';
import { guardCall } from '../../infra/rate-limits';
import { issueSession, validateSessionDuration } from '../sessions';
import { assertMayAttach } from '../sessions/step-up';
import { OAUTH_TOKEN_NOT_FOUND_MESSAGE, TOO_MANY_OAUTH_AUTHENTICATIONS_MESSAGE } from './messages';
import type { AuthenticateOAuthBody } from './schema';
import {
  consumeOAuthToken,
  findLiveOAuthToken,
  type OAuthTokenRow,
  type ProviderValues,
  readProviderTokens,
  releaseOAuthToken,
  UNBOUND_ONE_TAP_CHALLENGE,
} from './store';

/** wire-format.md §4.1: these three providers' factors carry no email_id. */
const FACTORS_WITHOUT_EMAIL: ReadonlySet<string> = new Set(['twitter', 'tiktok', 'snapchat']);

/** The session factor of a provider sign-in (wire-format.md §4.1). */
export function oauthFactor(options: {
  provider: string;
  registrationId: string;
  emailId: string | null;
  subject: string;
}): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  const { provider } = options;
  const factor = {
    type: 'oauth',
    delivery_method: `oauth_${provider}`,
    [`${provider}_oauth_factor`]: {
      id: options.registrationId,
      ...(FACTORS_WITHOUT_EMAIL.has(provider) ? {} : { email_id: options.emailId ?? '' }),
      provider_subject: options.subject,
    },
  };
  return factor as Omit<AuthenticationFactor, 'last_authenticated_at'>;
}

/**
 * Issue 20 item 3: how long before its token a registration may have been created and still count as linked by the
 * callback that issued the token. The callback links (login.ts findOrCreateProviderUser), stores the provider's
 * tokens and issues ours in a few database writes, milliseconds apart; a minute leaves room for a loaded database.
 * A registration an earlier callback linked within that minute counts too: the cautious side (not a step-up).
 */
export const LINKED_BY_CALLBACK_MS = 60_000;

/** True when the token's own callback linked the registration (see LINKED_BY_CALLBACK_MS). */
function linkedByItsCallback(
  registration: { createdAt: Date },
  token: Pick<OAuthTokenRow, 'createdAt'>,
): boolean {
  return registration.createdAt.getTime() >= token.createdAt.getTime() - LINKED_BY_CALLBACK_MS;
}

function notFound(): ApiError {
  return new ApiError('oauth_token_not_found', OAUTH_TOKEN_NOT_FOUND_MESSAGE);
}

export async function authenticateOAuth(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateOAuthBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardCall(ctx, request, {
    checks: [{ limit: 'oauthAuthenticationsPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_OAUTH_AUTHENTICATIONS_MESSAGE,
    action: options.action,
    captchaToken: null,
  });
  const candidate = await findLiveOAuthToken(ctx, { projectId: project.id, token: body.token });
  if (candidate === null) throw notFound();
  // TK-01: one winner among concurrent redemptions. TK-03: consumed before the verifier is compared, so a wrong
  // verifier burns the token (the SDK has no second verifier to try for OAuth, wire-format.md §6).
  const usedAt = await consumeOAuthToken(ctx, candidate);
  if (usedAt === null) throw notFound();
  // Issue 20 item 6: a One Tap token submitted without the app's challenge (the Stytch services page cannot carry
  // one, store.ts) is redeemed without a verifier, and a stale one from an abandoned start is ignored.
  if (candidate.codeChallenge !== UNBOUND_ONE_TAP_CHALLENGE) {
    assertPkce({
      project,
      flow: 'oauth',
      codeChallenge: candidate.codeChallenge,
      codeVerifier: body.code_verifier ?? null,
    });
  }
  try {
    const [registration] = await ctx.db
      .select()
      .from(oauthRegistrations)
      .where(eq(oauthRegistrations.id, candidate.registrationId))
      .limit(1);
    // The registration was unlinked between the callback and this call: nothing to sign in with.
    if (registration === undefined || registration.userId !== candidate.userId) throw notFound();
    const provider = registration.providerType as OAuthProvider;
    // Issue 20 item 3 (features/sessions/step-up.ts): joined to the caller's session, a registration linked by this
    // token's callback is a credential attached now, not a step-up: refused while the project's required second
    // factor is missing (the token is given back, below), and it does not make the session recent.
    const attaches =
      request.session?.userId === candidate.userId && linkedByItsCallback(registration, candidate);
    if (attaches) assertMayAttach(ctx, request, 'POST /oauth/authenticate');
    const issued = await issueSession(ctx, request, {
      userId: candidate.userId,
      factor: oauthFactor({
        provider,
        registrationId: registration.id,
        emailId: candidate.emailId,
        subject: registration.providerSubject,
      }),
      sessionDurationMinutes,
      reauthenticates: !attaches,
    });
    const providerValues: ProviderValues = await readProviderTokens(ctx, registration.id);
    return {
      ...issued,
      provider_subject: registration.providerSubject,
      provider_type: provider,
      profile_picture_url: registration.profilePictureUrl,
      locale: registration.locale,
      provider_values: providerValues,
    };
  } catch (error) {
    // FT-02: no session came out of the token, so a passing fault does not burn it.
    if (!(error instanceof ApiError && error.errorType === 'oauth_token_not_found')) {
      await releaseOAuthToken(ctx, { id: candidate.id, usedAt });
    }
    throw error;
  }
}
