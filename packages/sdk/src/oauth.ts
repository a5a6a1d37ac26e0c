// wire-format.md §1.3, §4.6, §6 and §8 (issue 11 item 3): social sign-in with the Stytch 4.x names and option
// shapes. This file holds the public names and the small forwarding object the client carries; the calls live in
// ./oauth-module, which the client loads on the first OAuth call (client.ts), so pages without social sign-in
// neither download nor evaluate it (issue 3: the headless SDK ≤ 8 KiB gzip).
import { type AuthenticateResponse, OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/protocol';
import { forwarding } from './lazy';

export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  /** Joined with one space into the `custom_scopes` query parameter. */
  custom_scopes?: string[];
  /** Each entry becomes a `provider_<key>=<value>` query parameter. */
  provider_params?: Record<string, string>;
}

export interface OAuthAuthenticateOptions {
  /** A number when given (UsageError otherwise); 30 when left out (SPEC §9 default session duration). */
  session_duration_minutes?: number;
}

/** wire-format.md §4.6: what the provider handed over, next to the usual authenticate fields. */
export interface OAuthProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
}

export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
  provider_values: OAuthProviderValues;
}

/** What oauth.authenticate returns to the app: the response without `__user` (wire-format.md §4.1). */
export type OAuthAuthenticateResult = Omit<OAuthAuthenticateResponse, '__user'>;

/**
 * POST /oauth/google/onetap/start (the client-side services' oneTapStart of wire-format.md §8, served by Gatehouse
 * itself). `google_script_url` is Gatehouse's own addition: where to load Google's GSI script from (tests serve a
 * stand-in on loopback); absent means https://accounts.google.com/gsi/client. `nonce`, when given, is handed to
 * Google so the ID token carries it.
 */
export interface OneTapStartResponse {
  request_id?: string;
  status_code?: number;
  google_client_id: string;
  csrf_token: string;
  oauth_callback_id: string;
  nonce?: string;
  google_script_url?: string;
}

export interface OneTapSubmitOptions {
  /** The credential (a Google ID token) One Tap handed to the page. */
  id_token: string;
  csrf_token: string;
  oauth_callback_id: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
}

export interface OneTapSubmitResponse {
  request_id?: string;
  status_code?: number;
  /** The allowlisted redirect URL with `?stytch_token_type=oauth&token=…`; the SDK navigates there. */
  redirect_url: string;
}

export interface OAuthProviderStart {
  /**
   * Navigates (window.location) to `<base>/v1/public/oauth/<provider>/start?…` (wire-format.md §1.3); with bootstrap
   * `pkce_required_for_oauth` a fresh `oauth` PKCE pair is stored and its challenge sent, otherwise any stored pair
   * is deleted. Logs `start_oauth_flow`. Resolves once the navigation was asked for.
   */
  start(options?: OAuthStartOptions): Promise<void>;
}

export interface GoogleOneTapModule {
  /** POST /oauth/google/onetap/start: the Google client id and the CSRF token One Tap needs. */
  start(): Promise<OneTapStartResponse>;
  /**
   * POST /oauth/google/onetap/submit, then navigates to the answered `redirect_url`. With bootstrap
   * `pkce_required_for_oauth` the body carries the challenge of a fresh `oauth` PKCE pair (as a start does), which
   * oauth.authenticate then redeems with its verifier; otherwise any stored pair is deleted.
   */
  submit(options: OneTapSubmitOptions): Promise<OneTapSubmitResponse>;
}

export type OAuthModule = { [provider in OAuthProvider]: OAuthProviderStart } & {
  /** POST /oauth/authenticate with the stored `oauth` verifier (omitted if none; cleared on success). */
  authenticate(token: string, options?: OAuthAuthenticateOptions): Promise<OAuthAuthenticateResult>;
  googleOneTap: GoogleOneTapModule;
};

/**
 * client.oauth with its code loaded on the first call, like client.passwords. The provider names come from the
 * protocol so `oauth.<provider>` exists for exactly the 19 providers of SPEC §2. A failed load is retried on the
 * next call.
 */
export function lazyOAuth(get: () => Promise<OAuthModule>): OAuthModule {
  return {
    ...Object.fromEntries(
      OAUTH_PROVIDERS.map((provider) => [provider, forwarding(get, ['start'], provider)]),
    ),
    ...forwarding(get, ['authenticate']),
    googleOneTap: forwarding(get, ['start', 'submit'], 'googleOneTap'),
  } as OAuthModule;
}
