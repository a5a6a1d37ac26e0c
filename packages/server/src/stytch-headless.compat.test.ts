// Issue 9 keeps the drop-in claim (SPEC: a site built on the Stytch SDK works unchanged): the published
// @stytch/vanilla-js 4.13.1 headless client, against the real server on a loopback port, signs in with a login link
// and a passcode under the new limits; past a soft threshold and up to the hard limit its sends keep succeeding,
// then it meets the hard limit's 429 as a StytchAPIError it understands. It is never asked for a captcha (its
// reCAPTCHA retry cannot work here, wire-format.md §3.4; issue 9 item 3), and its bootstrap never turns reCAPTCHA
// on (wire-format.md §3.5: it would load it from Google), although the project has the self-hosted captcha on.
import { CAPTCHA_REQUIRED_TEXT, ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, linkIn, recordingDelivery } from './features/magic-links/test-helpers';
import { codeIn } from './features/otps/test-helpers';
import { clientCanSolveCaptcha } from './infra/captcha';
import type { RateLimitSettings } from './infra/rate-limits';
import { GENEROUS_LIMITS, sdkRequest, TEST_REDIRECT_URL } from './test-support/app';
import { SOLVING_SDK_CLIENT, STYTCH_SDK_CLIENT } from './test-support/captcha';
import { testDatabaseKinds } from './test-support/database';
import {
  type RecordedRequest,
  type StytchHeadless,
  startStytchHeadless,
} from './test-support/stytch-headless';

// Hard limit 3 sends per recipient a minute, soft threshold 1: the 2nd and 3rd sends are past the threshold (a
// solving client would be asked for a captcha), the 4th is past the hard limit. Everything else generous.
const SEND_LIMIT = { points: 3, softPoints: 1, durationSeconds: 60 };
const LIMITS: Partial<RateLimitSettings> = {
  ...GENEROUS_LIMITS,
  magicLinkSendsPerEmail: SEND_LIMIT,
  otpSendsPerRecipient: SEND_LIMIT,
};

const decodeBlob = (header: string | null) =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')) as { sdk?: Record<string, unknown> };

