// The published Stytch browser SDK (@stytch/vanilla-js 4.13.1, headless client) against a real Gatehouse server,
// for the drop-in compatibility tests (SPEC: a Stytch-SDK site works unchanged; issues 9–14 each prove their
// methods with it). Facts from shared/stytch-clients.md: the SDK needs a DOM when it is imported and when it runs
// (a jsdom window whose URL is the server's origin, its globals set first), a Latin-1 btoa/atob, Node's fetch,
// crypto.subtle (PKCE), and the `endpoints` option pointing every URL at the server (wire-format.md §1.2).
//
// One harness per test file: the globals are the process's, set in startStytchHeadless and restored by close().
// Everything the page asks for is recorded (fetches with their answers, elements that load a URL) so tests can
// show what reached the server and that nothing left the machine: a fetch to any non-loopback host is refused
// before it is sent (tests only to loopback), and reported by externalUrls().
import type { StytchHeadlessClient } from '@stytch/vanilla-js/headless';
import { JSDOM } from 'jsdom';
import { type CreateTestAppOptions, createTestApp, type TestApp } from './app';

type StytchModule = typeof import('@stytch/vanilla-js/headless');

/** One fetch the page made, with the answer the server gave (null while pending, or when refused). */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The JSON body sent, parsed (null when none). */
  body: unknown;
  status: number | null;
  contentType: string | null;
  /** The answer's text. */
  responseText: string | null;
}

export interface StytchHeadless {
  /** The app under test (its project's public token is the client's). */
  t: TestApp;
  /** `http://127.0.0.1:<port>`: the server, the page's origin and every SDK endpoint. */
  baseUrl: string;
  /** The SDK module (its error classes: `sdk.StytchAPIError` …). */
  sdk: StytchModule;
  /** The current client (newClient() replaces it). */
  client: StytchHeadlessClient;
  /**
   * A fresh client for the current project token (t.reset() makes a new one), as a new browser profile would
   * be: cookies, localStorage and sessionStorage are emptied first, so nothing of the previous client's session or
   * bootstrap carries over.
   */
  newClient(): StytchHeadlessClient;
  /** Every fetch the page made, in order. */
  requests: RecordedRequest[];
  /** The answered requests under /sdk/v1 whose path starts with `path` (e.g. `/magic_links/email/`). */
  answered(path: string): RecordedRequest[];
  /** Resolves with the first answered request under /sdk/v1 starting with `path` (already answered or next). */
  whenAnswered(path: string): Promise<RecordedRequest>;
  /** URLs of any other host than the server the page fetched or put in a src/href (should stay empty). */
  externalUrls(): string[];
  /** Clears the SDK's timers, restores the globals, closes the window and the app. */
  close(): Promise<void>;
}

/** btoa/atob as browsers have them: Latin-1 strings (jsdom's refuse what the SDK passes). */
function latin1Btoa(text: string): string {
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) > 0xff) throw new DOMException('Invalid character', 'InvalidCharacterError');
  }
  return Buffer.from(text, 'latin1').toString('base64');
}
function latin1Atob(base64: string): string {
  return Buffer.from(base64, 'base64').toString('latin1');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The SDK's page globals (set if the process has none, or replaced, and put back by close()). */
const PAGE_GLOBALS = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'StorageEvent',
  'HTMLElement',
  'Element',
  'Node',
  'MutationObserver',
  'btoa',
  'atob',
  'fetch',
  'setTimeout',
  'setInterval',
] as const;

/**
 * Starts an app (createTestApp's options) listening on a loopback port, sets up the page, imports the SDK and
 * builds a client with the project's public token and every endpoint on that server.
 */
