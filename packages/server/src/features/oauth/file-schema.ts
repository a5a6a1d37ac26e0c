// The `oauth_providers` member of a project in the project file (issue 11 item 1): per provider type the client id,
// its secret, endpoint overrides (how tests point a preset at a local OpenID provider), scopes, One Tap and Apple's
// signing key. infra/config.ts embeds the schema in the project schema and calls checkOAuthProviders after it; this
// file imports nothing of infra/config.ts, so the two never load in a cycle.
//
// {
//   "oauth_providers": {
//     "google": { "client_id": "…apps.googleusercontent.com", "client_secret": "…", "one_tap": true },
//     "apple": { "client_id": "com.example.web", "apple": { "team_id": "…", "key_id": "…", "private_key": "-----BEGIN PRIVATE KEY-----…" } },
//     "github": { "client_id": "…", "client_secret": "…", "scopes": ["read:user", "user:email"],
//                 "endpoints": { "authorization": "https://github.example.com/login/oauth/authorize" } }
//   }
// }
import { OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/protocol';
import { type Static, type TSchema, Type } from 'typebox';
import type { ProviderEndpoints } from './preset';

const ENDPOINT_NAMES = ['authorization', 'token', 'userinfo', 'issuer', 'jwks'] as const;
type EndpointName = (typeof ENDPOINT_NAMES)[number];

const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'allowed: an https:// URL (http:// only on localhost, 127.0.0.1 or [::1])',
});

const ProviderSchema = Type.Object(
  {
    client_id: Type.String({
      minLength: 1,
      maxLength: 512,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'allowed: the client id the provider issued (printable characters, no spaces)',
    }),
    client_secret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        pattern: '^[\\x21-\\x7e]+$',
        description: 'allowed: the client secret the provider issued (printable characters, no spaces)',
      }),
    ),
    endpoints: Type.Optional(
      Type.Object(Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, Type.Optional(url)])), {
        additionalProperties: false,
        description: `allowed: an object with any of ${ENDPOINT_NAMES.join(', ')}`,
      }),
    ),
    scopes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' }), {
        maxItems: 100,
        description: "allowed: an array of scope names (replaces the preset's default scopes)",
      }),
    ),
    one_tap: Type.Optional(Type.Boolean({ description: 'allowed: true or false' })),
    // Google only: where the widget loads the One Tap script from instead of Google's (a stand-in on loopback in
    // the E2E tests, or a self-hosted copy). The web app's CSP allows this origin's scripts only when it is set.
    one_tap_script_url: Type.Optional(url),
    apple: Type.Optional(
      Type.Object(
        {
          team_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' }),
          key_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' }),
          private_key: Type.String({ minLength: 1, maxLength: 8192 }),
        },
        {
          additionalProperties: false,
          description: 'allowed: { "team_id": "…", "key_id": "…", "private_key": "<PKCS#8 PEM>" }',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'allowed: { "client_id": "…", "client_secret"?, "endpoints"?, "scopes"?, "one_tap"?, "one_tap_script_url"?, "apple"? }',
  },
);

/** `oauth_providers`: one entry per provider type of SPEC §2. */
export const OAuthProvidersFileSchema: TSchema = Type.Object(
  Object.fromEntries(OAUTH_PROVIDERS.map((provider) => [provider, Type.Optional(ProviderSchema)])),
  { additionalProperties: false, description: `allowed: an object keyed by ${OAUTH_PROVIDERS.join(', ')}` },
);

type ProviderEntry = Static<typeof ProviderSchema>;

/** One provider's client as declared (plain values; config.ts encrypts the secrets when it stores them). */
export interface OAuthProviderDeclaration {
  clientId: string;
  clientSecret: string | null;
  endpoints: Partial<ProviderEndpoints>;
  scopes: string[] | null;
  oneTap: boolean;
  /** Google only: the One Tap script URL the start answer hands the widget (google_script_url); unset → Google's. */
  oneTapScriptUrl?: string;
  apple: { teamId: string; keyId: string; privateKey: string } | null;
}

export type OAuthProviderDeclarations = Partial<Record<OAuthProvider, OAuthProviderDeclaration>>;

/** A problem the schema cannot express, with the JSON path (below the project) it is at. */
export interface OAuthProviderProblem {
  path: string;
  message: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An endpoint override: https, or http on a loopback host only (a local provider in tests and development). No
 * credentials and no fragment: the URL is fetched by the server (token, userinfo, JWKS) or shown to the browser.
 */
export function endpointProblem(raw: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return `is "${raw}"; allowed: an absolute https:// URL`;
  }
  const loopbackHttp = parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopbackHttp) {
    return `is "${raw}"; allowed: an https:// URL (http:// only on localhost, 127.0.0.1 or [::1])`;
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.hash !== '') {
    return `is "${raw}"; allowed: a URL without credentials or fragment`;
  }
  return null;
}

