// The headless client: wires the browser dependencies, HTTP, session manager, bootstrap, telemetry and the
// method modules together. Nothing runs at import time (DESIGN convention 5).
import { OAUTH_PROVIDERS } from '@gatehouse/protocol';
import { type BootstrapModule, createBootstrap } from './bootstrap';
import { type BrowserDependencies, resolveDependencies } from './browser';
import { type CookieOptions, createSessionCookies } from './cookies';
import type { CryptoWalletsModule } from './crypto-wallets';
import { type CaptchaSolver, createHttpClient } from './http';
import { forwarding, lazily } from './lazy';
import { createMagicLinksModule, type MagicLinksModule } from './magic-links';
import { lazyOAuth, type OAuthModule } from './oauth';
import type { OtpChannelModule, OtpsModule } from './otps';
import type { PasswordsModule } from './passwords';
import { createPkceStore } from './pkce';
import { createSessionModule, type SessionModule } from './session';
import { createSessionManager } from './session-manager';
import { createJsonStorage } from './storage';
import { createTelemetry, createTelemetryBlob, type Telemetry } from './telemetry';
import { TOTP_METHODS, type TotpsModule } from './totps';
import { validate } from './usage';
import { createUsersModule, type UsersModule } from './users';
import { toWebAuthnError, WebAuthnError, type WebAuthnModule } from './webauthn';

export interface ClientOptions {
  /** Origin of the Gatehouse server (no trailing slash needed). Default: window.location.origin. */
  baseUrl?: string;
  /** Cookie names and attributes (wire-format.md §5.1). */
  cookieOptions?: CookieOptions;
  /** Replaces browser dependencies (tests, non-window hosts). With all of them given, no `window` is needed. */
  dependencies?: Partial<BrowserDependencies>;
  /**
   * Solves the server's proof-of-work captcha (issue 9 item 3): with it, a call answered 'Captcha required' is
   * retried once with a solved token, and the server may ask this client for a captcha (and bootstrap reports it
   * on). It may load its code lazily: it is called only when the server asks. Without it: CaptchaRequiredError.
   */
  captchaSolver?: CaptchaSolver;
  /**
   * wire-format.md §1.2/§1.3: where `oauth.<provider>.start()` sends the browser for test-mode and live public
   * tokens (unless bootstrap has a CNAME domain). Default: `baseUrl` for both.
   */
  endpoints?: { testAPIURL?: string; liveAPIURL?: string };
}

export interface GatehouseClient {
  readonly publicToken: string;
  readonly bootstrap: BootstrapModule;
  readonly session: SessionModule;
  readonly users: UsersModule;
  /** The same object as `users` (the Stytch SDK calls it `user`). */
  readonly user: UsersModule;
  readonly magicLinks: MagicLinksModule;
  readonly otps: OtpsModule;
  readonly passwords: PasswordsModule;
  /** wire-format.md §4.8 (issue 13): loaded on the first TOTP call. */
  readonly totps: TotpsModule;
  readonly webauthn: WebAuthnModule;
  readonly oauth: OAuthModule;
  readonly cryptoWallets: CryptoWalletsModule;
  readonly telemetry: Telemetry;
  /** Stops the refresh timer and the cross-tab listener, and sends queued telemetry. */
  dispose(): void;
}

