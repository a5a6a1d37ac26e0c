// The OAuth rows (migration 0010): start states, the single-use tokens the callback hands the app, and the
// provider tokens of each registration. Secrets are random, stored only hashed (state, browser binding, token) or
// encrypted (the PKCE verifier toward the provider, provider tokens), and every single-use row is consumed by one
// atomic statement (security-tests.md TK-01, TK-04, TK-05).
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId, randomToken, sha256 } from '../../infra/crypto';
import { oauthProviderTokens, oauthStates, oauthTokens } from '../../infra/db/schema';

/** SPEC §7 / TK-02: a start must come back from the provider within 10 minutes. */
export const STATE_LIFETIME_MS = 10 * 60_000;
/** The token in the redirect to the app is redeemed at once by the page; 10 minutes like Stytch's. */
export const OAUTH_TOKEN_LIFETIME_MS = 10 * 60_000;
/**
 * The code_challenge stored on an oauth token that Google One Tap issued without the app's challenge: the published
 * Stytch SDK submits One Tap through the client-side services page (wire-format.md §8), which cannot hold the
 * site's PKCE verifier, so such a token is redeemed without one even where the project requires PKCE for OAuth
 * (features/oauth/service.ts; README, the wire protocol against the catalogue). Gatehouse's own SDK sends a
 * challenge with its One Tap submit and gets a bound token. Not base64url (':'), so no S256 challenge equals it, and
 * the start refuses it (CODE_CHALLENGE_PATTERN).
 */
export const UNBOUND_ONE_TAP_CHALLENGE = 'one-tap:unbound';
/** 32 random bytes (43 base64url characters) for state, browser binding and token: 256 bits (SS-01 ≥ 128). */
const SECRET_BYTES = 32;

type StoreContext = Pick<AppContext, 'db' | 'clock' | 'secrets'>;

export interface NewState {
  projectId: string;
  tokenMode: 'test' | 'live';
  provider: string;
  /** The PKCE verifier toward the provider (RFC 7636, always S256). */
  providerCodeVerifier: string;
  nonce: string | null;
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  scopes: readonly string[];
}

export interface CreatedState {
  /** The `state` parameter sent to the provider. */
  state: string;
  /** The cookie value that binds the state to this browser. */
  browserBinding: string;
}

export async function createState(ctx: StoreContext, options: NewState): Promise<CreatedState> {
  const state = randomToken(SECRET_BYTES);
  const browserBinding = randomToken(SECRET_BYTES);
  const id = newId('oauth-state', options.tokenMode);
  const now = ctx.clock.now();
  await ctx.db.insert(oauthStates).values({
    id,
    projectId: options.projectId,
    tokenMode: options.tokenMode,
    providerType: options.provider,
    stateHash: sha256(state),
    browserBindingHash: sha256(browserBinding),
    codeVerifierCiphertext: ctx.secrets.encrypt(
      'oauth-provider-token',
      new TextEncoder().encode(options.providerCodeVerifier),
      id,
    ),
    nonce: options.nonce,
    codeChallenge: options.codeChallenge,
    loginRedirectUrl: options.loginRedirectUrl,
    signupRedirectUrl: options.signupRedirectUrl,
    scopes: [...options.scopes],
    expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
    createdAt: now,
  });
  return { state, browserBinding };
}

export interface ConsumedState {
  id: string;
  projectId: string;
  tokenMode: 'test' | 'live';
  provider: string;
  browserBindingHash: Uint8Array;
  providerCodeVerifier: string;
  nonce: string | null;
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  scopes: string[];
  /** False when the row was found but past its expiry (it is deleted all the same). */
  live: boolean;
}

/**
 * TK-04: the state named by `state`, deleted in the same statement, so a state is used once whatever happens next
 * (a replay, a second tab, a concurrent callback finds nothing). Null when unknown, used or purged.
 */
export async function consumeState(ctx: StoreContext, state: string): Promise<ConsumedState | null> {
  const [row] = await ctx.db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256(state)))
    .returning();
  if (row === undefined) return null;
  return {
    id: row.id,
    projectId: row.projectId,
    tokenMode: row.tokenMode,
    provider: row.providerType,
    browserBindingHash: row.browserBindingHash,
    providerCodeVerifier: new TextDecoder().decode(
      ctx.secrets.decrypt('oauth-provider-token', row.codeVerifierCiphertext, row.id),
    ),
    nonce: row.nonce,
    codeChallenge: row.codeChallenge,
    loginRedirectUrl: row.loginRedirectUrl,
    signupRedirectUrl: row.signupRedirectUrl,
    scopes: row.scopes,
    // TK-02: valid only while now < expires_at, on the server clock.
    live: row.expiresAt.getTime() > ctx.clock.now().getTime(),
  };
}

