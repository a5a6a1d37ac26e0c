// The second-factor step-up end to end in Chromium (issue 13 item 1, E2E line): a server whose development project
// has `require_second_factor` on (a PROJECT_FILE entry named 'Development': startServerWithDevProject). A user
// with an authenticator app enrolled (through the server, in the test; codes computed with `otpauth`) signs in by
// login link (the dev outbox), is asked for the code from the app, enters it and reaches /account; a recovery code
// works once and its second use is refused; "Sign out" on the step-up screen; axe on the step-up screen; and the
// widget's passcode input has focus when OTPAuthenticate opens (issue 13 item 1, last sentence).
// The worker's server is this file's own; every test uses its own e-mail address.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from '../support/axe';
import { test as base, expect } from '../support/fixtures';
import { type OutboxMessage, waitForMessage } from '../support/outbox';
import { type RunningServer, startServerWithDevProject } from '../support/server';

const STEP_MS = 30_000;
const CODE_TEXT = 'Enter the code from your authenticator app';
const WRONG_RECOVERY_CODE = 'The recovery code is not right, or it was already used.';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
    async ({}, use) => {
      const server = await startServerWithDevProject({
        entry: { settings: { require_second_factor: true } },
      });
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-step-up-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** RFC 6238 as the server checks it (SHA-1, 6 digits, 30 s). */
function codeAt(secret: string, epochMs: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: epochMs,
  });
}

/** Chromium logs every 4xx answer as a console error; a refused code gets one on purpose. */
function unexpectedConsoleErrors(errors: string[]): string[] {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );
}

/** A /sdk/v1 call from the test, as the SDK in a page of this origin makes it (Basic public token : session). */
async function sdkCall<T>(
  server: RunningServer,
  publicToken: string,
  path: string,
  body: unknown,
  sessionToken = '',
): Promise<T> {
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken || publicToken}`).toString('base64')}`,
      'content-type': 'application/json',
      origin: server.url,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The newest login link to `email` that is not in `used`. */
async function loginLink(email: string, used: Set<string>): Promise<string> {
  const message: OutboxMessage = await waitForMessage({
    to: email,
    channel: 'email',
    where: (candidate) => !used.has(candidate.id),
  });
  used.add(message.id);
  const link = message.links[0];
  if (link === undefined) throw new Error(`The e-mail to ${email} has no link: ${message.text}`);
  return link;
}

interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** When the enrolment code was accepted: the step-up code must be of a later step. */
  confirmedAt: number;
}

/**
 * A user with a confirmed authenticator app, made through the server: a login link redeemed from the test, then
 * POST /totps and /totps/authenticate with a code computed by `otpauth`.
 */
async function enrolThroughServer(
  server: RunningServer,
  publicToken: string,
  email: string,
  used: Set<string>,
): Promise<Enrolled> {
  await sdkCall(server, publicToken, '/magic_links/email/login_or_create', { email });
  const token = new URL(await loginLink(email, used)).searchParams.get('token');
  const signedIn = await sdkCall<{ session_token: string }>(
    server,
    publicToken,
    '/magic_links/authenticate',
    {
      token,
      session_duration_minutes: 30,
    },
  );
  const created = await sdkCall<{ secret: string; recovery_codes: string[] }>(
    server,
    publicToken,
    '/totps',
    { expiration_minutes: 60 },
    signedIn.session_token,
  );
  const confirmedAt = Date.now();
  await sdkCall(
    server,
    publicToken,
    '/totps/authenticate',
    { totp_code: codeAt(created.secret, confirmedAt), session_duration_minutes: 30 },
    signedIn.session_token,
  );
  return { secret: created.secret, recoveryCodes: created.recovery_codes, confirmedAt };
}

/** Sign-in page → 'Email' tab → a login link sent; the link from the outbox opened in the page. */
async function signInByLink(page: Page, email: string, used: Set<string>): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await loginLink(email, used));
}

async function expectStepUpScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');
  await expect(page.getByText(CODE_TEXT)).toBeVisible();
  // Issue 13 item 1: the code input has focus when the screen opens.
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  // Issue 22: one input, drawn as six boxes (the widget's CodeInput).
  await expect(page.locator('.step-up .gh-code-box')).toHaveCount(6);
  await expect(page.locator('.step-up .gh-code-boxes')).toHaveAttribute('aria-hidden', 'true');
}

async function expectAccount(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByText(email).first()).toBeVisible();
}

/** The session the page's SDK holds (its localStorage state), to read its factors. */
async function sessionFactorTypes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      let value: { session?: { authentication_factors?: { type: string }[] } } | null = null;
      try {
        value = JSON.parse(localStorage.getItem(localStorage.key(index) ?? '') ?? 'null');
      } catch {
        continue;
      }
      const factors = value?.session?.authentication_factors;
      if (Array.isArray(factors)) return factors.map((factor) => factor.type).sort();
    }
    return [];
  });
}

