// security-tests.md TK-06 (Google One Tap and OIDC ID-token validation), FT-05 (JWKS failures), AT-02 (unverified
// provider e-mail) and TK-05 (secrets at rest) on the One Tap calls. ID tokens are signed by a local key whose
// public half a loopback server serves as the JWKS (one-tap-test-support.ts).
import { FRAME_ORIGIN_HEADER, ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthOneTapRequests, oauthRegistrations, projects } from '../../infra/db/schema';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { snapshotTables } from '../../test-support/snapshot';
import { fakeClock } from '../magic-links/test-helpers';
import { createProject } from '../projects/project-service';
import { signIn } from '../sessions/test-fixtures';
import {
  googleKeySet,
  ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
  ONE_TAP_LIFETIME_MS,
  verifyOneTapIdToken,
} from './one-tap';
import {
  configureGoogle,
  type FakeGoogleKeys,
  type IdTokenOptions,
  newSigningKey,
  type SigningKey,
  signIdToken,
  startFakeGoogleKeys,
  TEST_GOOGLE_CLIENT_ID,
} from './one-tap-test-support';

describe.each(testDatabaseKinds())('One Tap ID-token and CSRF checks on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogleKeys;
  let key: SigningKey;
  const clock = fakeClock(new Date('2030-01-01T00:00:00Z'));

  beforeAll(async () => {
    key = await newSigningKey('google-key-1');
    google = await startFakeGoogleKeys([key]);
    // The routes are the app's own (app.ts FEATURES 'oauth-one-tap').
    t = await createTestApp({ kind, clock });
  });
  beforeEach(async () => {
    clock.set(new Date('2030-01-01T00:00:00Z'));
    google.keys = [key];
    google.failing = false;
    await t.reset();
    await configureGoogle(t.ctx, { projectId: t.project.id, jwksUrl: google.url });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const post = (url: string, body: unknown) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      headers: { origin: TEST_ORIGIN },
    });

  async function prompt() {
    const response = await post(ROUTES.oauth.oneTapStart, {});
    expect(response.statusCode).toBe(200);
    return response.json().data as { csrf_token: string; oauth_callback_id: string; nonce: string };
  }

  function submit(started: { csrf_token: string; oauth_callback_id: string }, idToken: string) {
    return post(ROUTES.oauth.oneTapSubmit, {
      id_token: idToken,
      csrf_token: started.csrf_token,
      oauth_callback_id: started.oauth_callback_id,
    });
  }

  /** Submits a token made with `options` over a valid one for a fresh prompt; expects a refusal that writes nothing. */
  async function expectRefused(
    options: Partial<IdTokenOptions>,
    errorType: string,
    status = 401,
  ): Promise<void> {
    const started = await prompt();
    const idToken = await signIdToken({ key, now: clock.now(), nonce: started.nonce, ...options });
    const response = await submit(started, idToken);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error_type: errorType });
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(0);
  }

  describe('XS-03: calls of the client-side services page name the site that framed it (issue 20 item 6)', () => {
    const TENANT_A = 'https://tenant-a.example';
    const TENANT_B = 'https://tenant-b.example';
    /** As the services page calls: from the server's own origin, naming the framing site. */
    const fromServicesPage = (url: string, body: unknown, frameOrigin: string) =>
      sdkRequest(t.app, {
        method: 'POST',
        url,
        publicToken: t.publicToken,
        body,
        headers: { origin: new URL(t.ctx.config.publicUrl).origin, [FRAME_ORIGIN_HEADER]: frameOrigin },
      });

    beforeEach(async () => {
      // Project A (the test project) allows TENANT_A; project B, another tenant, allows TENANT_B.
      await t.ctx.db
        .update(projects)
        .set({ allowedOrigins: [...t.project.allowedOrigins, TENANT_A] })
        .where(eq(projects.id, t.project.id));
      t.ctx.projects.clear();
      await createProject(t.ctx, {
        name: 'Tenant B',
        allowedOrigins: [TENANT_B],
        allowedRedirectUrls: [`${TENANT_B}/authenticate`],
        enabledProducts: ['oauth'],
      });
    });

    it('XS-03: the page framed by project B’s site, with project A’s token, refuses to act (403 origin_not_allowed), revealing no origin', async () => {
      const before = await snapshotTables(t.ctx.db);
      const start = await fromServicesPage(ROUTES.oauth.oneTapStart, {}, TENANT_B);
      expect(start.statusCode).toBe(403);
      expect(start.json().error_type).toBe('origin_not_allowed');
      expect(start.body).not.toContain('tenant-a');
      expect(start.body).not.toContain('tenant-b');
      for (const spoofed of ['null', '', `${TENANT_A}.evil.example`, `${TENANT_A} ${TENANT_B}`]) {
        const response = await fromServicesPage(ROUTES.oauth.oneTapStart, {}, spoofed);
        expect(response.statusCode, spoofed).toBe(403);
      }
      expect(await snapshotTables(t.ctx.db)).toEqual(before);

      // A prompt A's site started cannot be submitted through a page B frames; it stays usable for A.
      const started = (await fromServicesPage(ROUTES.oauth.oneTapStart, {}, TENANT_A)).json().data;
      const idToken = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
      const body = {
        id_token: idToken,
        csrf_token: started.csrf_token,
        oauth_callback_id: started.oauth_callback_id,
      };
      const refused = await fromServicesPage(ROUTES.oauth.oneTapSubmit, body, TENANT_B);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_type).toBe('origin_not_allowed');
      expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(0);
      const accepted = await fromServicesPage(ROUTES.oauth.oneTapSubmit, body, TENANT_A);
      expect(accepted.statusCode).toBe(200);
    });

    it('XS-03: framed by one of the project’s sites, or by the server’s own pages, it acts', async () => {
      for (const frameOrigin of [TENANT_A, new URL(t.ctx.config.publicUrl).origin]) {
        const response = await fromServicesPage(ROUTES.oauth.oneTapStart, {}, frameOrigin);
        expect(response.statusCode, frameOrigin).toBe(200);
      }
    });
  });

  it('valid: a token signed by the key set, for this client, with the prompt nonce, signs in', async () => {
    const started = await prompt();
    const response = await submit(
      started,
      await signIdToken({ key, now: clock.now(), nonce: started.nonce }),
    );
    expect(response.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(1);
  });

  it('wrong audience: invalid_client', async () => {
    await expectRefused({ audience: 'other.apps.googleusercontent.com' }, 'invalid_client');
  });

  it('wrong issuer: invalid_id_token', async () => {
    for (const issuer of [
      'https://evil.example',
      'http://accounts.google.com',
      'https://accounts.google.com/',
    ]) {
      await expectRefused({ issuer }, 'invalid_id_token');
    }
  });

  it('expired: invalid_id_token once past exp and the leeway', async () => {
    // Issued two hours ago, valid one hour: expired an hour ago.
    await expectRefused(
      { now: new Date(clock.now().getTime() - 2 * 3_600_000), expiresIn: 3600 },
      'invalid_id_token',
    );
    // Just past exp plus the leeway.
    await expectRefused(
      {
        now: new Date(clock.now().getTime() - 3_600_000),
        expiresIn: 3600 - ID_TOKEN_CLOCK_TOLERANCE_SECONDS - 1,
      },
      'invalid_id_token',
    );
  });

  it('bad signature: another key under the same kid, a tampered payload, alg none, HS256', async () => {
    const impostor = await newSigningKey('google-key-1');
    await expectRefused({ key: impostor }, 'invalid_id_token');

    const started = await prompt();
    const genuine = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'victim' })).toString('base64url');
    const attempts = [
      `${header}.${tampered}.${signature}`,
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: 'google-key-1' })
        .sign(new TextEncoder().encode('a shared secret of thirty-two bytes!')),
    ];
    for (const idToken of attempts) {
      const next = await prompt();
      const response = await submit(next, idToken);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error_type: 'invalid_id_token' });
    }
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(0);
  });

  it("wrong nonce: another prompt's nonce, or none from before the prompt started", async () => {
    const other = await prompt();
    await expectRefused({ nonce: other.nonce }, 'invalid_id_token');
    // Issue 14 item 1: a token without a nonce (the Stytch pre-built UI's) is bound to the prompt by its issue time;
    // one issued before this prompt started (beyond the 30 s clock tolerance) is a replay.
    await expectRefused(
      { nonce: undefined, now: new Date(clock.now().getTime() - 31_000) },
      'invalid_id_token',
    );
    await expectRefused(
      { nonce: undefined, now: new Date(clock.now().getTime() - 50 * 60_000) },
      'invalid_id_token',
    );
    // The CSRF token itself is not the nonce (the nonce is derived from it).
    const started = await prompt();
    const response = await submit(
      started,
      await signIdToken({ key, now: clock.now(), nonce: started.csrf_token }),
    );
    expect(response.json()).toMatchObject({ error_type: 'invalid_id_token' });
  });

  it('no nonce (the Stytch pre-built UI): a token Google issued after the prompt started signs in, once', async () => {
    const started = await prompt();
    clock.set(new Date(clock.now().getTime() + 5_000));
    const idToken = await signIdToken({ key, now: clock.now(), nonce: undefined });
    const response = await submit(started, idToken);
    expect(response.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(1);
    // The same token on a prompt started after it was issued: refused (older than the prompt).
    clock.set(new Date(clock.now().getTime() + 60_000));
    const later = await prompt();
    expect((await submit(later, idToken)).json()).toMatchObject({ error_type: 'invalid_id_token' });
  });

  it('replayed CSRF token: a used prompt never signs in again', async () => {
    const started = await prompt();
    const idToken = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
    expect((await submit(started, idToken)).statusCode).toBe(200);
    const replay = await submit(started, idToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error_type: 'invalid_csrf_token' });
  });

  it('a failed submit spends the prompt too (no retries against one CSRF token)', async () => {
    const started = await prompt();
    const wrong = await signIdToken({ key, now: clock.now(), nonce: started.nonce, audience: 'x' });
    expect((await submit(started, wrong)).json()).toMatchObject({ error_type: 'invalid_client' });
    const right = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
    expect((await submit(started, right)).json()).toMatchObject({ error_type: 'invalid_csrf_token' });
    expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(0);
  });

  it("a CSRF token with another prompt's callback id, or an unknown one, is refused", async () => {
    const first = await prompt();
    const second = await prompt();
    const idToken = await signIdToken({ key, now: clock.now(), nonce: first.nonce });
    const crossed = await submit({ ...first, oauth_callback_id: second.oauth_callback_id }, idToken);
    expect(crossed.json()).toMatchObject({ error_type: 'invalid_csrf_token' });
    const unknown = await submit(
      { csrf_token: 'A'.repeat(43), oauth_callback_id: second.oauth_callback_id },
      idToken,
    );
    expect(unknown.json()).toMatchObject({ error_type: 'invalid_csrf_token' });
  });

  it('an expired prompt is refused (10 minutes, on the server clock)', async () => {
    const started = await prompt();
    clock.advance(ONE_TAP_LIFETIME_MS);
    const idToken = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
    expect((await submit(started, idToken)).json()).toMatchObject({ error_type: 'invalid_csrf_token' });
  });

  it('FT-05: unknown kids cost at most one key-set fetch; a rotated key set is used once fetched', async () => {
    const warmUp = await prompt();
    const warm = await submit(warmUp, await signIdToken({ key, now: clock.now(), nonce: warmUp.nonce }));
    expect(warm.statusCode).toBe(200);
    const fetchesBefore = google.fetches;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const started = await prompt();
      const idToken = await signIdToken({
        key,
        now: clock.now(),
        nonce: started.nonce,
        kid: `unknown-${attempt}`,
      });
      expect((await submit(started, idToken)).json()).toMatchObject({ error_type: 'invalid_id_token' });
    }
    expect(google.fetches - fetchesBefore).toBeLessThanOrEqual(1);

    // Google publishes a new key: a key set fetched after the rotation verifies tokens signed with it.
    const rotated = await newSigningKey('google-key-2');
    google.keys = [key, rotated];
    const nonce = 'n-rotated';
    const claims = await verifyOneTapIdToken({
      idToken: await signIdToken({ key: rotated, now: clock.now(), nonce }),
      clientId: TEST_GOOGLE_CLIENT_ID,
      issuer: 'https://accounts.google.com',
      keySet: googleKeySet({}, google.url),
      nonce,
      promptStartedAt: null,
      now: clock.now(),
    });
    expect(claims.sub).toBe('110169484474386276334');
  });

  it('FT-05: Google down fails that sign-in with a 401, never a 500', async () => {
    google.failing = true;
    const down = await prompt();
    const refused = await submit(
      down,
      await signIdToken({ key: await newSigningKey('google-key-3'), now: clock.now(), nonce: down.nonce }),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error_type: 'invalid_id_token' });
  });

  it('AT-02: an unverified Google e-mail never links to the existing user of that address', async () => {
    const existing = await signIn(t.ctx, t.project, 'ada@example.com');
    const started = await prompt();
    const response = await submit(
      started,
      await signIdToken({
        key,
        now: clock.now(),
        nonce: started.nonce,
        email: 'ada@example.com',
        emailVerified: false,
      }),
    );
    expect(response.statusCode).toBe(200);
    const [registration] = await t.ctx.db.select().from(oauthRegistrations);
    expect(registration?.userId).toBeDefined();
    expect(registration?.userId).not.toBe(existing.user_id);
  });

  it('a verified Google e-mail links to the existing user of that address', async () => {
    const existing = await signIn(t.ctx, t.project, 'ada@example.com');
    const started = await prompt();
    const response = await submit(
      started,
      await signIdToken({ key, now: clock.now(), nonce: started.nonce, email: 'ada@example.com' }),
    );
    expect(response.statusCode).toBe(200);
    const [registration] = await t.ctx.db.select().from(oauthRegistrations);
    expect(registration?.userId).toBe(existing.user_id);
  });

  it('TK-05: neither the CSRF token nor the ID token is stored in clear', async () => {
    const started = await prompt();
    const idToken = await signIdToken({ key, now: clock.now(), nonce: started.nonce });
    expect((await submit(started, idToken)).statusCode).toBe(200);
    const dump = JSON.stringify(await snapshotTables(t.ctx.db));
    expect(dump).not.toContain(started.csrf_token);
    expect(dump).not.toContain(idToken.split('.')[2]);
  });
});