/**
 * The declarations of an `oauth_providers` value that passed OAuthProvidersFileSchema, or the first problem the
 * schema cannot see (an endpoint that is not https, Apple without its key).
 */
export function checkOAuthProviders(
  value: unknown,
): { declarations: OAuthProviderDeclarations } | { problem: OAuthProviderProblem } {
  const entries = Object.entries(value as Record<string, ProviderEntry>);
  const declarations: OAuthProviderDeclarations = {};
  for (const [provider, entry] of entries) {
    const endpoints: Partial<ProviderEndpoints> = {};
    for (const name of ENDPOINT_NAMES) {
      const raw = (entry.endpoints as Partial<Record<EndpointName, string>> | undefined)?.[name];
      if (raw === undefined) continue;
      const problem = endpointProblem(raw);
      if (problem !== null) return { problem: { path: `${provider}.endpoints.${name}`, message: problem } };
      endpoints[name] = name === 'issuer' ? raw : new URL(raw).href;
    }
    if (entry.one_tap_script_url !== undefined) {
      if (provider !== 'google') {
        return {
          problem: {
            path: `${provider}.one_tap_script_url`,
            message: 'is only read for google; allowed: leave it out',
          },
        };
      }
      const problem = endpointProblem(entry.one_tap_script_url);
      if (problem !== null) return { problem: { path: 'google.one_tap_script_url', message: problem } };
    }
    if (provider === 'apple' && entry.apple === undefined && entry.client_secret === undefined) {
      return {
        problem: {
          path: 'apple.apple',
          message:
            'is required; allowed: { "team_id", "key_id", "private_key" } (Apple signs its client secret with this key)',
        },
      };
    }
    declarations[provider as OAuthProvider] = {
      clientId: entry.client_id,
      clientSecret: entry.client_secret ?? null,
      endpoints,
      scopes: entry.scopes === undefined ? null : [...new Set(entry.scopes)],
      oneTap: entry.one_tap ?? false,
      ...(entry.one_tap_script_url !== undefined
        ? { oneTapScriptUrl: new URL(entry.one_tap_script_url).href }
        : {}),
      apple:
        entry.apple === undefined
          ? null
          : { teamId: entry.apple.team_id, keyId: entry.apple.key_id, privateKey: entry.apple.private_key },
    };
  }
  return { declarations };
}

/** Google's One Tap (GSI) origin: its script, its prompt frame, its style sheet and its calls all come from here. */
export const GOOGLE_ONE_TAP_ORIGIN = 'https://accounts.google.com';

/**
 * The origins the served pages must allow for One Tap (infra/security-headers.ts): for each project whose google
 * client has `one_tap: true`, the origin of its `one_tap_script_url`, or Google's when none is set. Empty when no
 * project uses One Tap, so the CSP stays 'self' only. Origins only (never a path from the file): an origin cannot
 * carry the ';' or ',' that would end a CSP directive.
 */
export function oneTapScriptOrigins(
  projects: ReadonlyArray<{ oauthProviders: OAuthProviderDeclarations | null }>,
): string[] {
  const origins = new Set<string>();
  for (const project of projects) {
    const google = project.oauthProviders?.google;
    if (google === undefined || !google.oneTap) continue;
    origins.add(
      google.oneTapScriptUrl === undefined ? GOOGLE_ONE_TAP_ORIGIN : new URL(google.oneTapScriptUrl).origin,
    );
  }
  return [...origins].sort();
}
