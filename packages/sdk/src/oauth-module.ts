// wire-format.md §1.3, §4.6, §6 and §8: the calls behind client.oauth, loaded on the first OAuth call (client.ts).
// Only type imports from the SDK's own files: `validate` and the rest come in from the client, like
// passwords-module.ts's. The protocol value the initial bundle also uses (OAUTH_PROVIDERS) comes in from the client
// as well: imported here, esbuild would move it into a chunk shared with the initial bundle, a second file every
// page loads (bench widget-size, headless SDK ≤ 8 KiB). esbuild splits whole files, and any runtime import of
// @gatehouse/protocol brings all of it, so the OAuth paths and the default session duration are written out (like
// the password paths of passwords-module.ts; the initial bundle carries neither ROUTES nor CONSTANTS, see paths.ts):
// the compiler checks them against ROUTES.oauth and CONSTANTS, and oauth.test.ts checks the start path equals
// OAUTH_PUBLIC_ROUTES.start.
import type { CONSTANTS, OAUTH_PROVIDERS, ROUTES } from '@gatehouse/protocol';
import type { BootstrapModule } from './bootstrap';
import type { BrowserDependencies } from './browser';
import type { ClientOptions } from './client';
import type { HttpClient } from './http';
import type {
  OAuthAuthenticateResponse,
  OAuthModule,
  OAuthStartOptions,
  OneTapStartResponse,
  OneTapSubmitResponse,
} from './oauth';
import type { PkceStore } from './pkce';
import type { SessionManager } from './session-manager';
import type { Telemetry } from './telemetry';
import type { validate as Validate } from './usage';

/** SPEC §9 default session duration (CONSTANTS.defaultSessionDurationMinutes, written out: see the header). */
const DEFAULT_SESSION_MINUTES: (typeof CONSTANTS)['defaultSessionDurationMinutes'] = 30;

/** Paths relative to /sdk/v1 (ROUTES.oauth, written out: see the header). */
export const OAUTH_PATHS: typeof ROUTES.oauth = {
  authenticate: '/oauth/authenticate',
  oneTapStart: '/oauth/google/onetap/start',
  oneTapSubmit: '/oauth/google/onetap/submit',
};

/** The protocol's values the OAuth module reads (named, so the published declarations can name them). */
export interface OAuthProtocolValues {
  OAUTH_PROVIDERS: typeof OAUTH_PROVIDERS;
}

export interface OAuthApiUrls {
  /** Base of the OAuth start for test-mode public tokens (Stytch's `endpoints.testAPIURL`). */
  test: string;
  /** Base for live tokens (Stytch's `endpoints.liveAPIURL`). */
  live: string;
}

/**
 * wire-format.md §1.3 base selection, in order: the bootstrap CNAME domain, else the test API URL for a token that
 * contains `public-token-test`, else the live API URL.
 */
export function oauthStartBase(options: {
  cnameDomain: string | null;
  publicToken: string;
  urls: OAuthApiUrls;
}): string {
  if (options.cnameDomain) return `https://${options.cnameDomain}`;
  return (options.publicToken.includes('public-token-test') ? options.urls.test : options.urls.live).replace(
    /\/+$/,
    '',
  );
}

/**
 * wire-format.md §1.3: the query parameters in the verified order — public_token, code_challenge, custom_scopes
 * (joined with one space), provider_<key> per provider_params entry, login_redirect_url, signup_redirect_url — set
 * through URLSearchParams, so spaces become `+`.
 */
export function oauthStartUrl(options: {
  base: string;
  provider: string;
  publicToken: string;
  codeChallenge: string | null;
  start: OAuthStartOptions;
}): string {
  const { start } = options;
  const query = new URLSearchParams();
  query.set('public_token', options.publicToken);
  if (options.codeChallenge !== null) query.set('code_challenge', options.codeChallenge);
  if (start.custom_scopes && start.custom_scopes.length > 0)
    query.set('custom_scopes', start.custom_scopes.join(' '));
  for (const [key, value] of Object.entries(start.provider_params ?? {})) query.set(`provider_${key}`, value);
  if (start.login_redirect_url) query.set('login_redirect_url', start.login_redirect_url);
  if (start.signup_redirect_url) query.set('signup_redirect_url', start.signup_redirect_url);
  return `${options.base}/v1/public/oauth/${encodeURIComponent(options.provider)}/start?${query}`;
}