/** The error a rejected SDK call threw (fails the test if it resolved). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded; a 429 was expected');
}

describe.each(testDatabaseKinds())('the Stytch headless client (vanilla-js 4.13.1) on %s', (kind) => {
  // A frozen clock: every send falls in one limiter window, whatever the wall clock does.
  const clock = fakeClock(new Date());
  const delivery = recordingDelivery();
  let page: StytchHeadless;

  beforeAll(async () => {
    page = await startStytchHeadless({ kind, clock, delivery, rateLimits: LIMITS });
  });
  afterAll(async () => {
    await page?.close();
  });

  const lastMessageTo = (to: string) => {
    const message = delivery.messages.filter((each) => each.to === to).at(-1);
    if (!message) throw new Error(`nothing was sent to ${to}`);
    return message;
  };
  const statuses = (requests: RecordedRequest[]) => requests.map((request) => request.status);

  it('fetches a bootstrap with the captcha off although the project has it on, and is told apart by its X-SDK-Client', async () => {
    // The project has the self-hosted captcha on, and a client that can solve it is told so …
    expect(page.t.project.settings.captcha_settings?.enabled).toBe(true);
    const solving = await sdkRequest(page.t.app, {
      method: 'GET',
      url: ROUTES.bootstrap(page.t.publicToken),
      publicToken: page.t.publicToken,
      headers: { 'x-sdk-client': SOLVING_SDK_CLIENT },
    });
    expect(solving.json().data.captcha_settings.enabled).toBe(true);

    // … but the Stytch client's own bootstrap says off, so it never loads reCAPTCHA (wire-format.md §3.5).
    const bootstrap = await page.whenAnswered('/projects/bootstrap/');
    expect(bootstrap.status).toBe(200);
    const data = JSON.parse(bootstrap.responseText ?? '{}').data;
    expect(data.captcha_settings).toEqual({ enabled: false });
    expect(data.dfp_protected_auth_enabled ?? false).toBe(false);

    // The header the real client sends: what test-support/captcha.ts's STYTCH_SDK_CLIENT says, and not a solver.
    const header = bootstrap.headers.get('x-sdk-client');
    expect(decodeBlob(header).sdk).toEqual(decodeBlob(STYTCH_SDK_CLIENT).sdk);
    expect(clientCanSolveCaptcha(header)).toBe(false);
    expect(clientCanSolveCaptcha(STYTCH_SDK_CLIENT)).toBe(false);
  });

  it('sends a login link and redeems it with magicLinks.authenticate', async () => {
    const email = 'link.reader@example.com';
    const sent = await page.client.magicLinks.email.loginOrCreate(email, {
      login_magic_link_url: TEST_REDIRECT_URL,
      signup_magic_link_url: TEST_REDIRECT_URL,
    });
    expect(sent.status_code).toBe(200);
    const { token } = linkIn(lastMessageTo(email));
    const signedIn = await page.client.magicLinks.authenticate(token, { session_duration_minutes: 30 });
    expect(signedIn.session_token).toEqual(expect.any(String));
    expect(signedIn.user.emails[0]?.email).toBe(email);
    expect(page.client.session.getSync()?.session_id).toBe(signedIn.session.session_id);
  });

  it('login-link sends succeed past the soft threshold up to the hard limit, then reject with a 429 StytchAPIError', async () => {
    const email = 'link.flood@example.com';
    const path = ROUTES.magicLinksEmailLoginOrCreate;
    const before = page.answered(path).length;
    const send = () =>
      page.client.magicLinks.email.loginOrCreate(email, { login_magic_link_url: TEST_REDIRECT_URL });
    expect((await send()).status_code).toBe(200);

    // Past the soft threshold now: a client that can solve a captcha would be asked for one (so the threshold is
    // real; a refused call counts nothing) …
    const solving = await sdkRequest(page.t.app, {
      method: 'POST',
      url: path,
      publicToken: page.t.publicToken,
      body: { email, login_magic_link_url: TEST_REDIRECT_URL },
      headers: { 'x-sdk-client': SOLVING_SDK_CLIENT },
    });
    expect(solving.statusCode).toBe(429);
    expect(solving.body).toBe(CAPTCHA_REQUIRED_TEXT);

    // … the Stytch client is not: its sends go on succeeding up to the hard limit …
    for (let i = 1; i < SEND_LIMIT.points; i += 1) expect((await send()).status_code).toBe(200);

    // … and past it gets the error it understands.
    const error = await rejection(send());
    expect(error).toBeInstanceOf(page.sdk.StytchAPIError);
    expect(error).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    expect(statuses(page.answered(path).slice(before))).toEqual([200, 200, 200, 429]);
    expect(delivery.messages.filter((each) => each.to === email)).toHaveLength(SEND_LIMIT.points);
  });

  it('passcode sends do the same, and the last code still signs in with otps.authenticate', async () => {
    const email = 'code.flood@example.com';
    const path = ROUTES.otps.loginOrCreate('email');
    const before = page.answered(path).length;
    const send = () => page.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
    let methodId = '';
    for (let i = 0; i < SEND_LIMIT.points; i += 1) {
      const sent = await send();
      expect(sent.status_code).toBe(200);
      methodId = sent.method_id;
    }
    const error = await rejection(send());
    expect(error).toBeInstanceOf(page.sdk.StytchAPIError);
    expect(error).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    expect(statuses(page.answered(path).slice(before))).toEqual([200, 200, 200, 429]);

    const signedIn = await page.client.otps.authenticate(codeIn(lastMessageTo(email)), methodId, {
      session_duration_minutes: 30,
    });
    expect(signedIn.user.emails[0]?.email).toBe(email);
    expect(page.client.session.getSync()?.session_id).toBe(signedIn.session.session_id);
  });

  it('was never asked for a captcha, never sent one, and never reached past loopback', () => {
    const sdkCalls = page.requests.filter((request) => request.url.pathname.startsWith('/sdk/v1/'));
    for (const request of sdkCalls) {
      expect(request.url.pathname).not.toBe(`/sdk/v1${ROUTES.captchaChallenge}`);
      expect(request.responseText ?? '').not.toContain(CAPTCHA_REQUIRED_TEXT);
      if (request.status !== null && request.status >= 300) {
        expect(request.contentType).toMatch(/^application\/json/);
      }
      expect(request.body ?? {}).not.toHaveProperty('captcha_token');
      if (!request.url.pathname.endsWith(ROUTES.events)) {
        expect(clientCanSolveCaptcha(request.headers.get('x-sdk-client'))).toBe(false);
      }
    }
    expect(page.externalUrls()).toEqual([]);
    // The checks above saw the calls of every test before this one (bootstrap, sends, refusals, sign-ins).
    expect(sdkCalls.length).toBeGreaterThan(10);
  });

  it('a fresh client after reset() bootstraps the new project signed out, and works (the harness, for issues 10–14)', async () => {
    const previous = page.client;
    await page.t.reset();
    const client = page.newClient();
    expect(client).not.toBe(previous);
    expect(client.session.getSync()).toBeNull();
    const bootstrap = await page.whenAnswered(ROUTES.bootstrap(page.t.publicToken));
    expect(JSON.parse(bootstrap.responseText ?? '{}').data.captcha_settings).toEqual({ enabled: false });
    const email = 'fresh.profile@example.com';
    await client.magicLinks.email.loginOrCreate(email, { login_magic_link_url: TEST_REDIRECT_URL });
    const signedIn = await client.magicLinks.authenticate(linkIn(lastMessageTo(email)).token, {
      session_duration_minutes: 30,
    });
    expect(signedIn.user.emails[0]?.email).toBe(email);
    expect(page.externalUrls()).toEqual([]);
  });
});
