// Issue 11 item 2: Google One Tap, server side — the start answer, a valid ID token signing a new and then a
// returning user in, and each SPEC §4 One Tap state as the error type the widget maps to a SPEC §8 message.
import { ONE_TAP_ERROR_TYPES, ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthOneTapRequests, oauthRegistrations, oauthTokens, projects } from '../../infra/db/schema';
import { s256Challenge } from '../../infra/pkce';
import { purgeExpired } from '../../infra/purge';
import {
  createTestApp,
  sdkRequest,
  TEST_ORIGIN,
  TEST_REDIRECT_URL,
  type TestApp,
} from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { snapshotTables } from '../../test-support/snapshot';
import { fakeClock } from '../magic-links/test-helpers';
import { assertOneTapOrigin, ONE_TAP_LIFETIME_MS, oneTapNonce } from './one-tap';
import {
  configureGoogle,
  type FakeGoogleKeys,
  newSigningKey,
  type SigningKey,
  signIdToken,
  startFakeGoogleKeys,
  TEST_GOOGLE_CLIENT_ID,
} from './one-tap-test-support';
import { UNBOUND_ONE_TAP_CHALLENGE } from './store';

const SIGNUP_URL = TEST_REDIRECT_URL;
const LOGIN_URL = `${TEST_REDIRECT_URL}?from=login`;

