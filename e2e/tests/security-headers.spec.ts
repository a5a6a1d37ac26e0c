// Security headers in real Chromium (issue 8 item 3, security-tests.md XS-04): every page the server serves runs
// under its Content-Security-Policy without a single violation — the widget's injected stylesheet (document and
// shadow root), its toasts, the dev outbox and its served script — and the /sdk/v1 API stays readable from
// another allowed origin (CORS decides; Cross-Origin-Resource-Policy same-origin does not stop CORS fetches).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import { startServer } from '../support/server';

/** Records every securitypolicyviolation of the page (and its shadow roots: the event is composed). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the sign-in page in both mounting modes and the other pages run without a CSP violation', async ({
  page,
  consoleErrors,
}) => {
  const violations = await recordViolations(page);
  for (const path of ['/', '/?shadow=1&mount=plain', '/account', '/reset-password', '/_app']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    if (path === '/' || path.startsWith('/?')) {
      await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
      // The widget's injected stylesheet applies (a blocked <style> would leave the default transparent border).
      const widget = page.locator('.gh-widget');
      await expect(widget).toHaveCSS('border-top-style', 'solid');
    }
    expect(await violations(), path).toEqual([]);
  }
  expect(consoleErrors.filter((error) => !/Failed to load resource: .* 40[01]/.test(error))).toEqual([]);
});

test('a toast (react-hot-toast) shows without a CSP violation', async ({ page, consoleErrors }) => {
  const violations = await recordViolations(page);
  await page.goto('/?products=otp&otp_methods=sms');
  await page.getByLabel('Phone number').fill(`(415) 555-${String(Date.now() % 10_000).padStart(4, '0')}`);
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('Code resent')).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the dev outbox runs its served script under the CSP (Copy works) without a violation', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const violations = await recordViolations(page);
  const email = `e2e-csp-${Date.now()}@example.com`;
  await page.goto('/?products=otp&otp_methods=email');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  const message = await waitForMessage({ to: email, channel: 'email' });
  const code = message.codes[0] ?? '';

  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: `Copy code ${code}` }).click();
  await expect(page.getByRole('button', { name: `Copy code ${code}` })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  expect(await violations()).toEqual([]);
});

test('/sdk/v1 is readable from another allowed origin with the security headers on', async ({ page }) => {
  // A customer's page on its own server (another origin), and a Gatehouse server whose project allows it.
  const customer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Customer</title>');
  });
  await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
  const customerOrigin = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-cors-'));
  const projectFile = join(dir, 'projects.json');
  writeFileSync(
    projectFile,
    JSON.stringify({ projects: [{ name: 'Customer', allowed_origins: [customerOrigin] }] }),
  );
  const gatehouse = await startServer({ env: { PROJECT_FILE: projectFile } });
  try {
    const token = /Created project "Customer" \([^)]+\): public tokens (public-token-test-[0-9a-f-]+)/.exec(
      gatehouse.output(),
    )?.[1];
    expect(token).toBeTruthy();
    await page.goto(customerOrigin);
    const answer = await page.evaluate(
      async ({ url, publicToken }) => {
        const response = await fetch(url, {
          headers: { Authorization: `Basic ${btoa(`${publicToken}:${publicToken}`)}` },
        });
        return { status: response.status, body: await response.json() };
      },
      { url: `${gatehouse.url}/sdk/v1/projects/bootstrap/${token}`, publicToken: token ?? '' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.status_code).toBe(200);
  } finally {
    await gatehouse.stop();
    await new Promise<void>((resolve) => customer.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
});
