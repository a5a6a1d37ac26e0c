// Issue 14 item 2: the published Stytch pre-built UI (`@stytch/vanilla-js` 4.13.1, StytchUIClient) against
// Gatehouse in Chromium — login links and every screen of its password flow, in login and reset-password modes
// (wire-format.md §4.4, §4.10, §7; stytch-clients.md). The UI is mounted at the server's origin by
// ../support/stytch-ui.ts with every Stytch host pointed at the server; each test asserts that no request left that
// origin and checks the end state through the client the page made (`window.__stytchClient`) and the events the UI
// emitted. The redirect pages are the paths the dev project allows (`/authenticate`, `/reset-password`), served by
// the test as a Stytch site's own pages would be.
//
// Texts in quotes are the published UI's own (its bundle, dist/index.js) or the server's messages it shows
// (features/passwords/service.ts). The worker's server is shared with other files: every test uses its own e-mail.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { listMessages, type OutboxMessage, waitForMessage } from '../support/outbox';
import { type RunningServer, startServerWithDevProject } from '../support/server';
import { type OpenStytchUiOptions, openStytchUi, recordRequests, stytchUiEvents } from '../support/stytch-ui';

// Argon2id hashing on the server and several page loads per test on a machine whose two cores are shared.
test.describe.configure({ timeout: 60_000 });

/** zxcvbn scores these 4 and neither is on the offline breached list (as in passwords.spec.ts). */
const FIRST_PASSWORD = 'Quartz-Lantern-Meadow-4817';
const SECOND_PASSWORD = 'Velvet-Harbor-Compass-2093';
/** Not on the breached list, but weak: zxcvbn scores it 1 with a warning about the sequence 'abc'. */
const WEAK_PASSWORD = 'abcdefghijk12';
/** On the breached list and weak: zxcvbn scores it 0. */
const COMMON_PASSWORD = 'password123';
/**
 * On the breached list yet scored 4 by zxcvbn, with no warning of zxcvbn's own, and 14 characters of three kinds
 * (the LUDS rules below accept it): the breach alone refuses it (passwords.spec.ts uses it for the same reason).
 */
const BREACHED_STRONG_PASSWORD = 'Gankutsuou1989';

// The published UI's texts (dist/index.js).
const UI = {
  continueWithEmail: 'Continue with email',
  checkEmail: 'Check your email',
  createPassword: 'Finish creating your account by setting a password.',
  logIn: 'Log In',
  forgot: 'Forgot Password?',
  forgotHeader: 'Forgot password?',
  resetSent: 'A link to reset your password was sent to you at',
  resetHeader: 'Reset your password',
  success: 'You have successfully logged in.',
  chooseHow: 'Choose how you would like to create your account.',
  emailMeLink: 'Email me a login link',
  loginWithoutPassword: 'Login without a password',
  // PasswordSetNew (a reset e-mail for an account without a password; the UI calls it a login link).
  setNewHeader: 'Check your email!',
  setNewText: 'A login link was sent to you at',
  resend: 'Resend email',
  resent: 'Email resent',
  dedupeHeader: 'Check your email to set a new password!',
  dedupeText: 'We want to make sure your account is secure and that it',
  createInstead: 'Create a password instead',
  breached:
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
} as const;
/** The server's answer to a used or expired reset link (UNABLE_TO_RESET_MESSAGE), which the reset form shows. */
const UNABLE_TO_RESET_MESSAGE =
  'The password reset link could not be used because it was either already used or expired. Request another one.';
/** The start of the server's invalid_email message (features/magic-links/email-address.ts), which the UI shows. */
const INVALID_EMAIL_TEXT = 'Invalid email address: expected local@domain.tld';
/** The server's answer to a wrong password (features/passwords/service.ts WRONG_PASSWORD_MESSAGE), which the UI shows. */
const WRONG_PASSWORD_MESSAGE = 'The email address or password is not correct.';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-stytch-ui-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

interface Project {
  public_token: string;
}

async function devToken(baseURL: string): Promise<string> {
  const project = (await (await fetch(`${baseURL}/dev/project`)).json()) as Project;
  return project.public_token;
}

