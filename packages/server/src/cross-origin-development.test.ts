// Issue 21 item 3 "Cross-origin development that just works": an app on another origin (a Vite dev server on
// :5173, a Next.js app on :3001) calls the development project. DEV_ALLOWED_ORIGINS and the project file's
// "Development" entry add origins (preflight, actual request) and redirect URLs (any path on an added origin);
// refusals name the origin or URL and the setting that allows it; production refuses the variable. Through
// app.inject on every database kind.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type GatehouseApp } from './app';
import { linkIn, recordingDelivery } from './features/magic-links/test-helpers';
import { saveOAuthProviderConfigs } from './features/oauth/config';
import { overridePresets } from './features/oauth/preset-table';
import { DEV_PROJECT_ID } from './features/projects/project-service';
import { ConfigError } from './infra/config';
import { projects } from './infra/db/schema';
import { s256Challenge } from './infra/pkce';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import {
  injectingBrowser,
  type LocalProvider,
  startLocalProvider,
  TEST_GOOGLE_PRESET,
} from './test-support/oidc-provider';

const VITE = 'http://localhost:5173';
const NEXT = 'http://127.0.0.1:3001';
/** Added by the project file's "Development" entry (allowed_origins, allowed_redirect_urls). */
const FILE_ORIGIN = 'http://localhost:4200';
const FILE_REDIRECT_URL = 'http://localhost:4300/landing';
/** Listed nowhere. */
const OTHER = 'http://localhost:5174';

function preflight(app: GatehouseApp, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url: `/sdk/v1${ROUTES.magicLinksEmailLoginOrCreate}`,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-sdk-client',
    },
  });
}

