// The end of every provider sign-in (issue 11 items 1 and 2): the OAuth callback and Google One Tap both call
// completeProviderLogin with the profile the provider vouched for. It finds the user, links or creates one, keeps
// the provider's tokens encrypted, and answers where to send the browser with a single-use token
// (`?stytch_token_type=oauth&token=…`, wire-format.md §1.3) that POST /sdk/v1/oauth/authenticate redeems.
//
// Linking (DESIGN.md convention 13; security-tests.md TK-07, AT-01, AT-02):
// - the identity record is (project, provider, subject): a returning person is found by it, whatever their e-mail;
// - otherwise an existing user is linked by e-mail ONLY when the preset says the provider asserts the address is
//   verified AND is authoritative for it (profile.emailVerified). Linking proves the address through
//   features/users proveIdentifier: other users' pending claims of it are dropped, and when the account held it
//   unproven (an attacker's pre-registration with a password), the account is reset to that address and its
//   sessions end before the registration is linked (issue 20 item 1, AT-06);
// - otherwise a new user is created. An unverified provider e-mail is never attached to anyone: attached, it would
//   let the provider account sign in to whoever later proves that address (the classic-federated merge of
//   "Pre-hijacked accounts").
import type { OAuthProvider } from '@gatehouse/protocol';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { oauthRegistrations } from '../../infra/db/schema';
import { type EventExecutor, recordOwnEvent } from '../audit';
import { assertValidEmail } from '../magic-links/email-address';
import { redirectAllowlist, resolveRedirectUrl } from '../magic-links/redirect-url';
import { findOwnedIdentifier, insertUserWithIdentifier, normalizeEmail, proveIdentifier } from '../users';
import type { ProviderProfile } from './preset';
import { issueOAuthToken, type ProviderValues, saveProviderTokens } from './store';

export interface CompleteProviderLoginOptions {
  projectId: string;
  provider: OAuthProvider;
  profile: ProviderProfile;
  tokens: ProviderValues;
  /** Where to send a returning user; null: the project's default (its first allowed redirect URL). */
  loginRedirectUrl: string | null;
  /** Where to send a new user; null: the project's default. */
  signupRedirectUrl: string | null;
  /** The app's PKCE challenge from the start (wire-format.md §6), checked when the token is redeemed. */
  codeChallenge: string | null;
}

/** Who signed in: the user, the registration of (provider, subject), the vouched e-mail's row. */
export interface ProviderUser {
  userId: string;
  registrationId: string;
  /** The user's row of the address the provider vouched for (the factor's email_id), or null. */
  emailId: string | null;
  created: boolean;
}

/** The address the provider vouches for (verified and authoritative), normalised, or null. */
function vouchedEmail(profile: ProviderProfile): string | null {
  if (!profile.emailVerified || profile.email === null) return null;
  try {
    return assertValidEmail(normalizeEmail(profile.email));
  } catch {
    // An address our own rules refuse is not bound to anyone (the sign-in still works by subject).
    return null;
  }
}

/** Bounded profile fields (a provider's answer is input like any other). */
function clip(value: string, max: number): string {
  return value.replaceAll('\u0000', '').slice(0, max);
}

async function findRegistration(
  ctx: AppContext,
  options: { projectId: string; provider: string; subject: string },
) {
  const [row] = await ctx.db
    .select()
    .from(oauthRegistrations)
    .where(
      and(
        eq(oauthRegistrations.projectId, options.projectId),
        eq(oauthRegistrations.providerType, options.provider),
        eq(oauthRegistrations.providerSubject, options.subject),
      ),
    )
    .limit(1);
  return row ?? null;
}

// Thrown inside a transaction to roll it back when a concurrent sign-in created the registration or the address.
class LostRace extends Error {}

/**
 * Finds or creates the user of a provider identity (see the header for the rule). Race-safe (security-tests.md
 * LD-02: many parallel first sign-ins of one new identity create exactly one user): the registration insert uses
 * ON CONFLICT DO NOTHING on (project, provider, subject), the loser rolls back and finds the winner's.
 */