export async function startStytchHeadless(options: CreateTestAppOptions): Promise<StytchHeadless> {
  if ('window' in globalThis) throw new Error('one Stytch page per test file: a window is already global');
  const t = await createTestApp(options);
  let dom: JSDOM | null = null;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const restore = () => {
    for (const handle of timers) clearTimeout(handle);
    timers.clear();
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    saved.clear();
    dom?.window.close();
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the app is not on a TCP port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: `${baseUrl}/` });
    const { window } = dom;
    const nodeFetch = globalThis.fetch;
    const nodeSetTimeout = globalThis.setTimeout;
    const nodeSetInterval = globalThis.setInterval;

    const requests: RecordedRequest[] = [];
    const waiters: { path: string; resolve: (request: RecordedRequest) => void }[] = [];
    const sdkPath = (request: RecordedRequest) =>
      request.url.origin === baseUrl && request.url.pathname.startsWith('/sdk/v1')
        ? request.url.pathname.slice('/sdk/v1'.length)
        : null;
    const answered = (path: string) =>
      requests.filter((request) => request.status !== null && sdkPath(request)?.startsWith(path));

    const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      const record: RecordedRequest = {
        url,
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body,
        status: null,
        contentType: null,
        responseText: null,
      };
      requests.push(record);
      // Tests reach loopback only: anything else (reCAPTCHA, DFP, Stytch's hosts) is refused as a browser offline
      // would be, and externalUrls() reports it.
      if (!LOOPBACK_HOSTS.has(url.hostname)) throw new TypeError('Failed to fetch');
      const response = await nodeFetch(input, init);
      record.status = response.status;
      record.contentType = response.headers.get('content-type');
      record.responseText = await response.clone().text();
      for (const waiter of [...waiters]) {
        if (sdkPath(record)?.startsWith(waiter.path)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(record);
        }
      }
      return response;
    };

    // The SDK's own timers (its telemetry flush interval, session refresh) are cleared by close(), so nothing of
    // the page outlives the test file. Recognised by the caller's file, the SDK's bundle.
    const fromSdk = () => (new Error().stack ?? '').includes('@stytch/');
    const trackingSetTimeout = ((...args: Parameters<typeof setTimeout>) => {
      const handle = nodeSetTimeout(...args);
      if (fromSdk()) timers.add(handle);
      return handle;
    }) as typeof setTimeout;
    const trackingSetInterval = ((...args: Parameters<typeof setInterval>) => {
      const handle = nodeSetInterval(...args);
      if (fromSdk()) timers.add(handle);
      return handle;
    }) as typeof setInterval;

    // The page: jsdom's window with what browsers have and jsdom lacks or gets wrong for the SDK.
    const values: Record<(typeof PAGE_GLOBALS)[number], unknown> = {
      window,
      self: window,
      document: window.document,
      navigator: window.navigator,
      location: window.location,
      history: window.history,
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
      StorageEvent: window.StorageEvent,
      HTMLElement: window.HTMLElement,
      Element: window.Element,
      Node: window.Node,
      MutationObserver: window.MutationObserver,
      btoa: latin1Btoa,
      atob: latin1Atob,
      fetch: recordingFetch,
      setTimeout: trackingSetTimeout,
      setInterval: trackingSetInterval,
    };
    for (const name of PAGE_GLOBALS) {
      saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
    }
    for (const [name, value] of Object.entries({
      btoa: latin1Btoa,
      atob: latin1Atob,
      fetch: recordingFetch,
      // PKCE hashes with crypto.subtle; jsdom's crypto has only getRandomValues and randomUUID.
      crypto: globalThis.crypto,
    })) {
      Object.defineProperty(window, name, { value, configurable: true, writable: true });
    }

    // Elements that would load a URL (the reCAPTCHA script, an iframe, an image), whenever they were added; the
    // observer's callback runs after the SDK has attached its load/error listeners.
    const loadedUrls: string[] = [];
    const observer = new window.MutationObserver((records) => note(records));
    const note = (records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof window.Element)) continue;
          for (const element of [node, ...node.querySelectorAll('[src],[href]')]) {
            for (const attribute of ['src', 'href']) {
              const value = element.getAttribute(attribute);
              if (!value) continue;
              const url = new URL(value, baseUrl);
              loadedUrls.push(url.href);
              // jsdom loads nothing; a browser offline would fail the load, so the SDK fails at once rather
              // than wait forever for the reCAPTCHA script (a test of externalUrls() then names it).
              if (!LOOPBACK_HOSTS.has(url.hostname)) element.dispatchEvent(new window.Event('error'));
            }
          }
        }
      }
    };
    observer.observe(window.document, { childList: true, subtree: true });

    const sdk: StytchModule = await import('@stytch/vanilla-js/headless');
    const makeClient = () =>
      new sdk.StytchHeadlessClient(t.publicToken, {
        // Not in the public options type (wire-format.md §1.2): every host the SDK would call is this server.
        endpoints: {
          sdkBackendURL: baseUrl,
          testAPIURL: baseUrl,
          liveAPIURL: baseUrl,
          dfpBackendURL: baseUrl,
          clientsideServicesIframeURL: `${baseUrl}/clientside-services/index.html`,
        },
      } as ConstructorParameters<StytchModule['StytchHeadlessClient']>[1]);

    const harness: StytchHeadless = {
      t,
      baseUrl,
      sdk,
      client: makeClient(),
      newClient() {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        window.localStorage.clear();
        window.sessionStorage.clear();
        for (const cookie of window.document.cookie.split(';')) {
          const name = cookie.split('=')[0]?.trim();
          if (name) window.document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
        }
        harness.client = makeClient();
        return harness.client;
      },
      requests,
      answered,
      whenAnswered(path) {
        const done = answered(path)[0];
        if (done) return Promise.resolve(done);
        return new Promise((resolve) => waiters.push({ path, resolve }));
      },
      externalUrls() {
        note(observer.takeRecords());
        const fetched = requests.map((request) => request.url.href);
        return [...fetched, ...loadedUrls].filter((href) => !LOOPBACK_HOSTS.has(new URL(href).hostname));
      },
      async close() {
        observer.disconnect();
        restore();
        await t.close();
      },
    };
    return harness;
  } catch (error) {
    restore();
    await t.close();
    throw error;
  }
}
