// The OAuth authorization-code flow toward the provider (issue 11 item 1; wire-format.md §1.3; security-tests.md
// TK-04, TK-07, FT-05), by oauth4webapi:
// - start: the app's query (public_token, code_challenge, custom_scopes, provider_*, login/signup redirect URLs)
//   is checked, a `state` (single use, stored hashed) is bound to this browser by an HttpOnly SameSite=Lax cookie,
//   PKCE S256 is always used toward the provider and a `nonce` for OpenID providers; the browser goes to the
//   provider's authorization endpoint;
// - callback: the state is consumed (deleted) and its cookie compared, the code exchanged with the PKCE verifier,
//   the ID token validated (issuer, audience, nonce, expiry, and its signature against the provider's JWKS), the
//   userinfo fetched, the preset maps the answers to a profile and login.ts signs the person in.
// Nothing here throws to the route for a provider failure: the outcome says where the browser goes next.
import { OAUTH_PROVIDERS, OAUTH_PUBLIC_ROUTES, type OAuthProvider } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { constantTimeEqual, sha256 } from '../../infra/crypto';
import { projects } from '../../infra/db/schema';
import { isApiError } from '../../infra/errors';
import { assertChallengeWhenRequired } from '../../infra/pkce';
import { redirectAllowlist, resolveRedirectUrl } from '../magic-links/redirect-url';
import { oauthProviderConfig, type ResolvedProviderConfig } from './config';
import { completeProviderLogin } from './login';
import { CALLBACK_ERRORS, type CallbackErrorCode, ERROR_PAGE } from './messages';
import type { ProviderAnswers, ProviderProfile } from './preset';
import { ProfileError } from './preset';
import { createAppleClientSecret, expectedIssuer } from './presets';
import { type ConsumedState, consumeState, createState, STATE_LIFETIME_MS } from './store';

/** Every call to a provider gives up after this long (FT-05: a hanging IdP fails that login, nothing else). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The cookie binding a state to the browser: the name carries a digest of the state (one cookie per start). */
export const STATE_COOKIE_PREFIX = 'gatehouse_oauth_';
/** Sent only to the callback (and the start, which sets it). */
export const STATE_COOKIE_PATH = '/v1/public/oauth/';

/** Authorization parameters the flow sets itself; a `provider_*` pass-through never replaces them. */
const PROTECTED_PARAMETERS = new Set([
  'response_type',
  'client_id',
  'client_key',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
  'request',
  'request_uri',
]);

const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]{1,256}$/;
const MAX_CUSTOM_SCOPES = 50;
const MAX_PROVIDER_PARAMS = 20;

export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** `gatehouse_oauth_<16 base64url characters of SHA-256(state)>`. */
export function stateCookieName(state: string): string {
  return `${STATE_COOKIE_PREFIX}${Buffer.from(sha256(state)).toString('base64url').slice(0, 16)}`;
}

/** The callback URL registered at the provider: under PUBLIC_URL, the one origin visitors reach the server at. */
export function callbackUrl(config: Pick<AppContext['config'], 'publicUrl'>, provider: string): string {
  return `${config.publicUrl}${OAUTH_PUBLIC_ROUTES.callback(provider)}`;
}

/** What the route sends: a redirect (with cookies to set) or the small HTML error page. */
export type FlowOutcome =
  | { kind: 'redirect'; location: string; setCookies: string[] }
  | { kind: 'page'; status: number; message: string; setCookies: string[] };

function page(status: number, message: string, setCookies: string[] = []): FlowOutcome {
  return { kind: 'page', status, message, setCookies };
}