export async function findOrCreateProviderUser(
  ctx: AppContext,
  rc: Pick<RequestContext, 'tokenMode' | 'ip' | 'userAgent' | 'requestId'>,
  options: { projectId: string; provider: OAuthProvider; profile: ProviderProfile },
): Promise<ProviderUser> {
  const { projectId, provider, profile } = options;
  const subject = clip(profile.subject, 255);
  const email = vouchedEmail(profile);
  const pictureUrl = clip(profile.pictureUrl, 2048);
  const locale = clip(profile.locale, 35);
  const registration = {
    projectId,
    providerType: provider,
    providerSubject: subject,
    profilePictureUrl: pictureUrl,
    locale,
  };
  const request = { ...rc, project: { id: projectId } };
  // Issue 25 item 1: a new registration is `oauth.linked` on its user, in the transaction that writes it.
  const recordLinked = (tx: EventExecutor, userId: string, at: Date) =>
    recordOwnEvent(tx, request, { type: 'oauth.linked', userId, payload: { provider_type: provider }, at });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findRegistration(ctx, { projectId, provider, subject });
    if (existing !== null) {
      if (existing.profilePictureUrl !== pictureUrl || existing.locale !== locale) {
        await ctx.db
          .update(oauthRegistrations)
          .set({ profilePictureUrl: pictureUrl, locale })
          .where(eq(oauthRegistrations.id, existing.id));
      }
      const owned =
        email === null ? null : await findOwnedIdentifier(ctx, { kind: 'email', projectId, value: email });
      return {
        userId: existing.userId,
        registrationId: existing.id,
        emailId: owned !== null && owned.userId === existing.userId ? owned.id : null,
        created: false,
      };
    }
    const registrationId = newId('oauth-user-registration', rc.tokenMode);
    const now = ctx.clock.now();
    if (email !== null) {
      const owner = await findOwnedIdentifier(ctx, { kind: 'email', projectId, value: email });
      if (owner !== null) {
        // AT-01/AT-06: the provider proved the address (see the header); the registration is written in the proof's
        // transaction, after a first proof has reset the account, so it is the only social account linked then.
        let proven: Awaited<ReturnType<typeof proveIdentifier>>;
        try {
          proven = await proveIdentifier(ctx, {
            kind: 'email',
            id: owner.id,
            sessionUserId: null,
            request,
            within: async (tx, row) => {
              const linked = await tx
                .insert(oauthRegistrations)
                .values({ id: registrationId, userId: row.userId, createdAt: now, ...registration })
                .onConflictDoNothing()
                .returning({ id: oauthRegistrations.id });
              if (linked.length === 0) throw new LostRace();
              await recordLinked(tx, row.userId, now);
            },
          });
        } catch (error) {
          if (error instanceof LostRace) continue;
          throw error;
        }
        // The address left that account meanwhile (another proof reset it): look again.
        if (proven === null) continue;
        return { userId: proven.row.userId, registrationId, emailId: proven.row.id, created: false };
      }
    }
    const userId = newId('user', rc.tokenMode);
    const emailId = email === null ? null : newId('email', rc.tokenMode);
    try {
      await ctx.db.transaction(async (tx) => {
        const held = await insertUserWithIdentifier(tx, {
          userId,
          projectId,
          status: 'active',
          name: {
            first_name: clip(profile.name.first_name, 256),
            middle_name: clip(profile.name.middle_name, 256),
            last_name: clip(profile.name.last_name, 256),
          },
          createdAt: now,
          identifier:
            email === null || emailId === null ? null : { kind: 'email', id: emailId, value: email },
          method: 'oauth',
        });
        if (!held) throw new LostRace();
        const inserted = await tx
          .insert(oauthRegistrations)
          .values({ id: registrationId, userId, createdAt: now, ...registration })
          .onConflictDoNothing()
          .returning({ id: oauthRegistrations.id });
        if (inserted.length === 0) throw new LostRace();
        await recordLinked(tx, userId, now);
      });
    } catch (error) {
      if (error instanceof LostRace) continue;
      throw error;
    }
    // Verified, and every other user's pending claim of the address dropped. The prover is the new user itself (this
    // call created it with the registration): there is nothing anyone else attached, so nothing is reset.
    if (emailId !== null) {
      await proveIdentifier(ctx, { kind: 'email', id: emailId, sessionUserId: userId, request });
    }
    return { userId, registrationId, emailId, created: true };
  }
  // Three lost races in a row: the winner's rows exist now.
  const winner = await findRegistration(ctx, { projectId, provider, subject });
  if (winner === null) throw new Error('findOrCreateProviderUser: the registration vanished during creation');
  return { userId: winner.userId, registrationId: winner.id, emailId: null, created: false };
}

/** `{redirect}?stytch_token_type=oauth&token=…`, keeping any query the redirect URL already has. */
export function buildOAuthRedirect(options: { redirectUrl: string; token: string }): string {
  const url = new URL(options.redirectUrl);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('token', options.token);
  return url.href;
}

/**
 * Signs the provider identity in (see the header): finds, links or creates the user, stores the provider's tokens
 * encrypted, issues the single-use oauth token, and answers the allowlisted redirect URL carrying it (login URL
 * for a returning user, signup URL for a new one). Redirect URLs are checked against the project's allowlist here
 * again (security-tests.md RD-01: at the start and at completion); a URL off the list throws invalid_redirect_url
 * before anything is written.
 */
export async function completeProviderLogin(
  ctx: AppContext,
  rc: RequestContext,
  options: CompleteProviderLoginOptions,
): Promise<{ redirectUrl: string }> {
  const { project } = rc;
  const loginRedirectUrl = resolveRedirectUrl({
    requested: options.loginRedirectUrl,
    ...redirectAllowlist(project),
    kind: 'login',
    field: 'login_redirect_url',
  });
  const signupRedirectUrl = resolveRedirectUrl({
    requested: options.signupRedirectUrl,
    ...redirectAllowlist(project),
    kind: 'signup',
    field: 'signup_redirect_url',
  });
  const user = await findOrCreateProviderUser(ctx, rc, {
    projectId: options.projectId,
    provider: options.provider,
    profile: options.profile,
  });
  await saveProviderTokens(ctx, {
    registrationId: user.registrationId,
    projectId: options.projectId,
    tokens: options.tokens,
  });
  const token = await issueOAuthToken(ctx, {
    projectId: options.projectId,
    tokenMode: rc.tokenMode,
    userId: user.userId,
    registrationId: user.registrationId,
    emailId: user.emailId,
    codeChallenge: options.codeChallenge,
  });
  return {
    redirectUrl: buildOAuthRedirect({
      redirectUrl: user.created ? signupRedirectUrl : loginRedirectUrl,
      token,
    }),
  };
}