describe.each(testDatabaseKinds())('cross-origin development on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dev-origins-'));
  const delivery = recordingDelivery();
  let t: TestApp;
  let devToken: string;

  beforeAll(async () => {
    const projectFile = join(dir, 'projects.json');
    writeFileSync(
      projectFile,
      JSON.stringify({
        projects: [
          {
            name: 'Development',
            allowed_origins: [FILE_ORIGIN],
            allowed_redirect_urls: [FILE_REDIRECT_URL],
            enabled_products: ['emailMagicLinks'],
          },
        ],
      }),
    );
    t = await createTestApp({ kind, delivery, config: { devAllowedOrigins: [VITE, NEXT], projectFile } });
    devToken = t.app.gatehouseStartup.devProject!.publicTokenTest;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    delivery.messages.length = 0;
  });

  const send = (options: { origin: string; token?: string; body: Record<string, unknown> }) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.magicLinksEmailLoginOrCreate,
      publicToken: options.token ?? devToken,
      headers: { origin: options.origin },
      body: options.body,
    });

  it('answers the preflight of each added origin and serves its call, echoing the origin', async () => {
    for (const origin of [VITE, NEXT, FILE_ORIGIN]) {
      const answer = await preflight(t.app, origin);
      expect(answer.statusCode, origin).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      const bootstrap = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${devToken}`,
        publicToken: devToken,
        headers: { origin },
      });
      expect(bootstrap.statusCode, origin).toBe(200);
      expect(bootstrap.headers['access-control-allow-origin']).toBe(origin);
      const sent = await send({ origin, body: { email: 'ada@example.com' } });
      expect(sent.statusCode, origin).toBe(200);
      expect(sent.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('keeps serving the server’s own origin', async () => {
    const own = await send({ origin: t.ctx.config.publicUrl, body: { email: 'ada@example.com' } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(t.ctx.config.publicUrl);
  });

  it('refuses an origin listed nowhere, naming it and how to allow it, preflight and call alike', async () => {
    const answer = await preflight(t.app, OTHER);
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.json().error_type).toBe('origin_not_allowed');
    expect(answer.json().error_message).toBe(
      "The origin http://localhost:5174 is not allowed by any project. Add it to a project's allowed origins: in development, start the server with DEV_ALLOWED_ORIGINS=http://localhost:5174 for the development project, or list it in allowed_origins of the project in the project file (PROJECT_FILE).",
    );

    const call = await send({ origin: OTHER, body: { email: 'ada@example.com' } });
    expect(call.statusCode).toBe(403);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.json().error_type).toBe('origin_not_allowed');
    expect(call.json().error_message).toBe(
      'The origin http://localhost:5174 is not allowed for this project. Add it to the project\'s allowed origins: in development, start the server with DEV_ALLOWED_ORIGINS=http://localhost:5174 (several separated by commas), or list it in allowed_origins of the project file\'s "Development" entry.',
    );
    expect(delivery.messages).toHaveLength(0);
  });

  it('adds the origins to the development project only: another project refuses them and points at the project file', async () => {
    const call = await send({ origin: VITE, token: t.publicToken, body: { email: 'ada@example.com' } });
    expect(call.statusCode).toBe(403);
    expect(call.json().error_type).toBe('origin_not_allowed');
    expect(call.json().error_message).toContain(
      'The origin http://localhost:5173 is not allowed for this project.',
    );
    expect(call.json().error_message).toContain(
      "allowed_origins of this project's entry in the project file",
    );
    expect(call.json().error_message).not.toContain('DEV_ALLOWED_ORIGINS');
    // The browser may read why: the origin passed a preflight (the development project lists it).
    expect(call.headers['access-control-allow-origin']).toBe(VITE);
    // The test project's own origin still works.
    const own = await send({ origin: TEST_ORIGIN, token: t.publicToken, body: { email: 'ada@example.com' } });
    expect(own.statusCode).toBe(200);
  });

  it('accepts login and signup links to any path on an added origin, and the file’s exact redirect URL', async () => {
    const sent = await send({
      origin: VITE,
      body: {
        email: 'grace@example.com',
        login_magic_link_url: `${VITE}/authenticate`,
        signup_magic_link_url: `${VITE}/welcome/new?from=widget`,
      },
    });
    expect(sent.statusCode).toBe(200);
    // A new address gets the signup link, on the page the app asked for.
    const { url } = linkIn(delivery.last());
    expect(`${url.origin}${url.pathname}`).toBe(`${VITE}/welcome/new`);
    expect(url.searchParams.get('from')).toBe('widget');

    for (const loginUrl of [`${NEXT}/api/auth/callback`, `${FILE_ORIGIN}/deep/page`, FILE_REDIRECT_URL]) {
      const again = await send({
        origin: VITE,
        body: { email: 'grace@example.com', login_magic_link_url: loginUrl },
      });
      expect(again.statusCode, loginUrl).toBe(200);
    }
  });

  it('refuses a redirect URL on another origin, or another path of a file URL, naming it and how to allow it', async () => {
    const refused = await send({
      origin: VITE,
      body: { email: 'grace@example.com', login_magic_link_url: `${OTHER}/authenticate` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_type).toBe('invalid_redirect_url');
    expect(refused.json().error_message).toBe(
      "login_magic_link_url http://localhost:5174/authenticate is not one of the project's allowed redirect URLs (scheme, host, port and path must match one exactly, or the origin be one of the development project's allowed origins). To allow it, start the server with DEV_ALLOWED_ORIGINS=http://localhost:5174 (every path on that origin is then allowed for the development project), or list the URL in allowed_redirect_urls of the project file's \"Development\" entry.",
    );
    // The file's redirect URL is exact: its origin is not an allowed origin, so another path there is refused.
    const offPath = await send({
      origin: VITE,
      body: { email: 'grace@example.com', signup_magic_link_url: 'http://localhost:4300/other' },
    });
    expect(offPath.statusCode).toBe(400);
    expect(offPath.json().error_message).toContain(
      'signup_magic_link_url http://localhost:4300/other is not',
    );
    // Another project does not get the development project's origins as redirect URLs.
    const otherProject = await send({
      origin: TEST_ORIGIN,
      token: t.publicToken,
      body: { email: 'grace@example.com', login_magic_link_url: `${VITE}/authenticate` },
    });
    expect(otherProject.statusCode).toBe(400);
    expect(otherProject.json().error_message).toContain(
      'login_magic_link_url http://localhost:5173/authenticate is not',
    );
    expect(otherProject.json().error_message).toContain('allowed_redirect_urls');
    expect(otherProject.json().error_message).not.toContain('DEV_ALLOWED_ORIGINS');
    expect(delivery.messages).toHaveLength(0);
  });

  it('stores none of it: an instance started without them refuses them, and the stored project never held them', async () => {
    const plain = await t.sibling({ config: { devAllowedOrigins: [], projectFile: null } });
    for (const origin of [VITE, NEXT, FILE_ORIGIN]) {
      expect((await preflight(plain, origin)).statusCode, origin).toBe(403);
      const call = await sdkRequest(plain, {
        method: 'POST',
        url: ROUTES.magicLinksEmailLoginOrCreate,
        publicToken: devToken,
        headers: { origin },
        body: { email: 'ada@example.com' },
      });
      expect(call.statusCode, origin).toBe(403);
      expect(call.json().error_message).toContain(`DEV_ALLOWED_ORIGINS=${origin}`);
    }
    const [stored] = await t.ctx.db.select().from(projects).where(eq(projects.id, DEV_PROJECT_ID));
    expect(stored?.allowedOrigins).not.toEqual(expect.arrayContaining([VITE]));
    expect(stored?.allowedOrigins).not.toEqual(expect.arrayContaining([FILE_ORIGIN]));
    expect(stored?.allowedRedirectUrls).not.toEqual(expect.arrayContaining([FILE_REDIRECT_URL]));
    // This instance still allows them.
    expect((await preflight(t.app, VITE)).statusCode).toBe(204);
  });
});

describe.each(testDatabaseKinds())('cross-origin development: OAuth on %s', (kind) => {
  const SERVER = 'http://localhost:3000';
  const CALLBACK = `${SERVER}/v1/public/oauth/google/callback`;
  const VERIFIER = 'a1b2c3d4'.repeat(16);
  let t: TestApp;
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider({ redirectUris: [CALLBACK] });
    provider.accounts.set('ada', { sub: 'google-sub-ada', email: 'ada@example.com', email_verified: true });
    t = await createTestApp({ kind, config: { devAllowedOrigins: [VITE] } });
    overridePresets(t.ctx, { google: TEST_GOOGLE_PRESET });
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: DEV_PROJECT_ID,
      declarations: {
        google: {
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          endpoints: provider.endpoints,
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  function startUrl(redirect: string): string {
    const url = new URL(`${SERVER}/v1/public/oauth/google/start`);
    url.searchParams.set('public_token', t.app.gatehouseStartup.devProject!.publicTokenTest);
    url.searchParams.set('code_challenge', s256Challenge(VERIFIER));
    url.searchParams.set('login_redirect_url', redirect);
    url.searchParams.set('signup_redirect_url', redirect);
    return url.href;
  }

  it('lands the sign-in on any page of an added origin: the start and the callback both accept it', async () => {
    provider.next = { accountId: 'ada' };
    const browser = injectingBrowser(t.app, SERVER);
    const end = await browser.visit(startUrl(`${VITE}/auth/google`), (url) => url.origin === VITE);
    expect(`${end.url.origin}${end.url.pathname}`).toBe(`${VITE}/auth/google`);
    expect(end.url.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(end.url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a start whose redirect URL is on another origin', async () => {
    const start = await t.app.inject({ method: 'GET', url: startUrl(`${OTHER}/auth/google`) });
    expect(start.statusCode).toBe(400);
  });
});

describe('cross-origin development in production', () => {
  const production = {
    env: 'production' as const,
    dataDir: null,
    webDistDir: null,
    publicUrl: 'https://auth.example.com',
    secretKey: 'production-test-secret-key-0123456789abcdef',
  };

  it('refuses to start with extra development origins', async () => {
    const error = await buildApp({
      config: { ...production, devAllowedOrigins: [VITE] },
      logger: false,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(
      'is set, but production never serves the development project',
    );
  });

  it('never names DEV_ALLOWED_ORIGINS in a refusal: the project file says what is allowed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dev-origins-production-'));
    const projectFile = join(dir, 'projects.json');
    writeFileSync(
      projectFile,
      JSON.stringify({
        projects: [
          {
            name: 'Shop',
            allowed_origins: ['https://shop.example'],
            allowed_redirect_urls: ['https://shop.example/authenticate'],
            enabled_products: ['emailMagicLinks'],
          },
        ],
      }),
    );
    const app = await buildApp({
      config: { ...production, projectFile, smtpUrl: 'smtp://127.0.0.1:1' },
      delivery: recordingDelivery(),
      logger: false,
    });
    try {
      const token = app.gatehouseStartup.createdProjects[0]!.project.publicTokenTest;
      const answer = await preflight(app, VITE);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error_message).toBe(
        "The origin http://localhost:5173 is not allowed by any project. Add it to the project's allowed origins: list it in allowed_origins of the project in the project file (PROJECT_FILE).",
      );
      const call = await sdkRequest(app, {
        method: 'POST',
        url: ROUTES.magicLinksEmailLoginOrCreate,
        publicToken: token,
        headers: { origin: VITE },
        body: { email: 'ada@example.com' },
      });
      expect(call.statusCode).toBe(403);
      expect(call.json().error_message).toContain(
        'The origin http://localhost:5173 is not allowed for this project.',
      );
      expect(call.json().error_message).not.toContain('DEV_ALLOWED_ORIGINS');
      const redirect = await sdkRequest(app, {
        method: 'POST',
        url: ROUTES.magicLinksEmailLoginOrCreate,
        publicToken: token,
        headers: { origin: 'https://shop.example' },
        body: { email: 'ada@example.com', login_magic_link_url: 'https://shop.example/elsewhere' },
      });
      expect(redirect.statusCode).toBe(400);
      expect(redirect.json().error_message).toContain(
        'login_magic_link_url https://shop.example/elsewhere is not',
      );
      expect(redirect.json().error_message).toContain('allowed_redirect_urls');
      expect(redirect.json().error_message).not.toContain('DEV_ALLOWED_ORIGINS');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