describe.each(testDatabaseKinds())('Google One Tap on %s', (kind) => {
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
    await t.reset();
    await configureGoogle(t.ctx, { projectId: t.project.id, jwksUrl: google.url });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = { origin: TEST_ORIGIN }) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body, headers });
  const start = (headers?: Record<string, string>) => post(ROUTES.oauth.oneTapStart, {}, headers);
  const submit = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    post(ROUTES.oauth.oneTapSubmit, body, headers);

  async function startedPrompt() {
    const response = await start();
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      google_client_id: string;
      csrf_token: string;
      oauth_callback_id: string;
      nonce: string;
    };
  }

  async function signedSubmit(extra: Record<string, unknown> = {}, sub = '110169484474386276334') {
    const prompt = await startedPrompt();
    const idToken = await signIdToken({ key, now: clock.now(), nonce: prompt.nonce, sub });
    return submit({
      id_token: idToken,
      csrf_token: prompt.csrf_token,
      oauth_callback_id: prompt.oauth_callback_id,
      login_redirect_url: LOGIN_URL,
      signup_redirect_url: SIGNUP_URL,
      ...extra,
    });
  }

  it('start answers the Google client id, a CSRF token stored only hashed, the callback id and the nonce', async () => {
    const prompt = await startedPrompt();
    expect(prompt.google_client_id).toBe(TEST_GOOGLE_CLIENT_ID);
    expect(prompt.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(prompt.nonce).toBe(oneTapNonce(prompt.csrf_token));
    expect(prompt.nonce).not.toContain(prompt.csrf_token);
    const rows = await t.ctx.db.select().from(oauthOneTapRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(prompt.oauth_callback_id);
    expect(rows[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + ONE_TAP_LIFETIME_MS);
    expect(JSON.stringify(await snapshotTables(t.ctx.db))).not.toContain(prompt.csrf_token);
  });

  it("start answers google_script_url only when the project file names one (else the widget loads Google's)", async () => {
    expect((await startedPrompt()) as Record<string, unknown>).not.toHaveProperty('google_script_url');
    await configureGoogle(t.ctx, {
      projectId: t.project.id,
      jwksUrl: google.url,
      scriptUrl: 'http://127.0.0.1:4100/gsi/client',
    });
    expect(((await startedPrompt()) as Record<string, unknown>).google_script_url).toBe(
      'http://127.0.0.1:4100/gsi/client',
    );
  });

  it('a valid ID token signs a new user up, then signs the returning user in', async () => {
    const first = await signedSubmit();
    expect(first.statusCode).toBe(200);
    const signup = new URL(first.json().data.redirect_url);
    expect(`${signup.origin}${signup.pathname}`).toBe(SIGNUP_URL);
    expect(signup.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(signup.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    const registrations = await t.ctx.db.select().from(oauthRegistrations);
    expect(registrations).toMatchObject([
      { providerType: 'google', providerSubject: '110169484474386276334' },
    ]);
    // The prompt is spent.
    expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(0);

    const second = await signedSubmit();
    expect(second.statusCode).toBe(200);
    const login = new URL(second.json().data.redirect_url);
    expect(login.searchParams.get('from')).toBe('login');
    expect(login.searchParams.get('token')).not.toBe(signup.searchParams.get('token'));
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(1);
  });

  describe('issue 20 item 6: PKCE in a project that requires it for OAuth (the default)', () => {
    const verifier = 'c0ffee42'.repeat(16);
    const authenticate = (redirectUrl: string, codeVerifier?: string) =>
      sdkRequest(t.app, {
        method: 'POST',
        url: ROUTES.oauth.authenticate,
        publicToken: t.publicToken,
        body: {
          token: new URL(redirectUrl).searchParams.get('token'),
          session_duration_minutes: 30,
          code_verifier: codeVerifier,
        },
      });

    it('a submit with a code_challenge (Gatehouse’s SDK) binds the token to its verifier', async () => {
      expect(t.project.settings.pkce_required_for_oauth).toBe(true);
      const bound = await signedSubmit({ code_challenge: s256Challenge(verifier) });
      expect(bound.statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(oauthTokens);
      expect(row?.codeChallenge).toBe(s256Challenge(verifier));
      const without = await authenticate(bound.json().data.redirect_url);
      expect(without.statusCode).toBe(400);
      expect(without.json().error_type).toBe('missing_pkce');

      const again = await signedSubmit({ code_challenge: s256Challenge(verifier) });
      const wrong = await authenticate(again.json().data.redirect_url, 'f'.repeat(64));
      expect(wrong.json().error_type).toBe('pkce_mismatch');

      const right = await signedSubmit({ code_challenge: s256Challenge(verifier) });
      expect((await authenticate(right.json().data.redirect_url, verifier)).statusCode).toBe(200);
    });

    it('a submit without one (the Stytch services page, which cannot hold the site’s verifier) is redeemed without a verifier, and a stale one is ignored', async () => {
      const first = await signedSubmit();
      expect(first.statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(oauthTokens);
      expect(row?.codeChallenge).toBe(UNBOUND_ONE_TAP_CHALLENGE);
      expect((await authenticate(first.json().data.redirect_url)).statusCode).toBe(200);
      // A verifier left in the browser by an abandoned start (the Stytch SDK sends whatever pair it holds).
      const second = await signedSubmit();
      expect((await authenticate(second.json().data.redirect_url, verifier)).statusCode).toBe(200);
    });

    it('the unbound marker is no challenge a start can carry, and a malformed challenge is a 400 that spends nothing', async () => {
      const start = await t.app.inject({
        method: 'GET',
        url: `/v1/public/oauth/google/start?public_token=${t.publicToken}&code_challenge=${encodeURIComponent(UNBOUND_ONE_TAP_CHALLENGE)}`,
      });
      expect(start.statusCode).toBe(400);
      const prompt = await startedPrompt();
      const idToken = await signIdToken({ key, now: clock.now(), nonce: prompt.nonce });
      for (const code_challenge of [UNBOUND_ONE_TAP_CHALLENGE, 'short', 'a'.repeat(44)]) {
        const response = await submit({
          id_token: idToken,
          csrf_token: prompt.csrf_token,
          oauth_callback_id: prompt.oauth_callback_id,
          code_challenge,
        });
        expect(response.statusCode, code_challenge).toBe(400);
      }
      expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(1);
      expect(await t.ctx.db.select().from(oauthTokens)).toHaveLength(0);
    });
  });

  it("accepts Google's scheme-less issuer form too", async () => {
    const prompt = await startedPrompt();
    const idToken = await signIdToken({
      key,
      now: clock.now(),
      nonce: prompt.nonce,
      issuer: 'accounts.google.com',
    });
    const response = await submit({
      id_token: idToken,
      csrf_token: prompt.csrf_token,
      oauth_callback_id: prompt.oauth_callback_id,
    });
    expect(response.statusCode).toBe(200);
    // No redirect URL given: the project's first allowed redirect URL.
    expect(response.json().data.redirect_url).toMatch(new RegExp(`^${TEST_REDIRECT_URL}\\?`, 'u'));
  });

  describe('SPEC §4 One Tap states', () => {
    it('names exactly the six error states besides none', () => {
      expect([...ONE_TAP_ERROR_TYPES].sort()).toEqual(
        [
          'default_provider_not_allowed',
          'invalid_client',
          'no_login_redirect_urls_set',
          'no_signup_redirect_urls_set',
          'oauth_config_not_found',
          'origin_not_allowed_for_client',
        ].sort(),
      );
    });

    it('oauth_config_not_found: no Google client in the project file', async () => {
      await t.reset();
      const response = await start();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_type: 'oauth_config_not_found' });
      const submitted = await submit({ id_token: 'a.b.c', csrf_token: 'x', oauth_callback_id: 'y' });
      expect(submitted.json()).toMatchObject({ error_type: 'oauth_config_not_found' });
    });

    it('default_provider_not_allowed: a Google client without one_tap', async () => {
      await configureGoogle(t.ctx, { projectId: t.project.id, jwksUrl: google.url, oneTap: false });
      const response = await start();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error_type: 'default_provider_not_allowed' });
    });

    it('origin_not_allowed_for_client: no Origin header (One Tap runs only in a page)', async () => {
      const response = await start({});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error_type: 'origin_not_allowed_for_client' });
      expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(0);
    });

    it('origin_not_allowed_for_client: only https origins, or http on localhost', () => {
      for (const origin of ['https://app.example.com', 'http://localhost:3000', 'http://localhost']) {
        expect(() => assertOneTapOrigin(origin), origin).not.toThrow();
      }
      for (const origin of [
        null,
        '',
        'null',
        'http://app.example.com',
        'http://127.0.0.1:3000',
        'file://x',
      ]) {
        expect(() => assertOneTapOrigin(origin), String(origin)).toThrow(/not allowed/u);
      }
    });

    it('no_login_redirect_urls_set and no_signup_redirect_urls_set: nowhere to send the user', async () => {
      const prompt = await startedPrompt();
      await t.ctx.db.update(projects).set({ allowedRedirectUrls: [] }).where(eq(projects.id, t.project.id));
      t.ctx.projects.clear();
      const started = await start();
      expect(started.statusCode).toBe(400);
      expect(started.json()).toMatchObject({ error_type: 'no_login_redirect_urls_set' });
      const base = {
        id_token: 'a.b.c',
        csrf_token: prompt.csrf_token,
        oauth_callback_id: prompt.oauth_callback_id,
      };
      expect((await submit(base)).json()).toMatchObject({ error_type: 'no_login_redirect_urls_set' });
      expect((await submit({ ...base, login_redirect_url: LOGIN_URL })).json()).toMatchObject({
        error_type: 'no_signup_redirect_urls_set',
      });
      // Refused before the prompt was spent.
      expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(1);
    });

    it('invalid_client: the ID token was issued to another client id', async () => {
      const prompt = await startedPrompt();
      const idToken = await signIdToken({
        key,
        now: clock.now(),
        nonce: prompt.nonce,
        audience: 'someone-else.apps.googleusercontent.com',
      });
      const response = await submit({
        id_token: idToken,
        csrf_token: prompt.csrf_token,
        oauth_callback_id: prompt.oauth_callback_id,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error_type: 'invalid_client' });
      expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(0);
    });

    it('none: success answers a redirect URL', async () => {
      const response = await signedSubmit();
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().data).sort()).toEqual(['redirect_url', 'request_id', 'status_code']);
    });
  });

  it('a redirect URL off the allowlist is refused before the prompt is spent', async () => {
    const response = await signedSubmit({ login_redirect_url: 'https://evil.example/authenticate' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_type: 'invalid_redirect_url' });
    expect(await t.ctx.db.select().from(oauthOneTapRequests)).toHaveLength(1);
    expect(await t.ctx.db.select().from(oauthRegistrations)).toHaveLength(0);
  });

  it('purges prompts past their expiry, not live ones (LD-04)', async () => {
    await startedPrompt();
    clock.advance(ONE_TAP_LIFETIME_MS + 1);
    const live = await startedPrompt();
    const report = await purgeExpired(t.ctx);
    expect(report.deleted.oauth_one_tap_requests).toBe(1);
    const left = await t.ctx.db.select().from(oauthOneTapRequests);
    expect(left.map((row) => row.id)).toEqual([live.oauth_callback_id]);
  });

  it('bad bodies are 400 schema errors that change nothing', async () => {
    await startedPrompt();
    const before = await snapshotTables(t.ctx.db);
    for (const body of [
      {},
      { id_token: 5, csrf_token: 'x', oauth_callback_id: 'y' },
      { id_token: 'not a jwt', csrf_token: 'x', oauth_callback_id: 'y' },
      { id_token: 'a.b.c', csrf_token: 'x\u0000', oauth_callback_id: 'y' },
      { id_token: `${'a'.repeat(9000)}.b.c`, csrf_token: 'x', oauth_callback_id: 'y' },
    ]) {
      const response = await submit(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toHaveProperty('body');
    }
    expect(await snapshotTables(t.ctx.db)).toEqual(before);
  });
});