export function createOAuthModule(options: {
  publicToken: string;
  http: HttpClient;
  manager: SessionManager;
  bootstrap: BootstrapModule;
  pkce: PkceStore;
  telemetry: Telemetry;
  validate: typeof Validate;
  /** The client's server origin: the default of both OAuth API URLs. */
  baseUrl: string;
  /** The client's options (`endpoints.testAPIURL` / `liveAPIURL`, wire-format.md §1.2). */
  options: Pick<ClientOptions, 'endpoints'>;
  /** `navigate`: a top-level navigation; window.location.assign when not injected. */
  dependencies: Pick<BrowserDependencies, 'navigate'>;
  /** The protocol's values, passed in by the client (see the header). */
  protocol: OAuthProtocolValues;
}): OAuthModule {
  const { publicToken, http, manager, bootstrap, pkce, telemetry, validate, baseUrl } = options;
  const { OAUTH_PROVIDERS } = options.protocol;
  const urls: OAuthApiUrls = {
    test: options.options.endpoints?.testAPIURL ?? baseUrl,
    live: options.options.endpoints?.liveAPIURL ?? baseUrl,
  };
  const navigate = options.dependencies.navigate ?? ((url: string) => window.location.assign(url));

  const start = async (provider: string, startOptions: OAuthStartOptions = {}) => {
    const method = `oauth.${provider}.start`;
    validate(method)
      .object('options', startOptions)
      .optionalString('login_redirect_url', startOptions.login_redirect_url)
      .optionalString('signup_redirect_url', startOptions.signup_redirect_url)
      .optionalStringArray('custom_scopes', startOptions.custom_scopes)
      .optionalObject('provider_params', startOptions.provider_params);
    for (const [key, value] of Object.entries(startOptions.provider_params ?? {}))
      validate(method).string(`provider_params.${key}`, value);

    const { cnameDomain, pkceRequiredForOAuth } = await bootstrap.get();
    // wire-format.md §6: always a fresh pair when the project requires PKCE; otherwise no stale pair may linger
    // for a later oauth.authenticate to send.
    let codeChallenge: string | null = null;
    if (pkceRequiredForOAuth) codeChallenge = (await pkce.create('oauth')).code_challenge;
    else pkce.clear('oauth');

    // wire-format.md §4.12: start_oauth_flow {provider_type, custom_scopes?, cname_domain, pkce, provider_params?}.
    telemetry.logEvent('start_oauth_flow', {
      provider_type: provider,
      custom_scopes: startOptions.custom_scopes,
      cname_domain: cnameDomain,
      pkce: pkceRequiredForOAuth,
      provider_params: startOptions.provider_params,
    });
    // The page is about to unload: send the event now rather than in the next 800 ms batch.
    telemetry.flush();
    navigate(
      oauthStartUrl({
        base: oauthStartBase({ cnameDomain, publicToken, urls }),
        provider,
        publicToken,
        codeChallenge,
        start: startOptions,
      }),
    );
  };

  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider) => [
      provider,
      { start: (startOptions?: OAuthStartOptions) => start(provider, startOptions) },
    ]),
  );

  return {
    ...providers,
    async authenticate(token, authenticateOptions = {}) {
      validate('oauth.authenticate')
        .string('token', token)
        .object('options', authenticateOptions)
        .optionalNumber('session_duration_minutes', authenticateOptions.session_duration_minutes);
      const code_verifier = pkce.get('oauth')?.code_verifier;
      if (code_verifier === undefined && bootstrap.getSync().pkceRequiredForOAuth) {
        // wire-format.md §6: sent without a verifier, the server will refuse a flow that carried a challenge.
        console.warn(
          'Gatehouse: no PKCE code verifier is stored for this OAuth flow; start it with oauth.<provider>.start() in this browser.',
        );
      }
      const data = await http.request<OAuthAuthenticateResponse>({
        method: 'POST',
        path: OAUTH_PATHS.authenticate,
        body: {
          token,
          session_duration_minutes: authenticateOptions.session_duration_minutes ?? DEFAULT_SESSION_MINUTES,
          code_verifier,
        },
      });
      // wire-format.md §6: the pair goes only after a successful authenticate.
      pkce.clear('oauth');
      // wire-format.md §4.1 table: /oauth/authenticate takes the user from __user.
      return manager.applyAuthentication(data, '__user');
    },
    googleOneTap: {
      start: () =>
        http.request<OneTapStartResponse>({ method: 'POST', path: OAUTH_PATHS.oneTapStart, body: {} }),
      async submit(submitOptions) {
        validate('oauth.googleOneTap.submit')
          .object('options', submitOptions)
          .string('id_token', submitOptions.id_token)
          .string('csrf_token', submitOptions.csrf_token)
          .string('oauth_callback_id', submitOptions.oauth_callback_id)
          .optionalString('login_redirect_url', submitOptions.login_redirect_url)
          .optionalString('signup_redirect_url', submitOptions.signup_redirect_url);
        // Issue 20 item 6: the redirect carries an oauth token like a provider callback's, so where the project
        // requires PKCE it is bound to a fresh pair as a start is (wire-format.md §6); oauth.authenticate sends the
        // verifier. The Stytch SDK's One Tap goes through the services page and sends no challenge.
        const { pkceRequiredForOAuth } = await bootstrap.get();
        let code_challenge: string | undefined;
        if (pkceRequiredForOAuth) code_challenge = (await pkce.create('oauth')).code_challenge;
        else pkce.clear('oauth');
        const data = await http.request<OneTapSubmitResponse>({
          method: 'POST',
          path: OAUTH_PATHS.oneTapSubmit,
          body: {
            id_token: submitOptions.id_token,
            csrf_token: submitOptions.csrf_token,
            oauth_callback_id: submitOptions.oauth_callback_id,
            login_redirect_url: submitOptions.login_redirect_url,
            signup_redirect_url: submitOptions.signup_redirect_url,
            code_challenge,
          },
        });
        // wire-format.md §8: the SDK navigates to the answered redirect URL (it carries the oauth token).
        navigate(data.redirect_url);
        return data;
      },
    },
  } as OAuthModule;
}
