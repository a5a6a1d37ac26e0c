// Issue 11: the seam between the OAuth flow (flow.ts, routes.ts) and the table of provider presets (presets/).
// A preset says where a provider's endpoints are, how the client authenticates at its token endpoint, and how its
// answers map to one profile. Every endpoint can be overridden per project (project file), which is how tests point
// a preset at oidc-provider on loopback.
import type { OAuthProvider } from '@gatehouse/protocol';

/** How the client authenticates at the token endpoint. */
export type ClientAuthentication =
  /** client_id + client_secret in an HTTP Basic header (RFC 6749 §2.3.1). */
  | 'client_secret_basic'
  /** client_id + client_secret in the form body. */
  | 'client_secret_post'
  /** Apple: the client secret is an ES256 JWT signed with the team's private key (presets/apple.ts makes it). */
  | 'apple_signed_jwt'
  /** TikTok: `client_key` instead of `client_id`, secret in the body. */
  | 'tiktok_client_key';

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  /** Absent when the profile comes from the ID token alone (Apple). */
  userinfo?: string;
  /** OpenID providers: the issuer the ID token must carry, and where its keys are. */
  issuer?: string;
  jwks?: string;
}

/** What the flow hands a preset's mapper: the token answer, the validated ID-token claims, the userinfo answer. */
export interface ProviderAnswers {
  tokens: Record<string, unknown>;
  idTokenClaims?: Record<string, unknown>;
  userinfo?: unknown;
  /** Extra answers some providers need (GitHub's /user/emails), fetched by the preset's `extraRequests`. */
  extra?: Record<string, unknown>;
  /** Apple posts the user's name once, in the form body of the first callback. */
  formUser?: unknown;
}

/** One signed-in person at a provider, as the rest of Gatehouse sees them. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  /** True only when the provider asserts the address is verified AND is authoritative for it (safe-to-deploy rule). */
  emailVerified: boolean;
  name: { first_name: string; middle_name: string; last_name: string };
  pictureUrl: string;
  locale: string;
}

export interface ProviderPreset {
  type: OAuthProvider;
  /** OpenID Connect: an ID token is requested and validated (nonce sent). */
  openid: boolean;
  endpoints: ProviderEndpoints;
  defaultScopes: readonly string[];
  /** Scope separator the provider expects in the authorization URL (space unless the provider says otherwise). */
  scopeSeparator?: ' ' | ',';
  clientAuthentication: ClientAuthentication;
  /** response_mode=form_post (Apple when asking for name or email scopes). */
  formPost?: boolean;
  /** Extra fixed authorization parameters (e.g. Google's access_type=offline is NOT fixed; prompt etc. pass through). */
  authorizationParams?: Readonly<Record<string, string>>;
  /** Further GET requests made with the access token after the token answer (url by key). */
  extraRequests?: Readonly<Record<string, string>>;
  /**
   * Additive (oauth-presets): the exact issuer an ID token must carry when it is not simply `endpoints.issuer`.
   * Microsoft's `common` endpoint issues tokens whose issuer names the user's tenant
   * (`https://login.microsoftonline.com/{tid}/v2.0`), and Google's tokens may carry `accounts.google.com` without
   * the scheme. Called with the token's claims (read before verification, to pick the issuer to verify against) and
   * the configured issuer (the preset's, or the project's override); null refuses the token. Absent: the configured
   * issuer, exactly.
   */
  issuerFor?(claims: Readonly<Record<string, unknown>>, configuredIssuer: string): string | null;
  /** Maps the provider's answers to a profile; throws a ProfileError when the answers lack a subject. */
  mapProfile(answers: ProviderAnswers): ProviderProfile;
}

export class ProfileError extends Error {
  override name = 'ProfileError';
}