/** The single-use token the callback puts in the redirect to the app. */
export async function issueOAuthToken(
  ctx: StoreContext,
  options: {
    projectId: string;
    tokenMode: 'test' | 'live';
    userId: string;
    registrationId: string;
    emailId: string | null;
    codeChallenge: string | null;
  },
): Promise<string> {
  const token = randomToken(SECRET_BYTES);
  const now = ctx.clock.now();
  await ctx.db.insert(oauthTokens).values({
    id: newId('oauth-token', options.tokenMode),
    projectId: options.projectId,
    userId: options.userId,
    registrationId: options.registrationId,
    emailId: options.emailId,
    tokenHash: sha256(token),
    codeChallenge: options.codeChallenge,
    expiresAt: new Date(now.getTime() + OAUTH_TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

export type OAuthTokenRow = typeof oauthTokens.$inferSelect;

/** A live (unused, unexpired) token of the project, without consuming it. */
export async function findLiveOAuthToken(
  ctx: StoreContext,
  options: { projectId: string; token: string },
): Promise<OAuthTokenRow | null> {
  const [row] = await ctx.db
    .select()
    .from(oauthTokens)
    .where(liveToken(options.projectId, sha256(options.token), ctx.clock.now()))
    .limit(1);
  return row ?? null;
}

function liveToken(projectId: string, tokenHash: Uint8Array, now: Date) {
  return and(
    eq(oauthTokens.tokenHash, tokenHash),
    eq(oauthTokens.projectId, projectId),
    isNull(oauthTokens.usedAt),
    gt(oauthTokens.expiresAt, now),
  );
}

/**
 * TK-01: check and consume in one statement, so concurrent redemptions yield one winner (at READ COMMITTED the
 * losers re-evaluate `used_at IS NULL` after the winner commits and match nothing). Null for a loser.
 */
export async function consumeOAuthToken(ctx: StoreContext, row: OAuthTokenRow): Promise<Date | null> {
  const now = ctx.clock.now();
  const [consumed] = await ctx.db
    .update(oauthTokens)
    .set({ usedAt: now })
    .where(and(liveToken(row.projectId, row.tokenHash, now), eq(oauthTokens.id, row.id)))
    .returning({ id: oauthTokens.id });
  return consumed === undefined ? null : now;
}

/** Gives a consumed token back when no session came out of it (FT-02: a passing fault must not burn it). */
export async function releaseOAuthToken(
  ctx: StoreContext,
  options: { id: string; usedAt: Date },
): Promise<void> {
  await ctx.db
    .update(oauthTokens)
    .set({ usedAt: null })
    .where(and(eq(oauthTokens.id, options.id), eq(oauthTokens.usedAt, options.usedAt)))
    .catch(() => undefined);
}

/** wire-format.md §4.6 provider_values. */
export interface ProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
}

/** Keeps the provider's tokens of a registration's latest sign-in, encrypted (context: the registration id). */
export async function saveProviderTokens(
  ctx: StoreContext,
  options: { registrationId: string; projectId: string; tokens: ProviderValues },
): Promise<void> {
  const { registrationId, tokens } = options;
  const document = JSON.stringify({
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
  });
  const row = {
    tokensCiphertext: ctx.secrets.encrypt(
      'oauth-provider-token',
      new TextEncoder().encode(document),
      registrationId,
    ),
    scopes: tokens.scopes,
    updatedAt: ctx.clock.now(),
  };
  await ctx.db
    .insert(oauthProviderTokens)
    .values({ registrationId, projectId: options.projectId, ...row })
    .onConflictDoUpdate({ target: oauthProviderTokens.registrationId, set: row });
}

/** The stored provider tokens of a registration (empty strings when none are stored). */
export async function readProviderTokens(ctx: StoreContext, registrationId: string): Promise<ProviderValues> {
  const [row] = await ctx.db
    .select()
    .from(oauthProviderTokens)
    .where(eq(oauthProviderTokens.registrationId, registrationId))
    .limit(1);
  if (row === undefined) return { access_token: '', id_token: '', refresh_token: '', scopes: [] };
  const document = JSON.parse(
    new TextDecoder().decode(
      ctx.secrets.decrypt('oauth-provider-token', row.tokensCiphertext, registrationId),
    ),
  ) as Omit<ProviderValues, 'scopes'>;
  return { ...document, scopes: row.scopes };
}
