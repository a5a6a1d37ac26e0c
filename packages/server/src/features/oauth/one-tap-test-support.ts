// Test-only: a stand-in for Google at the network edge (DESIGN.md "Real parts": fake only outside services, on
// loopback). A local RSA key signs One Tap ID tokens and a loopback HTTP server serves its public half as a JWKS,
// counting the fetches; the project gets a google client whose JWKS endpoint points there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { AppContext } from '../../infra/context';
import { saveOAuthProviderConfigs } from './config';

export const TEST_GOOGLE_CLIENT_ID = '1234567890-onetap.apps.googleusercontent.com';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function newSigningKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface FakeGoogleKeys {
  url: string;
  /** The keys served (replace to rotate). */
  keys: SigningKey[];
  /** JWKS fetches so far. */
  fetches: number;
  /** When true the server answers 500 (Google down). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startFakeGoogleKeys(keys: SigningKey[]): Promise<FakeGoogleKeys> {
  const state = { keys, fetches: 0, failing: false };
  const server: Server = createServer((request, response) => {
    state.fetches += 1;
    if (state.failing || request.url !== '/oauth2/v3/certs') {
      response.writeHead(state.failing ? 500 : 404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: state.keys.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

export interface IdTokenOptions {
  key: SigningKey;
  now: Date;
  nonce?: string | undefined;
  sub?: string;
  email?: string;
  emailVerified?: boolean;
  audience?: string;
  issuer?: string;
  /** Seconds from `now`; default one hour. */
  expiresIn?: number;
  kid?: string;
}

/** An ID token shaped like Google's (Google "Verify the Google ID token": iss, aud, azp, sub, email, …). */
export async function signIdToken(options: IdTokenOptions): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  const audience = options.audience ?? TEST_GOOGLE_CLIENT_ID;
  const claims: Record<string, unknown> = {
    azp: audience,
    email: options.email ?? 'ada@example.com',
    email_verified: options.emailVerified ?? true,
    name: 'Ada Q Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/sample',
  };
  if (options.nonce !== undefined) claims.nonce = options.nonce;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? options.key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(audience)
    .setSubject(options.sub ?? '110169484474386276334')
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.expiresIn ?? 3600))
    .sign(options.key.privateKey);
}

/** Gives the project a Google client for One Tap whose key set is the fake one. */
export async function configureGoogle(
  ctx: AppContext,
  options: { projectId: string; jwksUrl: string; oneTap?: boolean; scriptUrl?: string },
): Promise<void> {
  await saveOAuthProviderConfigs(ctx, {
    projectId: options.projectId,
    declarations: {
      google: {
        clientId: TEST_GOOGLE_CLIENT_ID,
        clientSecret: null,
        endpoints: { jwks: options.jwksUrl },
        scopes: null,
        oneTap: options.oneTap ?? true,
        ...(options.scriptUrl !== undefined ? { oneTapScriptUrl: options.scriptUrl } : {}),
        apple: null,
      },
    },
  });
}
