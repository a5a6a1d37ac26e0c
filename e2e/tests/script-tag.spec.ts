// The script tag (issue 21 item 2) in real Chromium: a plain HTML page on another origin — its own node:http
// server on 127.0.0.1 — whose only Gatehouse code is <script src="<server>/gatehouse.js">, used synchronously on
// the next line, signs up by login link: the widget mounts (its module and chunks loaded from the Gatehouse server,
// resolved against the script's URL, not the page's), sends the link, shows "Check your email"; the link from the
// dev outbox opens on the plain page, which authenticates it with the same client and has a session. The page runs
// with no console error and passes axe. The same page on an origin no project allows loads the files too, but
// its API calls are refused as before (the script's CORS `*` changes nothing about the API's).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import { type RunningServer, startServer } from '../support/server';

const REACT_VERSION = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'react', 'package.json'), 'utf8'),
).version as string;

/** The page a site writes: a classic script tag, then plain JavaScript using window.Gatehouse at once. */
function plainPage(gatehouseUrl: string, publicToken: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>A plain page</title>
  </head>
  <body>
    <main>
      <h1>A plain page</h1>
      <div id="login"></div>
      <p id="status" role="status"></p>
    </main>
    <script src="${gatehouseUrl}/gatehouse.js"></script>
    <script>
      const client = Gatehouse.createClient(${JSON.stringify(publicToken)}, { baseUrl: ${JSON.stringify(gatehouseUrl)} });
      window.client = client;
      window.publicToken = ${JSON.stringify(publicToken)};
      const params = new URLSearchParams(location.search);
      const status = document.getElementById('status');
      if (params.get('stytch_token_type') === 'magic_links') {
        client.magicLinks
          .authenticate(params.get('token'), { session_duration_minutes: 60 })
          .then(() => { status.textContent = 'Signed in as ' + client.user.getSync().emails[0].email; })
          .catch((error) => { status.textContent = 'Not signed in: ' + error.message; });
      } else {
        window.widget = Gatehouse.mountLogin({ client, elementId: '#login' });
        window.mountedAtOnce = typeof window.widget.unmount === 'function';
      }
    </script>
  </body>
</html>
`;
}

interface PlainSite {
  origin: string;
  /** Paths the site was asked for (everything else the page loads must come from the Gatehouse server). */
  requested: string[];
  /** What the site answers every path with. */
  setPage(html: string): void;
  close(): Promise<void>;
}

async function startPlainSite(): Promise<PlainSite> {
  const requested: string[] = [];
  let html = '';
  const server: Server = createServer((request, response) => {
    requested.push(new URL(request.url ?? '/', 'http://site').pathname);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    setPage(value) {
      html = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let site: PlainSite | undefined;
let gatehouse: RunningServer | undefined;
let projectDir: string | undefined;
/** The test token of the project that allows the site. */
let publicToken: string | undefined;

test.beforeAll(async () => {
  // A server start of its own, as the worker fixture allows for one.
  test.setTimeout(90_000);
  site = await startPlainSite();
  // A project of the project file allows the site (and its page as the login link's redirect URL), as a site in
  // production is allowed; e2e/tests/examples.spec.ts has the development project allow its examples through
  // DEV_ALLOWED_ORIGINS instead.
  projectDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-script-tag-'));
  const projectFile = join(projectDir, 'projects.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      projects: [
        { name: 'Plain page', allowed_origins: [site.origin], allowed_redirect_urls: [`${site.origin}/`] },
      ],
    }),
  );
  gatehouse = await startServer({ env: { PROJECT_FILE: projectFile } });
  const token = /Created project "Plain page" \([^)]+\): public tokens (public-token-test-[0-9a-f-]+)/.exec(
    gatehouse.output(),
  )?.[1];
  if (token === undefined) throw new Error(`No project token in the server output:\n${gatehouse.output()}`);
  publicToken = token;
  site.setPage(plainPage(gatehouse.url, token));
});

test.afterAll(async () => {
  await gatehouse?.stop();
  await site?.close();
  if (projectDir) rmSync(projectDir, { recursive: true, force: true });
});

test('a plain page on another origin signs up by login link with only the script tag', async ({
  page,
  consoleErrors,
}) => {
  if (site === undefined || gatehouse === undefined) throw new Error('beforeAll did not start the servers');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const email = `e2e-script-tag-${Date.now()}-${process.pid}@example.com`;

  await page.goto(`${site.origin}/`);
  // mountLogin returned its handle synchronously, before the widget module had loaded; `ready` says it mounted.
  expect(await page.evaluate(() => (window as unknown as { mountedAtOnce: boolean }).mountedAtOnce)).toBe(
    true,
  );
  await page.evaluate(() => (window as unknown as { widget: { ready: Promise<void> } }).widget.ready);
  expect(
    await page.evaluate(() => (window as unknown as { Gatehouse: { version: string } }).Gatehouse.version),
  ).toBe(REACT_VERSION);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`An email was sent to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Every script came from the Gatehouse server: gatehouse.js, then its module files under /gatehouse/.
  expect(scripts[0]).toBe(`${gatehouse.url}/gatehouse.js`);
  expect(scripts.length).toBeGreaterThan(1);
  for (const url of scripts.slice(1))
    expect(url).toMatch(new RegExp(`^${gatehouse.url}/gatehouse/[\\w-]+\\.js$`));

  const message = await waitForMessage({ to: email, channel: 'email', baseURL: gatehouse.url });
  const link = message.links[0] ?? '';
  expect(new URL(link).origin).toBe(site.origin);
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(`Signed in as ${email}`);
  const session = await page.evaluate(() => {
    const { client } = window as unknown as {
      client: { session: { getSync(): { session_id: string; user_id: string } | null } };
    };
    return client.session.getSync();
  });
  expect(session?.session_id).toMatch(/^session-test-/);
  await expectNoAxeViolations(page);

  // Without baseUrl, a client calls the server the script came from (not the page's origin), and its errors are
  // the classes on window.Gatehouse. In a page of its own: the server's 4xx is a console error there.
  const other = await page.context().newPage();
  await other.goto(`${site.origin}/`);
  const refused = await other.evaluate(async () => {
    const { Gatehouse, publicToken } = window as unknown as {
      publicToken: string;
      Gatehouse: {
        createClient(token: string): {
          magicLinks: { authenticate(token: string, options: object): Promise<unknown> };
        };
        APIError: new (...args: never[]) => Error;
        isAPIError(error: unknown): boolean;
      };
    };
    const error = await Gatehouse.createClient(publicToken)
      .magicLinks.authenticate('not-a-login-link-token', { session_duration_minutes: 5 })
      .catch((caught: unknown) => caught);
    return {
      instance: error instanceof Gatehouse.APIError,
      isAPIError: Gatehouse.isAPIError(error),
      status: (error as { status_code?: number }).status_code,
    };
  });
  expect(refused).toMatchObject({ instance: true, isAPIError: true });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
  await other.close();

  // The site only ever served its page: nothing of Gatehouse was looked for at the page's origin.
  expect(new Set(site.requested.filter((path) => path !== '/favicon.ico'))).toEqual(new Set(['/']));
  expect(consoleErrors).toEqual([]);
});

