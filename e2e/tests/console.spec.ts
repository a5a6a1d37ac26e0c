// Issue 26 items 1, 3 and 4 in real Chromium: the console served at /console (its own bundle), signed in through
// the widget with a login link from the dev outbox, its session in the console's own cookies (path /console), the
// overview's stacked chart drawn, the users list, a user's detail with a confirm dialog, the activity with an
// event's detail — each screen without a CSP violation or console error, and axe-clean (contrast included) in the
// light and the dark scheme.
//
// Until issue 26 item 2 (the operators project and GET /admin/v1/me for operator sessions) is merged, the page is
// given the development project's public token and the admin API is answered here (page.route) with the admin
// routes' shapes; the server-side admin API has its own tests. Every answer checks the bearer session first.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';

const DAY = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
const ME = {
  actor: { type: 'operator', id: 'operator-e2e' },
  role: 'owner',
  scopes: [
    'users:read',
    'users:write',
    'users:support',
    'events:read',
    'stats:read',
    'projects:read',
    'self',
  ],
  masked: false,
  email: 'owner@example.com',
  second_factor: { enrolled: true, in_session: true },
  recent_sign_in_until: null,
};
const ADA_NAME = { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' };
const ADA_EMAIL = [{ email_id: 'email-1', email: 'ada@example.com', verified: true }];

function adminAnswer(path: string): unknown {
  if (path === '/admin/v1/me') return ME;
  if (path === '/admin/v1/projects') return { items: [{ id: 'project-e2e', name: 'Main' }] };
  if (path.endsWith('/stats')) {
    return {
      interval: 'day',
      from: DAY(1),
      to: DAY(8),
      buckets: [1, 2, 3, 4, 5, 6, 7].map(DAY),
      sign_ins: [
        { method: 'magic_link', outcome: 'success', reason: null, total: 12, counts: [1, 2, 3, 1, 2, 1, 2] },
        { method: 'passkey', outcome: 'success', reason: null, total: 9, counts: [0, 1, 2, 3, 1, 1, 1] },
        { method: 'oauth:github', outcome: 'success', reason: null, total: 4, counts: [1, 0, 1, 0, 1, 0, 1] },
        {
          method: 'otp',
          outcome: 'failure',
          reason: 'otp_code_not_found',
          total: 3,
          counts: [0, 1, 0, 1, 0, 1, 0],
        },
      ],
      sign_ups: { total: 5, counts: [1, 1, 0, 1, 1, 0, 1] },
      active_users: { counts: [2, 3, 4, 3, 2, 5, 4] },
      rate_limit_hits: [],
    };
  }
  if (path.endsWith('/users')) {
    return {
      items: [
        {
          user_id: 'user-ada',
          created_at: DAY(3),
          status: 'active',
          name: ADA_NAME,
          username: null,
          emails: ADA_EMAIL,
          phone_numbers: [],
          crypto_wallets: [],
          has_password: true,
          blocked_at: null,
          blocked_reason: null,
        },
      ],
      next_cursor: 'cursor-2',
    };
  }
  if (path.endsWith('/users/user-ada')) {
    return {
      user: {
        user_id: 'user-ada',
        created_at: DAY(3),
        status: 'active',
        name: ADA_NAME,
        username: null,
        emails: ADA_EMAIL,
        phone_numbers: [],
        providers: [],
        webauthn_registrations: [],
        crypto_wallets: [],
        totps: [],
        biometric_registrations: [],
        password: { password_id: 'password-1', requires_reset: false },
        trusted_metadata: {},
        untrusted_metadata: {},
      },
      blocked_at: null,
      blocked_reason: null,
      sessions: [
        {
          session_id: 'session-1',
          user_id: 'user-ada',
          started_at: DAY(5),
          last_accessed_at: DAY(6),
          expires_at: DAY(7),
          attributes: {
            ip_address: '203.0.113.7',
            user_agent:
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
          },
          authentication_factors: [],
          custom_claims: null,
        },
      ],
    };
  }
  if (path.endsWith('/events')) {
    return {
      items: [
        {
          id: 'event-1',
          seq: 1,
          project_id: 'project-e2e',
          type: 'sign_in.failed',
          occurred_at: DAY(6),
          actor: { type: 'user', id: 'user-ada' },
          subject_user_id: 'user-ada',
          ip_address: '203.0.113.7',
          user_agent: 'curl/8',
          request_id: 'request-1',
          payload: { method: 'otp', reason: 'otp_code_not_found' },
        },
      ],
      next_cursor: null,
    };
  }
  return null;
}

async function standInAdminApi(page: Page, token: string): Promise<void> {
  await page.route('**/console**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /name="gatehouse-public-token" content="[^"]*"/,
      `name="gatehouse-public-token" content="${token}"`,
    );
    await route.fulfill({ response, body });
  });
  await page.route('**/admin/v1/**', async (route) => {
    const authorization = route.request().headers().authorization ?? '';
    if (!/^Bearer \S+$/.test(authorization)) {
      return route.fulfill({
        status: 401,
        json: { status_code: 401, error_type: 'unauthorized_credentials' },
      });
    }
    const answer = adminAnswer(new URL(route.request().url()).pathname);
    if (answer === null)
      return route.fulfill({ status: 404, json: { status_code: 404, error_type: 'not_found' } });
    return route.fulfill({ json: answer });
  });
}

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the console signs in and shows its screens, axe-clean in the ${scheme} scheme`, async ({
    page,
    context,
    devProject,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    const violations = await recordViolations(page);
    await standInAdminApi(page, devProject.public_token);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/console');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^\/console\/assets\//);
    await expectNoAxeViolations(page);

    const email = `e2e-console-${scheme}-${Date.now()}-${process.pid}@example.com`;
    await page.getByRole('textbox', { name: /email/i }).fill(email);
    await page.getByRole('button', { name: /continue with email/i }).click();
    const message = await waitForMessage({ to: email });
    const link = message.links.find((each) => each.includes('token='));
    expect(link).toContain('/console/authenticate?');
    await page.goto(link as string);

    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const cookies = await context.cookies();
    const consoleCookies = cookies.filter((cookie) => cookie.name.startsWith('gatehouse_console_'));
    expect(consoleCookies.map((cookie) => cookie.path)).toEqual(consoleCookies.map(() => '/console'));
    expect(cookies.some((cookie) => cookie.name === 'gatehouse_session')).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Chrome on Linux/ })).toBeVisible();
    await page.getByRole('button', { name: 'Block' }).click();
    await expect(page.getByRole('dialog', { name: 'Block this user?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Block' })).toBeFocused();

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByRole('button', { name: /View the event sign_in\.failed/ }).click();
    await expect(page.getByRole('dialog')).toContainText('otp_code_not_found');
    await expectNoAxeViolations(page);

    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('the sign-in page loads none of the console’s JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).not.toMatch(/^\/console\//);
});