/** POST /sdk/v1{path} as the SDK sends it (Basic public_token:public_token), for set-up steps that are not the subject. */
async function sdkPost(baseURL: string, path: string, body: unknown): Promise<Response> {
  const token = await devToken(baseURL);
  return fetch(`${baseURL}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
}

async function createPasswordUser(baseURL: string, email: string, password: string): Promise<void> {
  const response = await sdkPost(baseURL, '/passwords', { email, password, session_duration_minutes: 30 });
  if (!response.ok) throw new Error(`POST /passwords answered ${response.status}: ${await response.text()}`);
}

/**
 * Proves the address by a login link through the API (the SDK's calls): the account then owns it. An account that
 * held it unproven (a password sign-up) is reset to it, its password removed (issue 20 item 1, features/users
 * first-proof.ts).
 */
async function proveByLoginLink(baseURL: string, email: string): Promise<void> {
  const before = await listMessages({ to: email, baseURL });
  const sent = await sdkPost(baseURL, '/magic_links/email/login_or_create', {
    email,
    login_magic_link_url: `${baseURL}/authenticate`,
    signup_magic_link_url: `${baseURL}/authenticate`,
  });
  if (!sent.ok) throw new Error(`login_or_create answered ${sent.status}: ${await sent.text()}`);
  const message = await waitForMessage({
    to: email,
    baseURL,
    channel: 'email',
    where: (candidate) => !before.some((old) => old.id === candidate.id),
  });
  const token = linkTo(message, '/authenticate').searchParams.get('token');
  const redeemed = await sdkPost(baseURL, '/magic_links/authenticate', {
    token,
    session_duration_minutes: 30,
  });
  if (!redeemed.ok)
    throw new Error(`magic_links/authenticate answered ${redeemed.status}: ${await redeemed.text()}`);
}

/** The login-link / password options a Stytch site passes, with the redirect pages the dev project allows. */
function siteConfig(origin: string, products: string[]): Record<string, unknown> {
  return {
    products,
    emailMagicLinksOptions: {
      loginRedirectURL: `${origin}/authenticate`,
      signupRedirectURL: `${origin}/authenticate`,
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
    },
    passwordOptions: {
      loginRedirectURL: `${origin}/authenticate`,
      resetPasswordRedirectURL: `${origin}/reset-password`,
      resetPasswordExpirationMinutes: 30,
    },
    sessionOptions: { sessionDurationMinutes: 30 },
  };
}

/** The UI as a Stytch site mounts it: the dev project's token, siteConfig's products, `options` on top. */
async function openSite(
  page: Page,
  serverUrl: string,
  products: string[],
  options: Partial<OpenStytchUiOptions> = {},
): Promise<void> {
  await openStytchUi(page, {
    serverUrl,
    publicToken: await devToken(serverUrl),
    config: siteConfig(serverUrl, products),
    ...options,
  });
}

interface SessionView {
  session_id: string;
  user_id: string;
  authentication_factors: { type: string; delivery_method: string }[];
}

/** The SDK's session (wire-format.md §5), or null: what a site reads to know it is signed in. */
function sessionOf(page: Page): Promise<SessionView | null> {
  return page.evaluate(
    () =>
      (
        window as unknown as { __stytchClient: { session: { getSync(): SessionView | null } } }
      ).__stytchClient.session.getSync() as SessionView | null,
  );
}

/** Signs the page's SDK out (session.revoke), as a site's sign-out button does. */
async function signOut(page: Page): Promise<void> {
  await page.evaluate(() =>
    (
      window as unknown as { __stytchClient: { session: { revoke(): Promise<unknown> } } }
    ).__stytchClient.session.revoke(),
  );
}

/** The e-mail addresses of the SDK's cached user. */
function userEmails(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const client = (
      window as unknown as {
        __stytchClient: { user: { getSync(): { emails: { email: string }[] } | null } };
      }
    ).__stytchClient;
    return (client.user.getSync()?.emails ?? []).map((entry) => entry.email);
  });
}

async function eventTypes(page: Page): Promise<string[]> {
  return (await stytchUiEvents(page)).filter((entry) => entry.kind === 'event').map((entry) => entry.type);
}

/** The link of an outbox e-mail whose path is `path` (the redirect page it lands on). */
function linkTo(message: OutboxMessage, path: string): URL {
  const link = message.links.map((href) => new URL(href)).find((url) => url.pathname === path);
  if (!link) throw new Error(`No link to ${path} in the message: ${message.links.join(', ')}`);
  return link;
}

/**
 * A Stytch site's `/authenticate` page for a login link: the UI client on the page, and the site's own call
 * `magicLinks.authenticate(token, …)` with the `token` of the query (the B2C UI does not read it itself).
 */
async function redeemOnRedirectPage(page: Page, options: { serverUrl: string; link: URL }): Promise<void> {
  expect(options.link.searchParams.get('stytch_token_type')).toBe('magic_links');
  await openSite(page, options.serverUrl, ['emailMagicLinks'], {
    path: options.link.pathname,
    query: options.link.search.slice(1),
  });
  await page.evaluate(async () => {
    const params = new URLSearchParams(window.location.search);
    const client = (
      window as unknown as {
        __stytchClient: {
          magicLinks: {
            authenticate(token: string, options: { session_duration_minutes: number }): Promise<unknown>;
          };
        };
      }
    ).__stytchClient;
    await client.magicLinks.authenticate(params.get('token') ?? '', { session_duration_minutes: 30 });
  });
}

/** Types a password into the UI's create/reset form and waits for the server's strength check to answer. */
async function typeNewPassword(page: Page, password: string): Promise<Record<string, unknown>> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/sdk/v1/passwords/strength_check') &&
      (response.request().postDataJSON() as { password?: string }).password === password,
  );
  await page.locator('#new-password').fill(password);
  const response = await answered;
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** The e-mail form of the passwords product: `POST /users/search` decides the next screen. */
async function submitEmail(page: Page, email: string): Promise<string> {
  const searched = page.waitForResponse((response) => response.url().endsWith('/sdk/v1/users/search'));
  await page.locator('#email-input').fill(email);
  await page.getByRole('button', { name: UI.continueWithEmail }).click();
  const response = await searched;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { userType: string } }).data.userType;
}

/**
 * One strength check before the tests: the server builds its breached list and zxcvbn dictionaries on the first one
 * (~1 s idle, several seconds with the cores shared), so the UI's first check answers within the usual timeout.
 */
test.beforeAll(async ({ server }) => {
  test.setTimeout(60_000);
  const response = await sdkPost(server.url, '/passwords/strength_check', { password: FIRST_PASSWORD });
  expect(response.status).toBe(200);
});

test('login link: sent from the UI, redeemed on the site’s redirect page, signed in', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('link');
  await openSite(page, server.url, ['emailMagicLinks']);
  await page.locator('#email-input').fill(email);
  await page.getByRole('button', { name: UI.continueWithEmail }).click();
  await expect(page.getByText(UI.checkEmail)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['MAGIC_LINK_LOGIN_OR_CREATE']);
  expect(await sessionOf(page)).toBeNull();

  const message = await waitForMessage({ to: email, channel: 'email' });
  await redeemOnRedirectPage(page, { serverUrl: server.url, link: linkTo(message, '/authenticate') });
  const session = await sessionOf(page);
  expect(session?.authentication_factors[0]).toMatchObject({ type: 'magic_link', delivery_method: 'email' });
  expect(await userEmails(page)).toEqual([email]);
  // Both cookies written (wire-format.md §5.1): getTokens is null unless the token and the JWT are strings.
  const tokens = await page.evaluate(() =>
    (
      window as unknown as {
        __stytchClient: { session: { getTokens(): { session_token: string; session_jwt: string } | null } };
      }
    ).__stytchClient.session.getTokens(),
  );
  expect(tokens?.session_token).toEqual(expect.any(String));
  expect(tokens?.session_jwt.split('.')).toHaveLength(3);
  // The session survives a reload: the SDK's cookie, then its background POST /sessions/authenticate.
  const refreshed = page.waitForResponse((response) =>
    response.url().endsWith('/sdk/v1/sessions/authenticate'),
  );
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  expect((await sessionOf(page))?.session_id).toBe(session?.session_id);
  expect(requests.foreign()).toEqual([]);
});

test('passwords: a new e-mail creates an account; a known one logs in, a wrong password refused', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('create');
  const open = async () => openSite(page, server.url, ['passwords']);
  await open();
  expect(await submitEmail(page, email)).toBe('new');
  await expect(page.getByText(UI.createPassword)).toBeVisible();
  await expect(page.locator('#email-input')).toHaveValue(email);
  const submit = page.locator('#submit');

  // Strength feedback from POST /passwords/strength_check (zxcvbn, the bootstrap's default policy).
  const weak = await typeNewPassword(page, WEAK_PASSWORD);
  expect(weak).toMatchObject({ strength_policy: 'zxcvbn', valid_password: false });
  const warning = (weak.feedback as { warning: string }).warning;
  expect(warning).not.toBe('');
  await expect(page.getByText(warning)).toBeVisible();
  await expect(submit).toBeDisabled();
  const strong = await typeNewPassword(page, FIRST_PASSWORD);
  expect(strong).toMatchObject({ strength_policy: 'zxcvbn', valid_password: true, score: 4 });
  await expect(page.getByText(warning)).toBeHidden();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['PASSWORD_CREATE']);
  const created = await sessionOf(page);
  expect(created?.authentication_factors[0]).toMatchObject({
    type: 'password',
    delivery_method: 'knowledge',
  });
  // The event's data is the SDK's return value (wire-format.md §7.4): the create answer, `__user` stripped.
  const [createEvent] = await stytchUiEvents(page);
  expect(createEvent?.data).toMatchObject({
    user_id: created?.user_id,
    email_id: expect.any(String),
    session_token: expect.any(String),
    session_jwt: expect.any(String),
    user: { emails: [{ email, verified: false }] },
  });
  expect(createEvent?.data).not.toHaveProperty('__user');
  expect(await userEmails(page)).toEqual([email]);

  // Sign out as a site would (session.revoke), mount again: the known e-mail gets the log-in screen.
  await signOut(page);
  expect(await sessionOf(page)).toBeNull();
  await open();
  expect(await submitEmail(page, email)).toBe('password');
  await expect(page.getByText(UI.logIn, { exact: true })).toBeVisible();
  await page.locator('#current-password').fill(SECOND_PASSWORD);
  await page.locator('#submit').click();
  await expect(page.getByText(WRONG_PASSWORD_MESSAGE)).toBeVisible();
  expect(await sessionOf(page)).toBeNull();
  const refused = (await stytchUiEvents(page)).filter((entry) => entry.kind === 'error');
  expect(refused.map((entry) => entry.type)).toEqual(['unauthorized_credentials']);

  await page.locator('#current-password').fill(FIRST_PASSWORD);
  await page.locator('#submit').click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['PASSWORD_AUTHENTICATE']);
  const again = await sessionOf(page);
  expect(again?.user_id).toBe(created?.user_id);
  expect(again?.session_id).not.toBe(created?.session_id);
  expect(requests.foreign()).toEqual([]);
});

test('forgot password: the reset e-mail, mountResetPassword on the redirect page, the old password refused', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('forgot');
  await createPasswordUser(server.url, email, FIRST_PASSWORD);
  const publicToken = await devToken(server.url);
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken,
    config: siteConfig(server.url, ['passwords']),
  });
  expect(await submitEmail(page, email)).toBe('password');
  const started = page.waitForResponse((response) =>
    response.url().endsWith('/sdk/v1/passwords/email/reset/start'),
  );
  await page.getByText(UI.forgot).click();
  expect((await started).status()).toBe(200);
  await expect(page.getByText(UI.forgotHeader, { exact: true })).toBeVisible();
  await expect(page.getByText(UI.resetSent)).toContainText(email);
  await expect.poll(async () => (await listMessages({ to: email })).length).toBe(1);
  // 'Resend email' sends another (the UI's toast says so).
  await page.getByRole('button', { name: UI.resend }).click();
  await expect(page.getByText(UI.resent)).toBeVisible();
  await expect.poll(async () => (await listMessages({ to: email })).length).toBe(2);

  const message = await waitForMessage({ to: email, channel: 'email' });
  const link = linkTo(message, '/reset-password');
  expect(link.searchParams.get('stytch_token_type')).toBe('reset_password');
  const token = link.searchParams.get('token') ?? '';
  // The site's reset page: the token from the query handed to mountResetPassword (wire-format.md §7.1).
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken,
    config: siteConfig(server.url, ['passwords']),
    mode: 'resetPassword',
    passwordResetToken: token,
    path: link.pathname,
    query: link.search.slice(1),
  });
  await expect(page.getByText(UI.resetHeader)).toBeVisible();
  await expect(page.locator('#submit')).toBeDisabled();
  expect(await typeNewPassword(page, SECOND_PASSWORD)).toMatchObject({ valid_password: true });
  await expect(page.locator('#submit')).toBeEnabled();
  await page.locator('#submit').click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['PASSWORD_RESET_BY_EMAIL']);
  expect(await sessionOf(page)).toMatchObject({ user_id: expect.any(String) });
  expect(await userEmails(page)).toEqual([email]);

  const old = await sdkPost(server.url, '/passwords/authenticate', {
    email,
    password: FIRST_PASSWORD,
    session_duration_minutes: 30,
  });
  expect(old.status).toBe(401);
  expect(((await old.json()) as { error_type: string }).error_type).toBe('unauthorized_credentials');
  const fresh = await sdkPost(server.url, '/passwords/authenticate', {
    email,
    password: SECOND_PASSWORD,
    session_duration_minutes: 30,
  });
  expect(fresh.status).toBe(200);

  // The same link again, signed out: the form shows the server's error_message and signs no one in.
  await signOut(page);
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken,
    config: siteConfig(server.url, ['passwords']),
    mode: 'resetPassword',
    passwordResetToken: token,
    path: link.pathname,
    query: link.search.slice(1),
  });
  expect(await typeNewPassword(page, FIRST_PASSWORD)).toMatchObject({ valid_password: true });
  await page.locator('#submit').click();
  await expect(page.getByText(UNABLE_TO_RESET_MESSAGE)).toBeVisible();
  expect((await stytchUiEvents(page)).map((entry) => `${entry.kind}:${entry.type}`)).toEqual([
    'error:unable_to_reset_password',
  ]);
  expect(await sessionOf(page)).toBeNull();
  expect(requests.foreign()).toEqual([]);
});

test('the reset page’s “Login without a password” redeems the reset link as a login link', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('reset-page-login');
  await createPasswordUser(server.url, email, FIRST_PASSWORD);
  const start = await sdkPost(server.url, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: `${server.url}/reset-password`,
  });
  expect(start.status).toBe(200);
  const link = linkTo(await waitForMessage({ to: email, channel: 'email' }), '/reset-password');
  await openSite(page, server.url, ['passwords'], {
    mode: 'resetPassword',
    passwordResetToken: link.searchParams.get('token') ?? '',
    path: link.pathname,
    query: link.search.slice(1),
  });
  await expect(page.getByText(UI.resetHeader)).toBeVisible();
  await page.getByRole('button', { name: UI.loginWithoutPassword }).click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect((await sessionOf(page))?.authentication_factors[0]).toMatchObject({ type: 'magic_link' });
  expect(await userEmails(page)).toEqual([email]);
  expect(requests.foreign()).toEqual([]);
});

test('the reset page with stytch_token_type=login redeems the token as a login link and signs in', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('reset-login');
  await createPasswordUser(server.url, email, FIRST_PASSWORD);
  const start = await sdkPost(server.url, '/passwords/email/reset/start', {
    email,
    login_redirect_url: `${server.url}/authenticate`,
    reset_password_redirect_url: `${server.url}/reset-password`,
  });
  expect(start.status).toBe(200);
  const token = linkTo(
    await waitForMessage({ to: email, channel: 'email' }),
    '/reset-password',
  ).searchParams.get('token');
  const authenticated = page.waitForResponse((response) =>
    response.url().endsWith('/sdk/v1/magic_links/authenticate'),
  );
  await openSite(page, server.url, ['passwords'], {
    mode: 'resetPassword',
    passwordResetToken: token ?? '',
    path: '/reset-password',
    query: new URLSearchParams({ stytch_token_type: 'login', token: token ?? '' }).toString(),
  });
  expect((await authenticated).status()).toBe(200);
  await expect(page.getByText(UI.success)).toBeVisible();
  expect((await sessionOf(page))?.authentication_factors[0]).toMatchObject({
    type: 'magic_link',
    delivery_method: 'email',
  });
  expect(await userEmails(page)).toEqual([email]);
  expect((await stytchUiEvents(page)).filter((entry) => entry.kind === 'error')).toEqual([]);
  expect(requests.foreign()).toEqual([]);
});

test('weak and breached passwords: the UI’s zxcvbn feedback, Continue stays disabled, not signed in', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('weak');
  await openSite(page, server.url, ['passwords']);
  expect(await submitEmail(page, email)).toBe('new');
  const submit = page.locator('#submit');

  const weak = await typeNewPassword(page, WEAK_PASSWORD);
  expect(weak).toMatchObject({ valid_password: false, breached_password: false, strength_policy: 'zxcvbn' });
  const warning = (weak.feedback as { warning: string }).warning;
  expect(warning).toContain('easy to guess');
  await expect(page.getByText(warning)).toBeVisible();
  await expect(submit).toBeDisabled();

  // Breached: the UI shows only feedback.warning under zxcvbn, so the server names the breach there for it
  // (features/passwords/service.ts withBreachWarning) — also when zxcvbn finds the password strong.
  for (const password of [COMMON_PASSWORD, BREACHED_STRONG_PASSWORD]) {
    const breached = await typeNewPassword(page, password);
    expect(breached).toMatchObject({
      valid_password: false,
      breached_password: true,
      strength_policy: 'zxcvbn',
    });
    await expect(page.getByText(UI.breached)).toBeVisible();
    await expect(page.getByText(warning)).toBeHidden();
    await expect(submit).toBeDisabled();
  }
  // Enter in the field submits nothing either: the form's button is disabled.
  await page.locator('#new-password').press('Enter');
  expect(await eventTypes(page)).toEqual([]);
  expect(await sessionOf(page)).toBeNull();
  expect(requests.all.some((request) => request.url().endsWith('/sdk/v1/passwords'))).toBe(false);
  expect(requests.foreign()).toEqual([]);
});

test.describe('with the LUDS policy in bootstrap', () => {
  let luds: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    luds = await startServerWithDevProject({
      entry: { settings: { password_config: { luds_minimum_count: 10, luds_complexity: 3 } } },
    });
  });
  test.afterAll(async () => {
    await luds?.stop();
  });

  test('a breached password shows the UI’s breach text, a short one what is missing; neither signs in', async ({
    page,
  }) => {
    const requests = recordRequests(page, luds.url);
    const email = uniqueEmail('luds');
    await openSite(page, luds.url, ['passwords']);
    expect(await submitEmail(page, email)).toBe('new');
    const breached = await typeNewPassword(page, BREACHED_STRONG_PASSWORD);
    expect(breached).toMatchObject({
      strength_policy: 'luds',
      valid_password: false,
      breached_password: true,
    });
    expect(
      (breached.feedback as { luds_requirements: { missing_characters: number } }).luds_requirements,
    ).toMatchObject({ missing_characters: 0, missing_complexity: 0 });
    await expect(page.getByText(UI.breached)).toBeVisible();
    await expect(page.locator('#submit')).toBeDisabled();

    const short = await typeNewPassword(page, 'Ab1!');
    expect(short).toMatchObject({ valid_password: false, breached_password: false });
    await expect(page.getByText(UI.breached)).toBeHidden();
    await expect(page.getByText('Must be at least 10 characters long')).toBeVisible();
    await expect(page.locator('#submit')).toBeDisabled();

    expect(await typeNewPassword(page, FIRST_PASSWORD)).toMatchObject({ valid_password: true });
    await expect(page.locator('#submit')).toBeEnabled();
    expect(await eventTypes(page)).toEqual([]);
    expect(await sessionOf(page)).toBeNull();
    expect(requests.foreign()).toEqual([]);
  });
});

test('login links and passwords together: a new e-mail chooses the link; a password user can too', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const publicToken = await devToken(server.url);
  const config = siteConfig(server.url, ['emailMagicLinks', 'passwords']);
  const newcomer = uniqueEmail('both-new');
  await openStytchUi(page, { serverUrl: server.url, publicToken, config });
  expect(await submitEmail(page, newcomer)).toBe('new');
  // Both ways to create the account on one screen.
  await expect(page.getByText(UI.chooseHow)).toBeVisible();
  await expect(page.getByText(UI.createPassword)).toBeVisible();
  await page.getByRole('button', { name: UI.emailMeLink }).click();
  await expect(page.getByText(UI.checkEmail)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['MAGIC_LINK_LOGIN_OR_CREATE']);
  await redeemOnRedirectPage(page, {
    serverUrl: server.url,
    link: linkTo(await waitForMessage({ to: newcomer, channel: 'email' }), '/authenticate'),
  });
  expect(await userEmails(page)).toEqual([newcomer]);
  await signOut(page);

  // A password user: the log-in screen offers the link as well, and 'Forgot Password?' offers 'Login without a
  // password'.
  const member = uniqueEmail('both-pw');
  await createPasswordUser(server.url, member, FIRST_PASSWORD);
  await openStytchUi(page, { serverUrl: server.url, publicToken, config });
  expect(await submitEmail(page, member)).toBe('password');
  await expect(page.getByText(UI.logIn, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: UI.emailMeLink })).toBeVisible();
  await page.getByText(UI.forgot).click();
  await expect(page.getByText(UI.forgotHeader, { exact: true })).toBeVisible();
  const resetMail = await waitForMessage({ to: member, channel: 'email' });
  await page.getByRole('button', { name: UI.loginWithoutPassword }).click();
  await expect(page.getByText(UI.checkEmail)).toBeVisible();
  const loginMail = await waitForMessage({
    to: member,
    channel: 'email',
    where: (m) => m.id !== resetMail.id,
  });
  await redeemOnRedirectPage(page, { serverUrl: server.url, link: linkTo(loginMail, '/authenticate') });
  expect(await userEmails(page)).toEqual([member]);
  expect((await sessionOf(page))?.authentication_factors[0]).toMatchObject({ type: 'magic_link' });
  expect(requests.foreign()).toEqual([]);
});

/**
 * The reset page for the newest reset e-mail to `email`: mountResetPassword with the link's token, a new password,
 * signed in (PASSWORD_RESET_BY_EMAIL).
 */
async function resetOnRedirectPage(
  page: Page,
  options: { serverUrl: string; email: string; password: string },
): Promise<void> {
  const message = await waitForMessage({
    to: options.email,
    baseURL: options.serverUrl,
    channel: 'email',
    where: (candidate) => candidate.links.some((href) => new URL(href).pathname === '/reset-password'),
  });
  const link = linkTo(message, '/reset-password');
  await openSite(page, options.serverUrl, ['passwords'], {
    mode: 'resetPassword',
    passwordResetToken: link.searchParams.get('token') ?? '',
    path: link.pathname,
    query: link.search.slice(1),
  });
  expect(await typeNewPassword(page, options.password)).toMatchObject({ valid_password: true });
  await page.locator('#submit').click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['PASSWORD_RESET_BY_EMAIL']);
  expect(await userEmails(page)).toEqual([options.email]);
}

test('an account without a password (signed up by login link) is sent a link to set one, then logs in with it', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('passwordless');
  await proveByLoginLink(server.url, email);
  const publicToken = await devToken(server.url);
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken,
    config: siteConfig(server.url, ['passwords']),
  });
  const started = page.waitForResponse((response) =>
    response.url().endsWith('/sdk/v1/passwords/email/reset/start'),
  );
  expect(await submitEmail(page, email)).toBe('passwordless');
  // Passwords alone: the UI itself e-mails a link to set a password (PasswordSetNew).
  expect((await started).status()).toBe(200);
  await expect(page.getByText(UI.setNewHeader, { exact: true })).toBeVisible();
  await expect(page.getByText(UI.setNewText)).toContainText(email);
  expect(await eventTypes(page)).toEqual(['PASSWORD_RESET_BY_EMAIL_START']);
  expect(await sessionOf(page)).toBeNull();

  await resetOnRedirectPage(page, { serverUrl: server.url, email, password: FIRST_PASSWORD });
  await signOut(page);
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken,
    config: siteConfig(server.url, ['passwords']),
  });
  expect(await submitEmail(page, email)).toBe('password');
  await page.locator('#current-password').fill(FIRST_PASSWORD);
  await page.locator('#submit').click();
  await expect(page.getByText(UI.success)).toBeVisible();
  expect(await eventTypes(page)).toEqual(['PASSWORD_AUTHENTICATE']);
  expect(requests.foreign()).toEqual([]);
});

test('with login links on, an account without a password gets a link at once, or chooses to create a password', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  const email = uniqueEmail('passwordless-both');
  await proveByLoginLink(server.url, email);
  const before = await listMessages({ to: email });
  await openSite(page, server.url, ['emailMagicLinks', 'passwords']);
  expect(await submitEmail(page, email)).toBe('passwordless');
  await expect(page.getByText(UI.checkEmail)).toBeVisible();
  await expect.poll(() => eventTypes(page)).toEqual(['MAGIC_LINK_LOGIN_OR_CREATE']);
  const loginMail = await waitForMessage({
    to: email,
    channel: 'email',
    where: (candidate) => !before.some((old) => old.id === candidate.id),
  });
  expect(linkTo(loginMail, '/authenticate').searchParams.get('stytch_token_type')).toBe('magic_links');

  await page.getByRole('button', { name: UI.createInstead }).click();
  await expect(page.getByText(UI.setNewHeader, { exact: true })).toBeVisible();
  await expect
    .poll(() => eventTypes(page))
    .toEqual(['MAGIC_LINK_LOGIN_OR_CREATE', 'PASSWORD_RESET_BY_EMAIL_START']);
  await resetOnRedirectPage(page, { serverUrl: server.url, email, password: SECOND_PASSWORD });
  expect(requests.foreign()).toEqual([]);
});

// A password that must be reset: issue 20 item 5 (BF-09) locks it after the project's max_consecutive_failures wrong
// passwords in a row (1 here, so one wrong password locks it); the right password then answers reset_password.
test.describe('a password locked after too many failures in a row (max_consecutive_failures 1)', () => {
  let locking: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    locking = await startServerWithDevProject({ entry: { settings: { max_consecutive_failures: 1 } } });
  });
  test.afterAll(async () => {
    await locking?.stop();
  });

  test('the right password answers reset_password, the UI e-mails a reset (PasswordDedupe), and the reset unlocks it', async ({
    page,
  }) => {
    const requests = recordRequests(page, locking.url);
    const email = uniqueEmail('dedupe');
    await createPasswordUser(locking.url, email, FIRST_PASSWORD);
    const wrong = await sdkPost(locking.url, '/passwords/authenticate', {
      email,
      password: SECOND_PASSWORD,
      session_duration_minutes: 30,
    });
    expect(wrong.status).toBe(401);
    const before = await listMessages({ to: email, baseURL: locking.url });
    await openSite(page, locking.url, ['passwords']);
    expect(await submitEmail(page, email)).toBe('password');
    const started = page.waitForResponse((response) =>
      response.url().endsWith('/sdk/v1/passwords/email/reset/start'),
    );
    await page.locator('#current-password').fill(FIRST_PASSWORD);
    await page.locator('#submit').click();
    expect((await started).status()).toBe(200);
    await expect(page.getByText(UI.dedupeHeader)).toBeVisible();
    await expect(page.getByText(UI.dedupeText)).toContainText(email);
    const errors = (await stytchUiEvents(page)).filter((entry) => entry.kind === 'error');
    expect(errors.map((entry) => entry.type)).toEqual(['reset_password']);
    expect(await sessionOf(page)).toBeNull();
    await waitForMessage({
      to: email,
      baseURL: locking.url,
      channel: 'email',
      where: (candidate) => !before.some((old) => old.id === candidate.id),
    });

    await resetOnRedirectPage(page, { serverUrl: locking.url, email, password: SECOND_PASSWORD });
    expect(requests.foreign()).toEqual([]);
  });
});

test.describe('with PKCE required for login links and password resets (bootstrap)', () => {
  let pkce: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    pkce = await startServerWithDevProject({
      entry: {
        settings: { pkce_required_for_email_magic_links: true, pkce_required_for_password_resets: true },
      },
    });
  });
  test.afterAll(async () => {
    await pkce?.stop();
  });

  test('forgot password: the challenge on reset/start, its verifier on the reset page, signed in', async ({
    page,
  }) => {
    const requests = recordRequests(page, pkce.url);
    const email = uniqueEmail('pkce-reset');
    await createPasswordUser(pkce.url, email, FIRST_PASSWORD);
    await openSite(page, pkce.url, ['passwords']);
    expect(await submitEmail(page, email)).toBe('password');
    const started = page.waitForRequest((request) =>
      request.url().endsWith('/sdk/v1/passwords/email/reset/start'),
    );
    await page.getByText(UI.forgot).click();
    const challenge = ((await started).postDataJSON() as { code_challenge?: string }).code_challenge;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(UI.forgotHeader, { exact: true })).toBeVisible();

    const reset = page.waitForRequest((request) => request.url().endsWith('/sdk/v1/passwords/email/reset'));
    await resetOnRedirectPage(page, { serverUrl: pkce.url, email, password: SECOND_PASSWORD });
    expect(((await reset).postDataJSON() as { code_verifier?: string }).code_verifier).toMatch(
      /^[0-9a-f]{43,128}$/,
    );
    expect(requests.foreign()).toEqual([]);
  });

  test('forgot password, then “Login without a password”: the link signs in after the SDK’s pkce fallback', async ({
    page,
  }) => {
    const requests = recordRequests(page, pkce.url);
    const email = uniqueEmail('pkce-link');
    await createPasswordUser(pkce.url, email, FIRST_PASSWORD);
    await openSite(page, pkce.url, ['emailMagicLinks', 'passwords']);
    expect(await submitEmail(page, email)).toBe('password');
    await page.getByText(UI.forgot).click();
    await expect(page.getByText(UI.forgotHeader, { exact: true })).toBeVisible();
    const resetMail = await waitForMessage({ to: email, baseURL: pkce.url, channel: 'email' });
    const sent = page.waitForRequest((request) =>
      request.url().endsWith('/sdk/v1/magic_links/email/login_or_create'),
    );
    await page.getByRole('button', { name: UI.loginWithoutPassword }).click();
    expect(((await sent).postDataJSON() as { code_challenge?: string }).code_challenge).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    await expect(page.getByText(UI.checkEmail)).toBeVisible();
    const loginMail = await waitForMessage({
      to: email,
      baseURL: pkce.url,
      channel: 'email',
      where: (m) => m.id !== resetMail.id,
    });

    // The SDK holds a passwords pair and a magic_links pair: it tries the first, and on an error naming pkce
    // retries with the second (wire-format.md §6).
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/sdk/v1/magic_links/authenticate')) answers.push(response.status());
    });
    await redeemOnRedirectPage(page, { serverUrl: pkce.url, link: linkTo(loginMail, '/authenticate') });
    expect(answers).toEqual([400, 200]);
    expect(await userEmails(page)).toEqual([email]);
    expect(requests.foreign()).toEqual([]);
  });
});

test('an address the UI lets through but the server refuses: the form shows the server’s invalid_email message', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page, server.url);
  await openSite(page, server.url, ['passwords']);
  // Two dots in a row pass the UI's own pattern, not the server's (features/magic-links/email-address.ts).
  const searched = page.waitForResponse((response) => response.url().endsWith('/sdk/v1/users/search'));
  await page.locator('#email-input').fill(`e2e..${Date.now()}@example.com`);
  await page.getByRole('button', { name: UI.continueWithEmail }).click();
  const response = await searched;
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { error_type: string }).error_type).toBe('invalid_email');
  await expect(page.getByText(INVALID_EMAIL_TEXT)).toBeVisible();
  await expect(page.locator('#email-input')).toBeVisible();
  expect(await sessionOf(page)).toBeNull();
  expect(requests.foreign()).toEqual([]);
});
