// Issue 27 item 4, "every code sample in the docs is run by a test": the browser samples (`ts browser`, `tsx browser`:
// docs/writing-docs.md) run in Chromium against this worker's server. All of them are bundled into one page, each as
// the reader copies it with the server's URL and public token filled in (../support/docs-samples.ts), and each
// export is exercised by what it is: a LoginConfig or a <Login> element renders the widget with the configured
// methods, header and language; a component (an app) renders and signs in from a login link; a function or object
// is run by its check in CALLS below (the sends reach the dev outbox in German, describeError gives the German
// text, the Stytch UI client sends a login link through Gatehouse). A sample that exports nothing, or something
// without a check, fails here. The `html browser` samples (script-tag pages) get a page each.
import type { LoginConfig } from '@gatehouse/react';
import type { Locator, Page } from '@playwright/test';
import { ar } from '../../packages/react/src/locales/ar';
import { de } from '../../packages/react/src/locales/de';
import { en } from '../../packages/react/src/locales/english';
import { es } from '../../packages/react/src/locales/es';
import { fr } from '../../packages/react/src/locales/fr';
import { ja } from '../../packages/react/src/locales/ja';
import { ptBR } from '../../packages/react/src/locales/pt-BR';
import type { LocaleTable } from '../../packages/react/src/locales/table';
import { PROVIDER_NAME_STRINGS } from '../../packages/react/src/methods/oauth/provider-names';
import { de as deMessages } from '../../packages/server/src/infra/message-strings/de';
import { SAMPLES, where } from '../../scripts/docs/pages';
import { buildDocsSamplesScript, runnableCode } from '../support/docs-samples';
import type { SampleExport } from '../support/docs-samples-page';
import { expect, test } from '../support/fixtures';
import { listMessages, type OutboxMessage, waitForMessage } from '../support/outbox';
import { recordRequests } from '../support/stytch-ui';