function stateCookie(
  config: Pick<AppContext['config'], 'publicUrl'>,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

/** One value of a query parameter (the first), or null. */
function single(query: URLSearchParams, name: string): string | null {
  const value = query.get(name);
  return value === null ? null : value;
}

export interface StartInput {
  provider: string;
  query: URLSearchParams;
  ip: string;
}

/** GET /v1/public/oauth/{provider}/start (wire-format.md §1.3). */
export async function startOAuth(ctx: AppContext, input: StartInput): Promise<FlowOutcome> {
  const { query } = input;
  if (!isOAuthProvider(input.provider)) return page(404, ERROR_PAGE.invalidProvider);
  const provider = input.provider;
  const publicToken = single(query, 'public_token');
  const resolved = publicToken === null ? null : await ctx.projects.resolve(publicToken);
  if (resolved === null) return page(401, ERROR_PAGE.invalidPublicToken);
  const { project, mode } = resolved;
  if (!project.enabledProducts.includes('oauth')) return page(403, ERROR_PAGE.productNotEnabled);
  try {
    await ctx.limits.consume(
      { limit: 'oauthStartsPerIp', kind: 'ip', key: input.ip },
      ERROR_PAGE.tooManyStarts,
    );
  } catch (error) {
    if (isApiError(error) && error.errorType === 'too_many_requests')
      return page(429, ERROR_PAGE.tooManyStarts);
    return page(503, ERROR_PAGE.unavailable);
  }
  const config = await oauthProviderConfig(ctx, project.id, provider);
  if (config === null) return page(404, ERROR_PAGE.configNotFound);

  // RD-01: both redirect URLs are checked against the allowlist now, and again when the sign-in completes.
  let loginRedirectUrl: string;
  let signupRedirectUrl: string;
  try {
    loginRedirectUrl = resolveRedirectUrl({
      requested: single(query, 'login_redirect_url'),
      ...redirectAllowlist(project),
      kind: 'login',
      field: 'login_redirect_url',
    });
    signupRedirectUrl = resolveRedirectUrl({
      requested: single(query, 'signup_redirect_url'),
      ...redirectAllowlist(project),
      kind: 'signup',
      field: 'signup_redirect_url',
    });
  } catch {
    return page(400, ERROR_PAGE.invalidRedirectUrl);
  }

  // wire-format.md §6: the app's S256 challenge (the SDK sends no method; plain is never accepted).
  const codeChallenge = single(query, 'code_challenge');
  if (codeChallenge !== null && !CODE_CHALLENGE_PATTERN.test(codeChallenge)) {
    return page(400, ERROR_PAGE.invalidParameters);
  }
  try {
    assertChallengeWhenRequired(project, 'oauth', codeChallenge);
  } catch {
    return page(400, ERROR_PAGE.missingPkce);
  }

  // custom_scopes: the SDK joins the array with one space (URLSearchParams turns it into '+').
  const customScopes = (single(query, 'custom_scopes') ?? '').split(/\s+/).filter((scope) => scope !== '');
  if (customScopes.length > MAX_CUSTOM_SCOPES || !customScopes.every((scope) => SCOPE_PATTERN.test(scope))) {
    return page(400, ERROR_PAGE.invalidParameters);
  }
  const scopes = [...new Set([...config.scopes, ...customScopes])];
  const passThrough: [string, string][] = [];
  for (const [key, value] of query) {
    if (!key.startsWith('provider_')) continue;
    const name = key.slice('provider_'.length);
    if (name === '' || PROTECTED_PARAMETERS.has(name)) continue;
    passThrough.push([name, value]);
  }
  if (passThrough.length > MAX_PROVIDER_PARAMS) return page(400, ERROR_PAGE.invalidParameters);

  const providerCodeVerifier = oauth.generateRandomCodeVerifier();
  const nonce = config.preset.openid ? oauth.generateRandomNonce() : null;
  const { state, browserBinding } = await createState(ctx, {
    projectId: project.id,
    tokenMode: mode,
    provider,
    providerCodeVerifier,
    nonce,
    codeChallenge,
    loginRedirectUrl,
    signupRedirectUrl,
    scopes,
  });

  const authorization = new URL(config.endpoints.authorization);
  const parameters = authorization.searchParams;
  for (const [name, value] of Object.entries(config.preset.authorizationParams ?? {}))
    parameters.set(name, value);
  for (const [name, value] of passThrough) parameters.set(name, value);
  parameters.set('response_type', 'code');
  parameters.set(
    config.preset.clientAuthentication === 'tiktok_client_key' ? 'client_key' : 'client_id',
    config.clientId,
  );
  parameters.set('redirect_uri', callbackUrl(ctx.config, provider));
  parameters.set('scope', scopes.join(config.preset.scopeSeparator ?? ' '));
  parameters.set('state', state);
  parameters.set('code_challenge', await oauth.calculatePKCECodeChallenge(providerCodeVerifier));
  parameters.set('code_challenge_method', 'S256');
  if (nonce !== null) parameters.set('nonce', nonce);
  if (config.preset.formPost) parameters.set('response_mode', 'form_post');
  return {
    kind: 'redirect',
    location: authorization.href,
    setCookies: [
      stateCookie(ctx.config, stateCookieName(state), browserBinding, Math.floor(STATE_LIFETIME_MS / 1000)),
    ],
  };
}

/** Reads one cookie from a Cookie header (RFC 6265 §5.4 pairs), or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index === -1) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return null;
}

export interface CallbackInput {
  provider: string;
  /** The provider's answer: the query (GET) or the form body (form_post). */
  params: URLSearchParams;
  cookieHeader: string | undefined;
  ip: string;
  userAgent: string;
  requestId: string;
  log: RequestContext['log'];
}

