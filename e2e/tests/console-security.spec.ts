// Issue 26 item 3 (Security, System) in real Chromium against a real server started with CONSOLE_OWNER_EMAIL: a
// caller fails password sign-ins against the server until the per-IP limit of wrong passwords (RATE_LIMITS here: 2)
// refuses it; the owner then sees the hit on Security by rule and by IP, and the address among the top failing IPs
// with its reasons. System shows the embedded database (PGlite) and every migration applied, the dev outbox and the
// webhook backlog. Both screens axe-clean in light and dark, without console errors; each writes its README
// screenshot (docs/console/security.png, system.png; light, 1280×800).

import { expectNoAxeViolations } from '../support/axe';
import { CONSOLE_OWNER, consoleScreenshot, signInNewOperator, startConsoleServer } from '../support/console';
import { expect, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import { GENEROUS_RATE_LIMITS } from '../support/server';

let consoleServer: RunningServer;

test.beforeAll(async () => {
  const limits = {
    ...(JSON.parse(GENEROUS_RATE_LIMITS) as Record<string, unknown>),
    passwordFailuresPerIp: { points: 2, durationSeconds: 600 },
  };
  consoleServer = await startConsoleServer({ RATE_LIMITS: JSON.stringify(limits) });
});

test.afterAll(async () => {
  await consoleServer?.stop();
});

/** A password sign-in with a wrong password, as the SDK sends it (the development project's public token). */
async function wrongPassword(server: RunningServer, publicToken: string): Promise<number> {
  const response = await fetch(`${server.url}/sdk/v1/passwords/authenticate`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: 'nobody-here@example.com',
      password: 'not-the-password-1234',
      session_duration_minutes: 30,
    }),
  });
  return response.status;
}

test('the owner sees a rate-limit hit and the failing IP on Security, and the database on System; light and dark', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const project = (await (await fetch(`${consoleServer.url}/dev/project`)).json()) as {
    public_token: string;
  };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt += 1) {
    statuses.push(await wrongPassword(consoleServer, project.public_token));
  }
  // Two wrong passwords are answered as such; the per-IP budget then refuses the rest.
  expect(statuses.slice(0, 2)).toEqual([401, 401]);
  expect(statuses.slice(2)).toEqual([429, 429]);

  const { context, page } = await signInNewOperator(browser, consoleServer, CONSOLE_OWNER);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Security: the hit by rule and by IP, the address among the top failing IPs with its reasons.
  await page.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeFocused();
  const byRule = page.getByTestId('rate-limits-by-rule');
  await expect(byRule.getByRole('row', { name: /passwordFailuresPerIp\s*2/ })).toBeVisible();
  const byIp = page.getByTestId('rate-limits-by-ip');
  await expect(byIp.getByRole('row').nth(1)).toContainText('passwordFailuresPerIp');
  await expect(byIp.getByRole('row').nth(1)).toContainText('127.0.0.1');
  const failing = page.getByRole('region', { name: 'Top failing IP addresses' });
  const failingRow = failing.getByRole('row', { name: /127\.0\.0\.1/ });
  await expect(failingRow).toContainText('4');
  await expect(failingRow).toContainText('unknown_user × 2');
  await expect(failingRow).toContainText('rate_limited × 2');
  await expect(page.getByTestId('security-figures')).toContainText('Rate-limit hits2');
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await consoleScreenshot(page, 'security');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // System: the embedded database with every migration applied, the dev outbox, an empty backlog.
  await page.getByRole('link', { name: 'System', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeFocused();
  const health = page.getByTestId('system-health');
  const database = health.getByRole('row', { name: /^Database/ });
  await expect(database).toContainText('PGlite (embedded)');
  await expect(database).toContainText('OK');
  const migrations = health.getByRole('row', { name: /^Migrations/ });
  await expect(migrations).toContainText(/(\d+) of \1 applied/);
  await expect(health.getByRole('row', { name: /^E-mail/ })).toContainText('Dev outbox');
  await expect(page.getByTestId('system-webhooks')).toContainText('Queued0');
  await expectNoAxeViolations(page);
  await consoleScreenshot(page, 'system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  expect(errors).toEqual([]);
  await context.close();
});
