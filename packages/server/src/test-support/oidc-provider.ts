// A real OpenID provider on loopback for the OAuth tests (DESIGN.md "Real parts": oidc-provider on loopback), set
// up as Google would be for Gatehouse: one confidential client, authorization code with PKCE, ID tokens signed with
// an RS256 key of its own JWKS, userinfo with e-mail and profile claims. The test decides who signs in (or that the
// person declines) before the browser reaches the interaction page; the page then finishes login and consent
// itself, as a person clicking through would.
//
// Also here: the stand-in google preset the OAuth tests use until the preset table (features/oauth/presets,
// oauth-presets) is merged, and a tiny browser that follows redirects with a cookie jar per host.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { ProviderPreset } from '../features/oauth/preset';

export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  locale?: string;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Endpoint overrides for the project file (`oauth_providers.google.endpoints`). */
  endpoints: { authorization: string; token: string; userinfo: string; issuer: string; jwks: string };
  accounts: Map<string, ProviderAccount>;
  /** What the next interaction does: sign in as this account, or decline. */
  next: { accountId: string } | { deny: true };
  close(): Promise<void>;
}

export async function startLocalProvider(options: { redirectUris: string[] }): Promise<LocalProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'gatehouse-test-client.apps.googleusercontent.test';
  const clientSecret = 'local-provider-client-secret-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, ProviderAccount>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['local-provider-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'locale'],
    },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      RefreshToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Offline access is not asked for; a refresh token comes with every code for the provider_values test.
    issueRefreshToken: async () => true,
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (account === undefined) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  provider.on('server_error', () => {});

  const handle = provider.callback();
  const local: LocalProvider = {
    issuer,
    clientId,
    clientSecret,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      userinfo: `${issuer}/me`,
      issuer,
      jwks: `${issuer}/jwks`,
    },
    accounts,
    next: { deny: true },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function interact(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    const { prompt, params, session } = details;
    if ('deny' in local.next) {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (prompt.name === 'login') {
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: local.next.accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? null)
      : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
    if (grant === null) throw new Error('the grant vanished');
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path.startsWith('/interaction/')) {
      interact(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    handle(request, response);
  });
  return local;
}

/**
 * The google preset as Gatehouse's tests need it before presets/google.ts is merged: OpenID, client_secret_basic,
 * openid email profile; Google vouches for an address only when it says email_verified (the real preset adds the
 * authoritative-domain rule). Endpoints are Google's; tests override them with the local provider's.
 */
export const TEST_GOOGLE_PRESET: ProviderPreset = {
  type: 'google',
  openid: true,
  endpoints: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    issuer: 'https://accounts.google.com',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_basic',
  mapProfile(answers) {
    const claims = { ...answers.idTokenClaims, ...(answers.userinfo as Record<string, unknown>) };
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      subject: text(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: { first_name: text(claims.given_name), middle_name: '', last_name: text(claims.family_name) },
      pictureUrl: text(claims.picture),
      locale: text(claims.locale),
    };
  },
};

/** One step a browser took: the URL, the status, where it was sent next. */
export interface BrowserHop {
  url: string;
  status: number;
  location: string | null;
}

/**
 * A browser for redirect chains: follows Location headers (GET) with a cookie jar per host, through `fetchAt`
 * (a real fetch, or app.inject for the Gatehouse origin), and stops at the first answer that is not a redirect or
 * at `stopAt` (the app's redirect URL, which is a page of the app, not of these tests).
 */
export class TestBrowser {
  readonly cookies = new Map<string, Map<string, string>>();
  readonly hops: BrowserHop[] = [];

  constructor(
    private readonly fetchAt: (
      url: URL,
      headers: Record<string, string>,
    ) => Promise<{
      status: number;
      headers: Headers;
      body: string;
    }>,
  ) {}

  private jar(host: string): Map<string, string> {
    let jar = this.cookies.get(host);
    if (jar === undefined) {
      jar = new Map();
      this.cookies.set(host, jar);
    }
    return jar;
  }

  private store(host: string, setCookies: string[]): void {
    const jar = this.jar(host);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** Requests `url` and follows redirects until a non-redirect answer or a URL `stopAt` accepts. */
  async visit(
    start: string,
    stopAt: (url: URL) => boolean,
  ): Promise<{ url: URL; status: number; body: string }> {
    let url = new URL(start);
    for (let step = 0; step < 20; step += 1) {
      if (stopAt(url)) return { url, status: 0, body: '' };
      const jar = this.jar(url.host);
      const headers: Record<string, string> = {};
      if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const answer = await this.fetchAt(url, headers);
      this.store(url.host, answer.headers.getSetCookie());
      const location = answer.headers.get('location');
      this.hops.push({ url: url.href, status: answer.status, location });
      if (answer.status < 300 || answer.status >= 400 || location === null) {
        return { url, status: answer.status, body: answer.body };
      }
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }
}

/** fetchAt for real servers (the local provider). */
export async function realFetch(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A response's headers as fetch's Headers (repeated headers kept), for TestBrowser's fetchAt. */
function headersOfInjected(headers: Record<string, string | string[] | number | undefined>): Headers {
  const answer = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) answer.append(name, String(each));
  }
  return answer;
}

/**
 * A TestBrowser for which `appOrigin` is the Gatehouse app under test (served by app.inject, no socket) and every
 * other origin (the local provider) is reached over real HTTP.
 */
export function injectingBrowser(
  app: {
    inject(options: { method: 'GET'; url: string; headers: Record<string, string> }): Promise<{
      statusCode: number;
      headers: Record<string, string | string[] | number | undefined>;
      body: string;
    }>;
  },
  appOrigin: string,
): TestBrowser {
  return new TestBrowser(async (url, headers) => {
    if (url.origin !== appOrigin) return realFetch(url, headers);
    const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
    return { status: response.statusCode, headers: headersOfInjected(response.headers), body: response.body };
  });
}