/** `<login redirect>?stytch_token_type=oauth&error=<code>&error_description=<text>` (README "Social sign-in"). */
export function errorRedirect(redirectUrl: string, code: CallbackErrorCode): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('error', code);
  url.searchParams.set('error_description', CALLBACK_ERRORS[code]);
  return url.href;
}

/** Why a provider call failed, as the code the app is told. */
function classifyProviderFailure(error: unknown): CallbackErrorCode {
  if (error instanceof oauth.AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'access_denied' : 'oauth_provider_error';
  }
  if (error instanceof oauth.ResponseBodyError) {
    return error.status >= 500 ? 'oauth_provider_unavailable' : 'oauth_provider_error';
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) return 'oauth_provider_error';
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Response && cause.status >= 500) return 'oauth_provider_unavailable';
  // fetch: connection refused or reset (TypeError), timeout or abort (DOMException).
  if (error instanceof TypeError) return 'oauth_provider_unavailable';
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'oauth_provider_unavailable';
  if (error instanceof oauth.OperationProcessingError && cause instanceof Response) {
    return cause.status >= 400 ? 'oauth_provider_error' : 'oauth_invalid_response';
  }
  return 'oauth_invalid_response';
}

/** The JWKS caches of one app, by JWKS URL (oauth4webapi fills the object; DESIGN.md convention 12). */
const jwksCaches = new WeakMap<object, Map<string, oauth.JWKSCacheInput>>();

function jwksCacheFor(ctx: object, url: string): oauth.JWKSCacheInput {
  let caches = jwksCaches.get(ctx);
  if (caches === undefined) {
    caches = new Map();
    jwksCaches.set(ctx, caches);
  }
  let cache = caches.get(url);
  if (cache === undefined) {
    cache = {};
    caches.set(url, cache);
  }
  return cache;
}

/**
 * Apple: the client secret is an ES256 JWT signed with the team's key (presets/apple.ts, tested there), made per
 * exchange and valid 5 minutes.
 */
async function appleClientSecret(config: ResolvedProviderConfig, now: Date): Promise<string> {
  const apple = config.apple;
  if (apple === null)
    throw new ProfileError('Apple needs team_id, key_id and private_key in the project file');
  return createAppleClientSecret({
    teamId: apple.teamId,
    keyId: apple.keyId,
    privateKey: apple.privateKey,
    clientId: config.clientId,
    now,
    lifetimeSeconds: 300,
  });
}

async function clientAuthentication(config: ResolvedProviderConfig, now: Date): Promise<oauth.ClientAuth> {
  const secret = config.clientSecret ?? '';
  switch (config.preset.clientAuthentication) {
    case 'client_secret_basic':
      return oauth.ClientSecretBasic(secret);
    case 'client_secret_post':
      return oauth.ClientSecretPost(secret);
    case 'apple_signed_jwt':
      return oauth.ClientSecretPost(await appleClientSecret(config, now));
    case 'tiktok_client_key':
      // TikTok names the client `client_key`, in the body with the secret.
      return (_as, client, body) => {
        body.delete('client_id');
        body.set('client_key', client.client_id);
        body.set('client_secret', secret);
      };
  }
}

