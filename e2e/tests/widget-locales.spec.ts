// Issue 27 "Tests that show it", E2E line: the widget in each locale shows its header, a validation error and the
// passcode screen in that language; Arabic is right to left with the destination and the code left to right;
// axe passes; a screenshot of every locale lands in docs/screens/locales/<tag>.png. The widget is mounted the way a
// plain page mounts it — the script tag, mountLogin({ locale }) — on a page of its own origin (like
// script-tag.spec.ts), so the locale chunks load from the Gatehouse server through the script tag's build. The
// passcode is an e-mailed one from the dev outbox, and the send carries the widget's locale (item 2: the server
// writes the e-mail in that language; the server side is its own helper's).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ar } from '../../packages/react/src/locales/ar';
import { de } from '../../packages/react/src/locales/de';
import { es } from '../../packages/react/src/locales/es';
import { fr } from '../../packages/react/src/locales/fr';
import { ja } from '../../packages/react/src/locales/ja';
import { ptBR } from '../../packages/react/src/locales/pt-BR';
import type { LocaleTable } from '../../packages/react/src/locales/table';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import { type RunningServer, startServer } from '../support/server';

const LOCALES: Array<[tag: string, table: LocaleTable]> = [
  ['fr', fr],
  ['de', de],
  ['es', es],
  ['pt-BR', ptBR],
  ['ja', ja],
  ['ar', ar],
];

const SCREENS = join(import.meta.dirname, '..', '..', 'docs', 'screens', 'locales');

/** A plain page (lang="en", so only the `locale` option can pick the language) mounting e-mail passcodes. */
function plainPage(gatehouseUrl: string, publicToken: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Locales</title>
  </head>
  <body>
    <main>
      <h1>Locales</h1>
      <div id="login"></div>
    </main>
    <script src="${gatehouseUrl}/gatehouse.js"></script>
    <script>
      const client = Gatehouse.createClient(${JSON.stringify(publicToken)}, { baseUrl: ${JSON.stringify(gatehouseUrl)} });
      const locale = new URLSearchParams(location.search).get('locale') ?? undefined;
      window.widget = Gatehouse.mountLogin({
        client,
        elementId: '#login',
        locale,
        config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } },
      });
    </script>
  </body>
</html>
`;
}

let site: { origin: string; close(): Promise<void> } | undefined;
let gatehouse: RunningServer | undefined;
let projectDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  let html = '';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  projectDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-locales-'));
  const projectFile = join(projectDir, 'projects.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      projects: [
        {
          name: 'Locales',
          allowed_origins: [origin],
          allowed_redirect_urls: [`${origin}/`],
          enabled_products: ['otp'],
        },
      ],
    }),
  );
  gatehouse = await startServer({ env: { PROJECT_FILE: projectFile } });
  const token = /Created project "Locales" \([^)]+\): public tokens (public-token-test-[0-9a-f-]+)/.exec(
    gatehouse.output(),
  )?.[1];
  if (token === undefined) throw new Error(`No project token in the server output:\n${gatehouse.output()}`);
  html = plainPage(gatehouse.url, token);
});

test.afterAll(async () => {
  await gatehouse?.stop();
  await site?.close();
  if (projectDir) rmSync(projectDir, { recursive: true, force: true });
});

/** The bodies the widget posted to the e-mail passcode send. */
function passcodeSends(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      new URL(request.url()).pathname.endsWith('/otps/email/login_or_create')
    )
      bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  return bodies;
}

/** The text a template reads once `{name}` is filled (the spec's own copy of formatString). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

for (const [tag, strings] of LOCALES) {
  test(`the widget in ${tag}: header, validation error and passcode screen`, async ({
    page,
    consoleErrors,
  }) => {
    if (site === undefined || gatehouse === undefined) throw new Error('beforeAll did not start the servers');
    const sends = passcodeSends(page);
    // Short, so the screenshot reads well; the server of this file is its own, so each address is new to it.
    const email = `ada.${tag.toLowerCase()}@example.com`;
    await page.goto(`${site.origin}/?locale=${tag}`);

    // Main: the header in the locale, the root's lang and direction.
    await expect(page.getByRole('heading', { name: strings.mainHeader })).toBeVisible();
    const root = page.locator('#login [data-gatehouse-widget]');
    await expect(root).toHaveAttribute('lang', tag);
    await expect(root).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
    await expect(root).not.toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations(page);

    // A validation error in the locale (nothing is sent).
    const input = page.getByRole('textbox', { name: strings.emailLabel });
    await input.fill('not-an-address');
    await page.getByRole('button', { name: strings.continueWithEmailPasscode }).click();
    await expect(page.getByText(strings.invalidEmail)).toBeVisible();
    expect(sends).toEqual([]);
    await expectNoAxeViolations(page);

    // The passcode screen in the locale; the send carried the widget's locale.
    await input.fill(email);
    await page.getByRole('button', { name: strings.continueWithEmailPasscode }).click();
    await expect(page.getByRole('heading', { name: strings.enterPasscode })).toBeVisible();
    await expect(page.getByText(fill(strings.passcodeSentTo, { destination: email }))).toBeVisible();
    const destination = page.locator('#login strong', { hasText: email });
    await expect(destination).toBeVisible();
    const [expiresBefore = ''] = strings.codeExpiresIn.split('{time}');
    await expect(page.getByRole('timer')).toContainText(expiresBefore.trim());
    const code = page.getByLabel(strings.passcodeLabel);
    await expect(code).toBeVisible();
    await expect(page.getByRole('button', { name: strings.resendCode })).toBeVisible();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ email, locale: tag });
    await expectNoAxeViolations(page);

    // Issue 27 item 3: right to left for Arabic, with the e-mail address and the code left to right inside it.
    const direction = (locator: typeof root) =>
      locator.evaluate((element) => getComputedStyle(element).direction);
    expect(await direction(root)).toBe(tag === 'ar' ? 'rtl' : 'ltr');
    expect(await direction(destination)).toBe('ltr');
    expect(await direction(code)).toBe('ltr');
    if (tag === 'ar') {
      // The heading starts on the right: its text's right edge sits at the widget's right padding, not its left.
      const widgetBox = await root.boundingBox();
      const headingBox = await page
        .getByRole('heading', { name: strings.enterPasscode })
        .evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const rect = range.getBoundingClientRect();
          return { left: rect.left, right: rect.right };
        });
      if (widgetBox === null) throw new Error('no widget box');
      expect(widgetBox.x + widgetBox.width - headingBox.right).toBeLessThan(headingBox.left - widgetBox.x);
    }

    // The code really went out (the dev outbox), then the screenshot of the passcode screen in this locale.
    const message = await waitForMessage({ to: email, channel: 'email', baseURL: gatehouse.url });
    expect(message.codes[0]).toMatch(/^\d{6}$/);
    await root.screenshot({ path: join(SCREENS, `${tag}.png`) });
    expect(consoleErrors).toEqual([]);
  });
}