test('login link, then the code from the authenticator app, then /account; axe; sign out from the step-up screen', async ({
  page,
  server,
  devProject,
  consoleErrors,
}) => {
  const email = uniqueEmail('totp');
  const used = new Set<string>();
  const { secret } = await enrolThroughServer(server, devProject.public_token, email, used);

  await signInByLink(page, email, used);
  await expectStepUpScreen(page);
  await expect(page.getByLabel('6-digit code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByLabel('6-digit code')).toHaveAttribute('inputmode', 'numeric');
  expect(await sessionFactorTypes(page)).toEqual(['magic_link']);
  await expectNoAxeViolations(page); // the step-up screen

  // "Sign out" from the step-up screen: back on the sign-in page, signed out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await expect(page.getByText(CODE_TEXT)).toHaveCount(0);

  // Sign in again; a wrong code shows the server's error inline and keeps the person here.
  await signInByLink(page, email, used);
  await expectStepUpScreen(page);
  await page.getByLabel('6-digit code').pressSequentially(codeAt(secret, Date.now() - 10 * 60_000));
  await expect(page.getByRole('alert')).toHaveText(
    'The code is not right, or it was already used. Please enter the current code.',
  );
  await expect(page.getByLabel('6-digit code')).toHaveValue('');
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await expectNoAxeViolations(page); // the step-up screen with its error

  // The enrolment used the current step; the next one is within the server's ±1 step and not yet used.
  await page.getByLabel('6-digit code').pressSequentially(codeAt(secret, Date.now() + STEP_MS));
  await expectAccount(page, email);
  expect(await sessionFactorTypes(page)).toEqual(['magic_link', 'totp']);
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});

test('the whole chain: enrol on the account page, sign out, sign in by login link and the code from the app', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('chain');
  const used = new Set<string>();
  // No app yet: the login link alone reaches the account page.
  await signInByLink(page, email, used);
  await expectAccount(page, email);

  const section = page.getByTestId('account-totp');
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.getByTestId('account-totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const enrolledAt = Date.now();
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeAt(secret, enrolledAt));
  await section.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
  await section.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(section.getByText('An authenticator app is set up.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();

  await signInByLink(page, email, used);
  await expectStepUpScreen(page);
  // The enrolment used its step; the next one is within ±1 step and unused.
  await page.getByLabel('6-digit code').pressSequentially(codeAt(secret, enrolledAt + STEP_MS));
  await expectAccount(page, email);
  expect(await sessionFactorTypes(page)).toEqual(['magic_link', 'totp']);
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});

test('a recovery code steps up once; its second use is refused and another code works', async ({
  page,
  context,
  server,
  devProject,
  consoleErrors,
}) => {
  const email = uniqueEmail('recovery');
  const used = new Set<string>();
  const { recoveryCodes } = await enrolThroughServer(server, devProject.public_token, email, used);
  const [first, second] = recoveryCodes;
  if (first === undefined || second === undefined) throw new Error('expected ten recovery codes');

  await signInByLink(page, email, used);
  await expectStepUpScreen(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recoveryInput = page.getByLabel('Recovery code');
  await expect(recoveryInput).toBeFocused();
  await expectNoAxeViolations(page); // the recovery-code alternative
  await recoveryInput.fill(first);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expectAccount(page, email);
  expect(await sessionFactorTypes(page)).toEqual(['magic_link', 'recovery_code']);

  // Signed out (the cookie is the SDK's source of truth, wire-format.md §5.3), then in again by login link.
  await context.clearCookies();
  await signInByLink(page, email, used);
  await expectStepUpScreen(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(first);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByRole('alert')).toHaveText(WRONG_RECOVERY_CODE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');

  await page.getByLabel('Recovery code').fill(second);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expectAccount(page, email);
  expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
});

test('the passcode input has focus when OTPAuthenticate opens, so the code can be typed at once', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('otp');
  await page.goto('/?products=otp&otp_methods=email&stay=1');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const input = page.getByLabel('One-time passcode');
  await expect(input).toBeFocused();
  // The screen is named in the input's description (announced when focus lands there).
  await expect(input).toHaveAccessibleDescription(/^Enter passcode A 6-digit passcode was sent to you at/);

  const message = await waitForMessage({ to: email, channel: 'email' });
  const code = message.codes[0];
  if (code === undefined) throw new Error(`no passcode in ${message.text}`);
  // No click first: the keyboard goes to the focused input.
  await page.keyboard.type(code);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