const BROWSER_SAMPLES = SAMPLES.filter((sample) => /^tsx?$/.test(sample.lang) && sample.tag === 'browser');
const HTML_SAMPLES = SAMPLES.filter((sample) => sample.lang === 'html' && sample.tag === 'browser');
const TABLES: Record<string, LocaleTable> = { en, fr, de, es, 'pt-BR': ptBR, ja, ar };
const PAGE_PATH = '/__docs-samples/index.html';
const SCRIPT_PATH = '/__docs-samples/samples.js';
const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs samples</title></head><body><script src="${SCRIPT_PATH}"></script></body></html>`;
/**
 * The failed requests the checks cause on purpose (Chromium logs each as a console error): social.md's Google
 * provider asks for One Tap and the dev project has no Google client (the widget says so: expectMethods); explain
 * gets a real API error from an unknown login link; submitCode sends a wrong passcode.
 */
const EXPECTED_FAILURES = [
  /status of 404 .*\/sdk\/v1\/oauth\/google\/onetap\/start\)$/,
  /status of 401 .*\/sdk\/v1\/magic_links\/authenticate\)$/,
  /status of 401 .*\/sdk\/v1\/otps\/authenticate\)$/,
];

interface CallContext {
  page: Page;
  sample: string;
  name: string;
  serverUrl: string;
}

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `docs-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** A message template of the server's German catalogue as a pattern: its placeholders match anything. */
function germanPattern(key: keyof typeof deMessages): RegExp {
  const template = deMessages[key];
  if (typeof template !== 'string') throw new Error(`${key} is a plural template`);
  const parts = template.split(/\{[a-z]+\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
}

/**
 * Waits for a message to `to` that was not among `before` (the worker's server is shared with other specs) and whose
 * subject (or text, for a text message) is one of the German templates.
 */
function germanMessage(to: string, before: OutboxMessage[], keys: Array<keyof typeof deMessages>) {
  const seen = new Set(before.map((message) => message.id));
  const patterns = keys.map(germanPattern);
  return waitForMessage({
    to,
    where: (message) =>
      !seen.has(message.id) && patterns.some((pattern) => pattern.test(message.subject ?? message.text)),
  });
}

/** The checks of the exports that are not rendered, by export name. */
const CALLS: Record<string, (context: CallContext) => Promise<void>> = {
  // localization.md: the SDK's sends with `locale: 'de'` reach the dev outbox written in German.
  async sendInGerman({ page, sample, name }) {
    const [email, phone] = ['ada@example.com', '+4915112345678'];
    const [emailsBefore, smsBefore] = [await listMessages({ to: email }), await listMessages({ to: phone })];
    await page.evaluate(
      ([where, fn]) => (window.docsSamples.modules[where!]![fn!] as () => Promise<void>)(),
      [sample, name],
    );
    // A sign-up link for a new address, a login link once another spec of this worker signed Ada up.
    await germanMessage(email, emailsBefore, ['magicLink.signup.subject', 'magicLink.login.subject']);
    await germanMessage(phone, smsBefore, ['otp.sms']);
    await germanMessage(email, emailsBefore, ['reset.requested.subject']);
  },
  // localization.md: describeError with the German table explains a real API error (a used or unknown login link).
  async explain({ page, sample, name }) {
    const text = await page.evaluate(
      async ([where, fn]) => {
        const error = await window.docsSamples.client.magicLinks
          .authenticate('DOCS-SAMPLE-UNKNOWN-TOKEN-0000000000000000000', { session_duration_minutes: 5 })
          .then(
            () => null,
            (caught: unknown) => caught,
          );
        return (window.docsSamples.modules[where!]![fn!] as (error: unknown) => Promise<string>)(error);
      },
      [sample, name],
    );
    expect(text).toBe(de.loginLinkUnusable);
  },
  // embedding.md: a wrong passcode for a real passcode send is told apart with isAPIError and its error_type.
  async submitCode({ page, sample, name }) {
    const email = uniqueEmail('passcode');
    const methodId = await page.evaluate(
      async (to) => (await window.docsSamples.client.otps.email.loginOrCreate(to)).method_id,
      email,
    );
    const [code] = (await waitForMessage({ to: email, channel: 'email' })).codes;
    const wrong = code === '000000' ? '111111' : '000000';
    const called = await page.evaluate(
      async ([where, fn, wrongCode, method]) => {
        let wrongCodeShown = false;
        const submit = window.docsSamples.modules[where!]![fn!] as (
          code: string,
          methodId: string,
          showWrongCode: () => void,
        ) => Promise<void>;
        await submit(wrongCode!, method!, () => {
          wrongCodeShown = true;
        });
        return wrongCodeShown;
      },
      [sample, name, wrong, methodId],
    );
    expect(called).toBe(true);
  },
  // migration.md: the Stytch pre-built UI, pointed at Gatehouse by the sample's endpoints, sends a login link.
  async stytch({ page, sample, name, serverUrl }) {
    const email = uniqueEmail('stytch-ui');
    await page.evaluate(
      ([where, exported, redirect]) => {
        const section = document.createElement('section');
        section.id = 'stytch-ui';
        document.body.append(section);
        const client = window.docsSamples.modules[where!]![exported!] as {
          mountLogin(options: { elementId: string; config: unknown }): void;
        };
        client.mountLogin({
          elementId: '#stytch-ui',
          config: {
            products: ['emailMagicLinks'],
            emailMagicLinksOptions: { loginRedirectURL: redirect, signupRedirectURL: redirect },
          },
        });
      },
      [sample, name, `${serverUrl}/authenticate`],
    );
    const ui = page.locator('#stytch-ui');
    await ui.getByRole('textbox').fill(email);
    await ui.getByRole('button', { name: 'Continue with email' }).click();
    const message = await waitForMessage({ to: email, channel: 'email' });
    expect(new URL(message.links[0] ?? '').origin).toBe(serverUrl);
  },
};

/**
 * The widget in `section` shows what `config` asks for, in `table`'s language: each product's first control, found
 * by its role and its text in that language.
 */
async function expectMethods(section: Locator, config: LoginConfig | null, table: LocaleTable) {
  const products = config?.products ?? ['emailMagicLinks'];
  const methods = config?.otpOptions?.methods ?? [];
  const emailField = section.getByRole('textbox', { name: table.emailLabel, exact: true });
  if (products.includes('passwords')) {
    // The e-mail step asks the server whether the address has a password: a new one is asked to set one.
    await emailField.fill(uniqueEmail('password'));
    await section.getByRole('button', { name: table.continueWithEmail }).click();
    await expect(section.getByRole('textbox', { name: table.passwordLabel, exact: true })).toBeVisible();
    await section.getByRole('button', { name: table.back }).click();
  } else if (products.includes('emailMagicLinks')) {
    await expect(section.getByRole('button', { name: table.continueWithEmail })).toBeVisible();
  }
  if (products.includes('otp')) {
    const tabs = methods.length > 1 || products.includes('emailMagicLinks') || products.includes('passwords');
    const controls = {
      sms: { tab: table.tabText, field: table.phoneLabel, send: table.continueWithText },
      whatsapp: { tab: table.tabWhatsApp, field: table.phoneLabel, send: table.continueWithWhatsApp },
      // With passwords on, the e-mail tab is the password form (checked above).
      email: {
        tab: table.tabEmail,
        field: table.emailLabel,
        send: products.includes('passwords') ? table.continueWithEmail : table.continueWithEmailPasscode,
      },
    };
    for (const method of methods) {
      const { tab, field, send } = controls[method];
      if (tabs) await section.getByRole('tab', { name: tab }).click();
      await expect(section.getByRole('textbox', { name: field, exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: send })).toBeVisible();
    }
  }
  if (products.includes('passkeys')) {
    // With an e-mail field, passkeys are offered through its autofill (conditional mediation).
    await expect(emailField).toHaveAttribute('autocomplete', /\bwebauthn\b/);
  }
  for (const provider of config?.oauthOptions?.providers ?? []) {
    const key =
      `provider${provider.type[0]!.toUpperCase()}${provider.type.slice(1)}` as keyof typeof PROVIDER_NAME_STRINGS;
    const label = table.continueWithProvider.replace('{provider}', PROVIDER_NAME_STRINGS[key]);
    await expect(section.getByRole('button', { name: label })).toBeVisible();
    if ('one_tap' in provider && provider.one_tap) {
      await expect(section.getByRole('alert')).toHaveText(table.oneTapConfigNotFound);
    }
  }
  if (products.includes('crypto')) {
    // No wallet in this browser: the widget offers to set one up.
    await expect(section.getByRole('button', { name: table.setUpNewCryptoWallet })).toBeVisible();
  }
}

/**
 * A component is an app (embedding.md): at /authenticate with a login link's token it must redeem it and show who
 * signed in. The link is sent by the page's own client to the dev project's /authenticate (the sample's redirect URL
 * is the reader's site), and the samples' page is served there too.
 */
async function signInThroughApp(page: Page, item: SampleExport, serverUrl: string) {
  const email = uniqueEmail('app');
  await page.evaluate(
    async ([to, redirect]) => {
      await window.docsSamples.client.magicLinks.email.loginOrCreate(to!, {
        login_magic_link_url: redirect,
        signup_magic_link_url: redirect,
      });
    },
    [email, `${serverUrl}/authenticate`],
  );
  const link = (await waitForMessage({ to: email, channel: 'email' })).links[0];
  expect(link, `the login link to ${email}`).toBeDefined();
  await page.route(
    (url) => url.origin === serverUrl && url.pathname === '/authenticate',
    (route) => route.fulfill({ contentType: 'text/html', body: PAGE_HTML }),
  );
  await page.goto(link!);
  await page.evaluate(
    ([sample, name]) => window.docsSamples.render(sample!, name!),
    [item.sample, item.name],
  );
  const section = page.locator(`section[data-sample="${item.sample}#${item.name}"]`);
  await expect(section).toContainText(email);
}

async function checkRendered(page: Page, item: SampleExport) {
  const section = page.locator(`section[data-sample="${item.sample}#${item.name}"]`);
  const widget = section.locator('[data-gatehouse-widget]');
  if (item.kind === 'component') {
    // A whole app (embedding.md): its widget is there, on the main screen.
    await expect(section.getByRole('heading', { name: en.mainHeader })).toBeVisible();
    await expect(widget).toHaveAttribute('data-state', 'main');
    return;
  }
  const props =
    item.kind === 'element'
      ? (item.detail as {
          locale: string | null;
          strings: { mainHeader?: string } | null;
          config: LoginConfig | null;
        })
      : { locale: null, strings: null, config: item.detail as LoginConfig };
  const locale = props.locale ?? 'en';
  const table = TABLES[locale];
  if (table === undefined) throw new Error(`${item.sample}: no locale table for ${locale}`);
  await expect(
    section.getByRole('heading', { name: props.strings?.mainHeader ?? table.mainHeader }),
  ).toBeVisible();
  await expect(widget).toHaveAttribute('lang', locale);
  await expectMethods(section, props.config, table);
}

test('every browser sample of the docs runs in Chromium against the server (docs/writing-docs.md)', async ({
  page,
  server,
  devProject,
  consoleErrors,
}) => {
  expect(BROWSER_SAMPLES.length).toBeGreaterThan(10);
  const script = await buildDocsSamplesScript(BROWSER_SAMPLES, {
    serverUrl: server.url,
    publicToken: devProject.public_token,
  });
  // Served from the server's own origin (the dev project allows it); every request must stay there.
  const requests = recordRequests(page, server.url);
  await page.route(`${server.url}${SCRIPT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
  await page.route(`${server.url}${PAGE_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: PAGE_HTML }),
  );
  await page.goto(`${server.url}${PAGE_PATH}`);
  const exports = await page.evaluate(() => window.docsSamples.exports());
  expect(
    BROWSER_SAMPLES.filter((sample) => !exports.some((item) => item.sample === where(sample))).map(where),
    'samples that export nothing to run',
  ).toEqual([]);

  // Every widget at once, so their lazy parts load together; then each is checked.
  const rendered = exports.filter((item) => ['config', 'element', 'component'].includes(item.kind));
  for (const item of rendered) {
    await page.evaluate(
      ([sample, name]) => window.docsSamples.render(sample!, name!),
      [item.sample, item.name],
    );
  }
  for (const item of exports) {
    await test.step(`${item.sample} ${item.name} (${item.kind})`, async () => {
      if (rendered.includes(item)) return checkRendered(page, item);
      const call = CALLS[item.name];
      if (call === undefined) throw new Error(`${item.sample} exports ${item.name}: add its check to CALLS`);
      await call({ page, sample: item.sample, name: item.name, serverUrl: server.url });
    });
  }
  // Last, as it leaves the page: each app finishes a sign-in from a login link.
  for (const item of rendered.filter((rendering) => rendering.kind === 'component')) {
    await test.step(`${item.sample} ${item.name} (a login link's landing)`, () =>
      signInThroughApp(page, item, server.url));
  }
  expect(requests.foreign()).toEqual([]);
  expect(consoleErrors.filter((error) => !EXPECTED_FAILURES.some((failure) => failure.test(error)))).toEqual(
    [],
  );
});

test('every html browser sample of the docs mounts the widget from the script tag (docs/writing-docs.md)', async ({
  page,
  server,
  devProject,
  consoleErrors,
}) => {
  expect(HTML_SAMPLES.length).toBeGreaterThan(0);
  const requests = recordRequests(page, server.url);
  for (const [index, sample] of HTML_SAMPLES.entries()) {
    await test.step(where(sample), async () => {
      // The sample is the body of a page on the server's origin; its script tag and API calls go to the server.
      const path = `/__docs-samples/page-${index}.html`;
      const code = runnableCode(sample, { serverUrl: server.url, publicToken: devProject.public_token });
      await page.route(`${server.url}${path}`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs sample</title></head><body>${code}</body></html>`,
        }),
      );
      await page.goto(`${server.url}${path}`);
      const locale = /locale: '([^']+)'/.exec(sample.code)?.[1] ?? 'en';
      const table = TABLES[locale]!;
      const login = page.locator('#login');
      await expect(login.getByRole('heading', { name: table.mainHeader })).toBeVisible();
      await expect(login.locator('[data-gatehouse-widget]')).toHaveAttribute('lang', locale);
      await expectMethods(login, null, table);
    });
  }
  expect(requests.foreign()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
