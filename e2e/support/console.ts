// Issue 26: what every console E2E spec does first — an operator of a server started with CONSOLE_OWNER_EMAIL and
// ADMIN_API_KEY signs in to /console by login link (from the dev outbox) and sets up a passkey on a virtual
// authenticator, landing on the Overview. Other operators are made through the admin API with the bootstrap key.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { waitForMessage } from './outbox';
import { type RunningServer, startServer } from './server';
import { enableVirtualWebAuthn } from './webauthn';

export const CONSOLE_OWNER = 'console-owner@example.com';
/** The bootstrap admin API key of a console server (holds every scope). */
export const CONSOLE_ADMIN_KEY = `e2e-console-admin-key-${'k'.repeat(40)}`;

export type OperatorRole = 'owner' | 'admin' | 'support' | 'viewer' | 'auditor';

/** A server with an owner (CONSOLE_OWNER) and the bootstrap admin key; `env` adds to both. */
export function startConsoleServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    env: { CONSOLE_OWNER_EMAIL: CONSOLE_OWNER, ADMIN_API_KEY: CONSOLE_ADMIN_KEY, ...env },
  });
}

/** Calls the server's admin API with the bootstrap key; returns the status and the parsed body. */
export async function adminCall(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/admin/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${CONSOLE_ADMIN_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** Makes `email` an operator with `role` (201), through the bootstrap key. */
export async function addOperator(server: RunningServer, email: string, role: OperatorRole): Promise<void> {
  const made = await adminCall(server, 'POST', '/operators', { email, role });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

/** On the console's sign-in page: asks a login link for `email` and opens it (only messages sent after `after`). */
export async function consoleLoginLink(
  page: Page,
  server: RunningServer,
  email: string,
  after: number,
): Promise<void> {
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: /continue with email/i }).click();
  const message = await waitForMessage({
    to: email,
    channel: 'email',
    baseURL: server.url,
    where: (each) => Date.parse(each.created_at) >= after,
  });
  const link = message.links.find((each) => each.includes('token='));
  expect(link).toContain('/console/authenticate?');
  await page.goto(link as string);
}

/**
 * A fresh browser context in which `email` (an operator already) signs in to the console for the first time and
 * adds a passkey on a virtual authenticator; resolves on the Overview.
 */
export async function signInNewOperator(
  browser: Browser,
  server: RunningServer,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const webauthn = await enableVirtualWebAuthn({ context, page });
  await webauthn.addAuthenticator();
  await page.goto('/console');
  await consoleLoginLink(page, server, email, 0);
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

/** Issue 26 item 5: the README's screenshots of the console, written by the E2E run. */
export const CONSOLE_SCREENSHOTS_DIR = join(import.meta.dirname, '..', '..', 'docs', 'console');
const MAX_SCREENSHOT_BYTES = 200 * 1024;

/**
 * Writes docs/console/<name>.png: the page as it is (light theme expected), at 1280×800, fonts loaded, no caret, no
 * animation; at most 200 KB.
 */
export async function consoleScreenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => document.fonts.ready);
  const path = join(CONSOLE_SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  expect(statSync(path).size).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
  if (viewport !== null) await page.setViewportSize(viewport);
}