test('a page on an origin no project allows loads the script, and its API calls are still refused', async ({
  page,
}) => {
  if (gatehouse === undefined || publicToken === undefined)
    throw new Error('beforeAll did not start the servers');
  // The same page on a second site that no project lists.
  const stranger = await startPlainSite();
  try {
    stranger.setPage(plainPage(gatehouse.url, publicToken));
    await page.goto(`${stranger.origin}/`);
    // The script and the widget load (CORS `*` on the files)…
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    // …but the API answers nothing this origin may read: the project's allowed_origins decide, as before.
    const email = `e2e-script-tag-stranger-${Date.now()}@example.com`;
    const outcome = await page.evaluate(async (address) => {
      const { client, Gatehouse } = window as unknown as {
        client: { magicLinks: { email: { loginOrCreate(email: string): Promise<unknown> } } };
        Gatehouse: { SDKAPIUnreachableError: new (...args: never[]) => Error };
      };
      try {
        await client.magicLinks.email.loginOrCreate(address);
        return 'sent';
      } catch (error) {
        return error instanceof Gatehouse.SDKAPIUnreachableError ? 'unreachable' : String(error);
      }
    }, email);
    expect(outcome).toBe('unreachable');
    const messages = await fetch(`${gatehouse.url}/dev/outbox/messages?to=${encodeURIComponent(email)}`);
    expect(((await messages.json()) as { messages: unknown[] }).messages).toEqual([]);
  } finally {
    await stranger.close();
  }
});