/** Requests to a provider: bounded in time; plain http only toward loopback endpoints (file-schema.ts). */
function requestOptions(config: ResolvedProviderConfig) {
  const insecure = Object.values(config.endpoints).some(
    (endpoint) => typeof endpoint === 'string' && endpoint.startsWith('http:'),
  );
  return {
    signal: () => AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

async function fetchJson(config: ResolvedProviderConfig, accessToken: string, url: string): Promise<unknown> {
  const response = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    new URL(url),
    new Headers({ accept: 'application/json' }),
    null,
    requestOptions(config),
  );
  if (!response.ok) {
    throw new oauth.OperationProcessingError(`provider answered ${response.status}`, { cause: response });
  }
  return response.json();
}

/** The exchange and the checks of one callback; throws what classifyProviderFailure understands. */
async function exchange(
  ctx: AppContext,
  config: ResolvedProviderConfig,
  state: ConsumedState,
  params: URLSearchParams,
  stateParameter: string,
): Promise<{ profile: ProviderProfile; answers: ProviderAnswers; scopes: string[] }> {
  const { endpoints, preset } = config;
  const as: oauth.AuthorizationServer = {
    issuer: endpoints.issuer ?? new URL(endpoints.authorization).origin,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    ...(endpoints.userinfo !== undefined ? { userinfo_endpoint: endpoints.userinfo } : {}),
    ...(endpoints.jwks !== undefined ? { jwks_uri: endpoints.jwks } : {}),
  };
  const client: oauth.Client = { client_id: config.clientId };
  const options = requestOptions(config);
  // Checks the state again (the library's own comparison) and the `iss` parameter when the provider sends one
  // (RFC 9207: mix-up across providers); an `error` answer throws AuthorizationResponseError.
  const callbackParameters = oauth.validateAuthResponse(as, client, params, stateParameter);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    await clientAuthentication(config, ctx.clock.now()),
    callbackParameters,
    callbackUrl(ctx.config, config.provider),
    state.providerCodeVerifier,
    options,
  );
  // Microsoft's common endpoint answers with the user's tenant in the issuer (https://login.microsoftonline.com/
  // {tid}/v2.0): the preset derives the issuer to expect from the token's own tid, and every check below is made
  // against that (presets/issuer.ts). Other presets expect the configured issuer.
  const idTokenText = await response
    .clone()
    .json()
    .then((body: unknown) => (body as { id_token?: unknown } | null)?.id_token)
    .catch(() => undefined);
  const issuer = expectedIssuer(preset, as.issuer, typeof idTokenText === 'string' ? idTokenText : undefined);
  if (issuer === null) throw new ProfileError('the ID token names no issuer this provider can have');
  const checked: oauth.AuthorizationServer = { ...as, issuer };
  const tokens = await oauth.processAuthorizationCodeResponse(checked, client, response, {
    expectedNonce: state.nonce ?? oauth.expectNoNonce,
    requireIdToken: preset.openid,
  });
  let idTokenClaims: Record<string, unknown> | undefined;
  if (tokens.id_token !== undefined) {
    // OpenID Connect Core §3.1.3.7: issuer, audience, expiry and nonce were checked above; the signature is
    // checked against the provider's JWKS too, so a token endpoint answer cannot be forged by anyone without the
    // provider's key (FT-05: keys cached per app, refetched on an unknown kid).
    if (checked.jwks_uri === undefined)
      throw new ProfileError('an ID token came without a JWKS URL to check it');
    await oauth.validateApplicationLevelSignature(checked, response, {
      ...options,
      [oauth.jwksCache]: jwksCacheFor(ctx, checked.jwks_uri),
    });
    idTokenClaims = oauth.getValidatedIdTokenClaims(tokens) as Record<string, unknown> | undefined;
  }
  let userinfo: unknown;
  if (endpoints.userinfo !== undefined) {
    if (preset.openid && idTokenClaims !== undefined) {
      const answer = await oauth.userInfoRequest(checked, client, tokens.access_token, options);
      userinfo = await oauth.processUserInfoResponse(checked, client, String(idTokenClaims.sub), answer);
    } else {
      userinfo = await fetchJson(config, tokens.access_token, endpoints.userinfo);
    }
  }
  const extra: Record<string, unknown> = {};
  for (const [key, url] of Object.entries(preset.extraRequests ?? {})) {
    extra[key] = await fetchJson(config, tokens.access_token, url);
  }
  const formUser = params.get('user');
  const answers: ProviderAnswers = {
    tokens: tokens as unknown as Record<string, unknown>,
    ...(idTokenClaims !== undefined ? { idTokenClaims } : {}),
    ...(userinfo !== undefined ? { userinfo } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
    ...(formUser !== null ? { formUser: safeJson(formUser) } : {}),
  };
  const profile = preset.mapProfile(answers);
  if (typeof profile.subject !== 'string' || profile.subject === '') {
    throw new ProfileError('the provider answered no subject');
  }
  const scopes =
    typeof tokens.scope === 'string'
      ? tokens.scope.split(/[\s,]+/).filter((scope) => scope !== '')
      : state.scopes;
  return { profile, answers, scopes };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The project as this process serves it (a development project with its extra redirect URLs, infra/auth.ts). */
async function loadProject(ctx: AppContext, projectId: string): Promise<ProjectRecord | null> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return project === undefined ? null : ctx.projects.served(project);
}

/** GET (and, re-sent as GET, form_post) /v1/public/oauth/{provider}/callback. */
export async function handleCallback(ctx: AppContext, input: CallbackInput): Promise<FlowOutcome> {
  const stateParameter = input.params.get('state');
  if (stateParameter === null || stateParameter === '' || stateParameter.length > 512) {
    return page(400, ERROR_PAGE.missingState);
  }
  const cookieName = stateCookieName(stateParameter);
  // The binding cookie is spent whatever happens next.
  const clear = [stateCookie(ctx.config, cookieName, '', 0)];
  const state = await consumeState(ctx, stateParameter);
  if (state === null) return page(400, ERROR_PAGE.unknownState, clear);
  const fail = (code: CallbackErrorCode): FlowOutcome => ({
    kind: 'redirect',
    location: errorRedirect(state.loginRedirectUrl, code),
    setCookies: clear,
  });
  // TK-04: a state from another browser (its cookie is absent or different), for another provider, or expired.
  const binding = readCookie(input.cookieHeader, cookieName);
  const bound =
    binding !== null && constantTimeEqual(sha256(binding), new Uint8Array(state.browserBindingHash));
  if (!bound || state.provider !== input.provider || !state.live) return fail('oauth_state_mismatch');
  if (!isOAuthProvider(input.provider)) return fail('oauth_config_not_found');

  const project = await loadProject(ctx, state.projectId);
  if (project === null || !project.enabledProducts.includes('oauth')) return fail('oauth_config_not_found');
  const config = await oauthProviderConfig(ctx, project.id, input.provider);
  if (config === null) return fail('oauth_config_not_found');

  let result: Awaited<ReturnType<typeof exchange>>;
  try {
    result = await exchange(ctx, config, state, input.params, stateParameter);
  } catch (error) {
    const code = classifyProviderFailure(error);
    // Logged without tokens: the class, the library's code and the provider's error code only.
    input.log.warn(
      {
        provider: input.provider,
        outcome: code,
        error: {
          name: (error as Error)?.name,
          code: (error as { code?: unknown })?.code,
          providerError: (error as { error?: unknown })?.error,
          message: (error as Error)?.message,
        },
      },
      'OAuth callback failed',
    );
    return fail(code);
  }

  const rc: RequestContext = {
    project,
    tokenMode: state.tokenMode,
    sessionToken: null,
    session: null,
    ip: input.ip,
    userAgent: input.userAgent,
    sdkClient: null,
    requestId: input.requestId,
    log: input.log,
  };
  const { redirectUrl } = await completeProviderLogin(ctx, rc, {
    projectId: project.id,
    provider: input.provider,
    profile: result.profile,
    tokens: {
      access_token: String(result.answers.tokens.access_token ?? ''),
      id_token: String(result.answers.tokens.id_token ?? ''),
      refresh_token: String(result.answers.tokens.refresh_token ?? ''),
      scopes: result.scopes,
    },
    loginRedirectUrl: state.loginRedirectUrl,
    signupRedirectUrl: state.signupRedirectUrl,
    codeChallenge: state.codeChallenge,
  });
  return { kind: 'redirect', location: redirectUrl, setCookies: clear };
}