export function createClient(publicToken: string, options: ClientOptions = {}): GatehouseClient {
  const dependencies = resolveDependencies({ injected: options.dependencies });
  // SPEC §5: "A public token should start with the prefix public-token-, otherwise a warning is logged."
  if (typeof publicToken !== 'string' || !publicToken.startsWith('public-token-')) {
    console.warn(
      // Short: every page's first load carries it (the headless SDK ≤ 8 KiB gzip).
      `Gatehouse: the public token "${String(publicToken)}" does not start with "public-token-"; copy your project's.`,
    );
  }
  const baseUrl = (options.baseUrl ?? dependencies.location.origin).replace(/\/+$/, '');
  const storage = createJsonStorage({ storage: dependencies.storage, publicToken });
  const cookies = createSessionCookies({
    jar: dependencies.cookies,
    location: dependencies.location,
    cookieOptions: options.cookieOptions,
  });
  // Late-bound: the blob reads the session state, which the manager (built after the HTTP client) owns.
  let manager: ReturnType<typeof createSessionManager> | null = null;
  const blob = () => {
    const state = manager?.getState() ?? null;
    return createTelemetryBlob({
      crypto: dependencies.crypto,
      hostname: dependencies.location.hostname,
      now: dependencies.now(),
      userId: state?.user.user_id ?? null,
      sessionId: state?.session.session_id ?? null,
      captcha: options.captchaSolver !== undefined,
    });
  };
  const http = createHttpClient({
    publicToken,
    baseUrl,
    fetch: dependencies.fetch,
    location: dependencies.location,
    sessionToken: () => cookies.get(cookies.names.session),
    telemetry: blob,
    captchaSolver: options.captchaSolver ?? null,
  });
  const telemetry = createTelemetry({ publicToken, baseUrl, dependencies, blob });
  const bootstrap = createBootstrap({ publicToken, http, storage });
  manager = createSessionManager({ http, storage, cookies, dependencies });
  const pkce = createPkceStore({ storage, crypto: dependencies.crypto });
  const activeManager = manager;
  // What every method module gets. The lazily loaded ones (the *-module files) take their run-time dependencies
  // from it instead of importing them: sharing no module with the client, they leave every page's SDK one file
  // (bench widget-size, headless SDK ≤ 8 KiB).
  const kit = {
    http,
    manager: activeManager,
    bootstrap,
    pkce,
    telemetry,
    validate,
    location: dependencies.location,
    WebAuthnError,
    toWebAuthnError,
  };
  // The password calls and users.search (only the password flow asks it) share one lazily loaded file.
  const passwordsCode = lazily(() => import('./passwords-module'));
  const users = createUsersModule({
    manager: activeManager,
    calls: lazily(() => import('./users-module').then((module) => module.createUserCalls(kit))),
    search: async (email) => (await passwordsCode()).searchUser(kit, email),
  });

  // wire-format.md §4.12: logged once per client; the callback flags belong to the UI client and are false here.
  telemetry.logEvent('sdk_instance_instantiated', {
    event_callback_registered: false,
    error_callback_registered: false,
    success_callback_registered: false,
  });

  return {
    publicToken,
    bootstrap,
    session: createSessionModule({
      manager: activeManager,
      calls: lazily(() => import('./session-module').then((module) => module.createSessionCalls(kit))),
    }),
    users,
    user: users,
    magicLinks: createMagicLinksModule(kit),
    // Issue 21: loaded on the first passcode call, like passwords.
    otps: lazyOtps(() => import('./otps-module').then((module) => module.createOtpsModule(kit))),
    passwords: lazyPasswords(() => passwordsCode().then((module) => module.createPasswordsModule(kit))),
    totps: forwarding(
      lazily(() => import('./totps-module').then((module) => module.createTotpsModule(kit))),
      TOTP_METHODS,
    ) as TotpsModule,
    webauthn: lazyWebAuthn(() => {
      // The ceremonies load @simplewebauthn/browser themselves; asking for it now as well makes the first passkey
      // call wait for one round trip instead of two in a row.
      import('@simplewebauthn/browser').catch(() => {});
      return import('./webauthn-module').then((module) => module.createWebAuthnModule(kit));
    }),
    // Issue 11: loaded on the first OAuth call, like passwords.
    oauth: lazyOAuth(
      lazily(() =>
        import('./oauth-module').then((module) =>
          module.createOAuthModule({
            ...kit,
            publicToken,
            baseUrl,
            options,
            dependencies,
            protocol: { OAUTH_PROVIDERS },
          }),
        ),
      ),
    ),
    // Issue 12: loaded on the first wallet call, like passwords.
    cryptoWallets: lazyCryptoWallets(() =>
      import('./crypto-wallets-module').then((module) => module.createCryptoWalletsModule(kit)),
    ),
    telemetry,
    dispose() {
      activeManager.dispose();
      telemetry.flush();
    },
  };
}

/**
 * client.passwords with its code (./passwords-module) loaded on the first password call, like client.webauthn:
 * pages without passwords neither download nor evaluate it (issue 10 item 2, the headless SDK's size budget).
 * A failed load is retried on the next call.
 */
export function lazyPasswords(load: () => Promise<PasswordsModule>): PasswordsModule {
  return forwarding(lazily(load), PASSWORD_METHODS) as PasswordsModule;
}

/** client.cryptoWallets with its code (./crypto-wallets-module) loaded on the first wallet call, like passwords. */
export function lazyCryptoWallets(load: () => Promise<CryptoWalletsModule>): CryptoWalletsModule {
  return forwarding(lazily(load), ['authenticateStart', 'authenticate']) as CryptoWalletsModule;
}

/**
 * client.otps with its code (./otps-module) loaded on the first passcode call, like passwords: pages that only send
 * login links neither download nor evaluate it (issue 21: the headless SDK ≤ 8 KiB gzip).
 */
export function lazyOtps(load: () => Promise<OtpsModule>): OtpsModule {
  const get = lazily(load);
  const channel = (method: 'sms' | 'whatsapp' | 'email') =>
    forwarding(get, ['loginOrCreate', 'send'], method) as OtpChannelModule;
  return {
    sms: channel('sms'),
    whatsapp: channel('whatsapp'),
    email: channel('email'),
    ...(forwarding(get, ['authenticate']) as Pick<OtpsModule, 'authenticate'>),
  };
}

const PASSWORD_METHODS = [
  'create',
  'authenticate',
  'resetByEmailStart',
  'resetByEmail',
  'resetByExistingPassword',
  'resetBySession',
  'strengthCheck',
] as const satisfies readonly (keyof PasswordsModule)[];

/**
 * client.webauthn with its code (./webauthn-module, ~1 KiB gzip) loaded on the first passkey call, like
 * @simplewebauthn/browser itself: pages that never use passkeys neither download nor evaluate it (issue 3: the
 * headless SDK ≤ 8 KiB; bench/first-render.ts). One module instance serves every call, so "one ceremony at a
 * time" still holds; a failed load is retried on the next call.
 */
export function lazyWebAuthn(load: () => Promise<WebAuthnModule>): WebAuthnModule {
  const get = lazily(load);
  return {
    ...(forwarding(get, ['register', 'authenticate', 'update']) as Omit<
      WebAuthnModule,
      'browserSupportsAutofill'
    >),
    // Like the module itself: any failure, loading included, means "no autofill".
    browserSupportsAutofill: () =>
      get().then(
        (module) => module.browserSupportsAutofill(),
        () => false,
      ),
  };
}
