// The client-side services page's message handling (issue 14 item 1; wire-format.md §8): each method, bad
// requests, and messages from a foreign origin or without a port, which get no answer at all; issue 20 item 6
// (XS-03): the page bound to one project's token, the framing site named to the server on every call.
import {
  FRAME_ORIGIN_HEADER as PROTOCOL_FRAME_ORIGIN_HEADER,
  ROUTES,
  SDK_API_PREFIX,
} from '@gatehouse/protocol';
import { describe, expect, it, vi } from 'vitest';
import { loadPhoneMetadata, parsePhoneNumber } from '../../../../packages/sdk/src/phone';
import {
  type ClientsideServicesOptions,
  createClientsideServices,
  FRAME_ORIGIN_HEADER,
  ONE_TAP_START_PATH,
  ONE_TAP_SUBMIT_PATH,
  readAllowedOrigins,
  readBoundPublicToken,
  type ServiceAnswer,
} from './services';

const SITE = 'https://site.example';
const API = 'https://auth.example';
const PUBLIC_TOKEN = 'public-token-test-4f1c2d3e-aaaa-bbbb-cccc-0123456789ab';
const CSRF_TOKEN = 'csrf-secret-0123456789abcdef0123456789abcdef';
const CALLBACK_ID = 'oauth-one-tap-test-11111111-2222-3333-4444-555555555555';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response> = async () => json(500, {}),
  overrides: Partial<ClientsideServicesOptions> = {},
) {
  const fetchMock = vi.fn(fetchImpl);
  const options: ClientsideServicesOptions = {
    allowedOrigins: new Set([SITE]),
    publicToken: PUBLIC_TOKEN,
    apiOrigin: API,
    fetch: fetchMock as unknown as typeof fetch,
    parsePhoneNumber: async (request) => {
      await loadPhoneMetadata(request);
      return parsePhoneNumber(request);
    },
    ...overrides,
  };
  return { services: createClientsideServices(options), fetchMock };
}

/** A message as the UI posts it (IframeHostClient.call), with a port that records the one answer. */
function post(
  services: ReturnType<typeof setup>['services'],
  message: { origin: string; data: unknown; ports?: number },
) {
  const answers: ServiceAnswer[] = [];
  let closed = false;
  let resolveAnswer: (answer: ServiceAnswer) => void = () => {};
  const answered = new Promise<ServiceAnswer>((resolve) => {
    resolveAnswer = resolve;
  });
  const port = {
    postMessage: (answer: ServiceAnswer) => {
      answers.push(answer);
      resolveAnswer(answer);
    },
    close: () => {
      closed = true;
    },
  };
  const ports = Array.from({ length: message.ports ?? 1 }, () => port);
  services.handleMessage({ origin: message.origin, data: message.data, ports } as unknown as MessageEvent);
  return { answers, answered, isClosed: () => closed };
}

function startAnswer() {
  return json(200, {
    data: {
      request_id: 'request-id-test-1',
      status_code: 200,
      google_client_id: 'client-123.apps.googleusercontent.com',
      csrf_token: CSRF_TOKEN,
      oauth_callback_id: CALLBACK_ID,
      nonce: 'nonce-abc',
    },
  });
}

describe('client-side services: parsedPhoneNumber', () => {
  it('answers E.164 and the national format for a valid number, with the region when given', async () => {
    const { services, fetchMock } = setup();
    const us = post(services, {
      origin: SITE,
      data: { method: 'parsedPhoneNumber', args: [{ phoneNumber: '(415) 555-2671', regionCode: 'US' }] },
    });
    expect(await us.answered).toEqual({
      success: true,
      payload: { isValid: true, number: '+14155552671', national: '(415) 555-2671' },
    });
    expect(us.isClosed()).toBe(true);
    const gb = post(services, {
      origin: SITE,
      data: { method: 'parsedPhoneNumber', args: [{ phoneNumber: '020 7946 0018', regionCode: 'GB' }] },
    });
    expect(await gb.answered).toEqual({
      success: true,
      payload: { isValid: true, number: '+442079460018', national: '020 7946 0018' },
    });
    // Without a region: an international number parses, the default region (US) applies otherwise.
    const plain = await services.answer('parsedPhoneNumber', [{ phoneNumber: '+14155552671' }], SITE);
    expect(plain).toMatchObject({ success: true, payload: { isValid: true, number: '+14155552671' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers isValid false for a number that is not one', async () => {
    const { services } = setup();
    for (const phoneNumber of ['123', 'call me', '+1 415 555 26710000', '9'.repeat(65)]) {
      const answer = await services.answer('parsedPhoneNumber', [{ phoneNumber, regionCode: 'US' }], SITE);
      expect(answer).toMatchObject({ success: true, payload: { isValid: false } });
    }
  });

  it('refuses a request whose fields have the wrong types', async () => {
    const { services } = setup();
    for (const request of [
      {},
      { phoneNumber: 4155552671 },
      { phoneNumber: '4155552671', regionCode: 'USA' },
    ]) {
      const answer = await services.answer('parsedPhoneNumber', [request], SITE);
      expect(answer).toMatchObject({ success: false, error: { name: 'TypeError' } });
    }
  });
});

describe('client-side services: One Tap', () => {
  it('starts One Tap through the server with the public token, and keeps the CSRF token to itself', async () => {
    const { services, fetchMock } = setup(async () => startAnswer());
    const { answered } = post(services, {
      origin: SITE,
      data: { method: 'oneTapStart', args: [{ publicToken: PUBLIC_TOKEN }] },
    });
    const answer = await answered;
    expect(answer).toEqual({
      success: true,
      payload: {
        requestId: 'request-id-test-1',
        googleClientId: 'client-123.apps.googleusercontent.com',
        stytchCsrfToken: '',
        oauthCallbackId: CALLBACK_ID,
      },
    });
    expect(JSON.stringify(answer)).not.toContain(CSRF_TOKEN);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${API}/sdk/v1/oauth/google/onetap/start`);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe(
      `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`,
    );
    // XS-03: the server learns which site framed the page (the browser-set origin of the message).
    expect((init?.headers as Record<string, string> | undefined)?.[FRAME_ORIGIN_HEADER]).toBe(SITE);
  });

  it('submits the ID token with the CSRF token of its start, once', async () => {
    const { services, fetchMock } = setup(async (url) =>
      url.endsWith('/start')
        ? startAnswer()
        : json(200, {
            data: { status_code: 200, redirect_url: 'https://site.example/authenticate?token=t' },
          }),
    );
    await services.answer('oneTapStart', [{ publicToken: PUBLIC_TOKEN }], SITE);
    const submit = {
      publicToken: PUBLIC_TOKEN,
      idToken: 'header.payload.signature',
      oauthCallbackID: CALLBACK_ID,
      loginRedirectURL: 'https://site.example/authenticate',
      signupRedirectURL: 'https://site.example/welcome',
    };
    const { answered } = post(services, { origin: SITE, data: { method: 'oneTapSubmit', args: [submit] } });
    expect(await answered).toEqual({
      success: true,
      payload: { redirect_url: 'https://site.example/authenticate?token=t' },
    });
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`${API}/sdk/v1/oauth/google/onetap/submit`);
    expect(JSON.parse(String(init?.body))).toEqual({
      id_token: 'header.payload.signature',
      csrf_token: CSRF_TOKEN,
      oauth_callback_id: CALLBACK_ID,
      login_redirect_url: 'https://site.example/authenticate',
      signup_redirect_url: 'https://site.example/welcome',
    });
    // The prompt is spent: a second submit is refused here, without a request.
    const again = await services.answer('oneTapSubmit', [submit], SITE);
    expect(again).toMatchObject({
      success: false,
      error: { name: 'StytchAPIError', error_type: 'invalid_csrf_token' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('passes the server’s error_type on, as the UI reads it (oauth_config_not_found, no_login_redirect_urls_set)', async () => {
    for (const errorType of [
      'oauth_config_not_found',
      'no_login_redirect_urls_set',
      'no_signup_redirect_urls_set',
    ]) {
      const { services } = setup(async () =>
        json(400, {
          status_code: 400,
          request_id: 'request-id-test-2',
          error_type: errorType,
          error_message: 'Explained.',
        }),
      );
      const answer = await services.answer('oneTapStart', [{ publicToken: PUBLIC_TOKEN }], SITE);
      expect(answer).toEqual({
        success: false,
        error: {
          name: 'StytchAPIError',
          message: `[400] ${errorType}\nExplained.`,
          status_code: 400,
          error_type: errorType,
          error_message: 'Explained.',
          request_id: 'request-id-test-2',
        },
      });
    }
  });

  it('answers an unreachable server or a body that is not JSON as StytchAPIUnreachableError', async () => {
    const down = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await down.services.answer('oneTapStart', [{ publicToken: PUBLIC_TOKEN }], SITE)).toMatchObject({
      success: false,
      error: { name: 'StytchAPIUnreachableError' },
    });
    const html = setup(async () => new Response('<html>', { status: 502 }));
    expect(await html.services.answer('oneTapStart', [{ publicToken: PUBLIC_TOKEN }], SITE)).toMatchObject({
      success: false,
      error: { name: 'StytchAPIUnreachableError' },
    });
  });

  it('refuses bad requests without calling the server', async () => {
    const { services, fetchMock } = setup(async () => startAnswer());
    const bad: [string, unknown][] = [
      ['oneTapStart', []],
      ['oneTapStart', ['public-token']],
      ['oneTapStart', [{}]],
      ['oneTapStart', [{ publicToken: 'public token\r\nx-evil: 1' }]],
      ['oneTapSubmit', [{ publicToken: PUBLIC_TOKEN, oauthCallbackID: CALLBACK_ID }]],
      ['oneTapSubmit', [{ publicToken: PUBLIC_TOKEN, idToken: 'a.b.c', oauthCallbackID: 7 }]],
      [
        'oneTapSubmit',
        [{ publicToken: PUBLIC_TOKEN, idToken: 'a.b.c', oauthCallbackID: CALLBACK_ID, loginRedirectURL: 1 }],
      ],
      ['deleteEverything', [{}]],
      [42 as unknown as string, [{}]],
    ];
    for (const [method, args] of bad) {
      const answer = await services.answer(method, args, SITE);
      expect(answer).toMatchObject({ success: false, error: { name: 'TypeError' } });
      // The error names the problem, never the values sent.
      expect(JSON.stringify(answer)).not.toContain('x-evil');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers a malformed message from an allowed origin with an error on its port', async () => {
    const { services } = setup();
    for (const data of [null, 'parsedPhoneNumber', { method: 'parsedPhoneNumber' }, { args: [{}] }]) {
      const { answered } = post(services, { origin: SITE, data });
      expect(await answered).toMatchObject({ success: false, error: { name: 'TypeError' } });
    }
  });
});

describe('client-side services: bound to one project (issue 20 item 6, XS-03)', () => {
  const OTHER_TOKEN = 'public-token-live-99999999-aaaa-bbbb-cccc-0123456789ab';
  const SECOND_SITE = 'https://second.site.example';

  it('XS-03: a page bound to one project’s token refuses One Tap for another project’s token, without calling the server', async () => {
    const { services, fetchMock } = setup(async () => startAnswer());
    const { answered } = post(services, {
      origin: SITE,
      data: { method: 'oneTapStart', args: [{ publicToken: OTHER_TOKEN }] },
    });
    const answer = await answered;
    expect(answer).toMatchObject({
      success: false,
      error: { name: 'StytchAPIError', error_type: 'invalid_public_token', status_code: 401 },
    });
    expect(JSON.stringify(answer)).not.toContain(OTHER_TOKEN);
    const submit = await services.answer(
      'oneTapSubmit',
      [{ publicToken: OTHER_TOKEN, idToken: 'a.b.c', oauthCallbackID: CALLBACK_ID }],
      SITE,
    );
    expect(submit).toMatchObject({ success: false, error: { error_type: 'invalid_public_token' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('XS-03: a page served without a token (only the server’s own pages may frame it) passes any token on, for the server to check', async () => {
    const { services, fetchMock } = setup(async () => startAnswer(), {
      publicToken: null,
      allowedOrigins: new Set([API]),
    });
    expect(await services.answer('oneTapStart', [{ publicToken: OTHER_TOKEN }], API)).toMatchObject({
      success: true,
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect((init?.headers as Record<string, string> | undefined)?.[FRAME_ORIGIN_HEADER]).toBe(API);
    // And it answers no other site.
    const foreign = post(services, {
      origin: SITE,
      data: { method: 'oneTapStart', args: [{ publicToken: OTHER_TOKEN }] },
    });
    await services.answer('parsedPhoneNumber', [{ phoneNumber: '+14155552671' }], API);
    expect(foreign.answers).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('XS-03: a prompt started by one of the project’s sites cannot be submitted by another', async () => {
    const { services, fetchMock } = setup(async () => startAnswer(), {
      allowedOrigins: new Set([SITE, SECOND_SITE]),
    });
    await services.answer('oneTapStart', [{ publicToken: PUBLIC_TOKEN }], SITE);
    const submit = { publicToken: PUBLIC_TOKEN, idToken: 'a.b.c', oauthCallbackID: CALLBACK_ID };
    const { answered } = post(services, {
      origin: SECOND_SITE,
      data: { method: 'oneTapSubmit', args: [submit] },
    });
    expect(await answered).toMatchObject({ success: false, error: { error_type: 'invalid_csrf_token' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the bound token the server wrote into the page, and none from an empty tag or the placeholder', () => {
    const page = (content: string | null) => {
      const doc = document.implementation.createHTMLDocument('t');
      if (content !== null) {
        const meta = doc.createElement('meta');
        meta.setAttribute('name', 'gatehouse-public-token');
        meta.setAttribute('content', content);
        doc.head.append(meta);
      }
      return doc;
    };
    expect(readBoundPublicToken(page(PUBLIC_TOKEN))).toBe(PUBLIC_TOKEN);
    expect(readBoundPublicToken(page(''))).toBeNull();
    expect(readBoundPublicToken(page('%GATEHOUSE_PUBLIC_TOKEN%'))).toBeNull();
    expect(readBoundPublicToken(page(null))).toBeNull();
  });

  it('names the framing site in the header the server reads', () => {
    expect(FRAME_ORIGIN_HEADER).toBe(PROTOCOL_FRAME_ORIGIN_HEADER);
  });
});

describe('client-side services: the caller', () => {
  it('ignores a message from an origin the server does not allow, or without exactly one port', async () => {
    const { services, fetchMock } = setup(async () => startAnswer());
    const message = { method: 'oneTapStart', args: [{ publicToken: PUBLIC_TOKEN }] };
    const foreign = post(services, { origin: 'https://evil.example', data: message });
    const lookalike = post(services, { origin: `${SITE}.evil.example`, data: message });
    const opaque = post(services, { origin: 'null', data: message });
    const noPort = post(services, { origin: SITE, data: message, ports: 0 });
    const twoPorts = post(services, { origin: SITE, data: message, ports: 2 });
    // A message that is answered goes through the same microtasks: once it has, the ignored ones never will.
    const allowed = post(services, { origin: SITE, data: message });
    await allowed.answered;
    for (const ignored of [foreign, lookalike, opaque, noPort, twoPorts]) {
      expect(ignored.answers).toEqual([]);
      expect(ignored.isClosed()).toBe(false);
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the allowed origins the server wrote into the page, and none from the unreplaced placeholder', () => {
    const page = (content: string) => {
      const doc = document.implementation.createHTMLDocument('t');
      const meta = doc.createElement('meta');
      meta.setAttribute('name', 'gatehouse-allowed-origins');
      meta.setAttribute('content', content);
      doc.head.append(meta);
      return doc;
    };
    expect(readAllowedOrigins(page('https://site.example http://localhost:3000'))).toEqual(
      new Set(['https://site.example', 'http://localhost:3000']),
    );
    expect(readAllowedOrigins(page('%GATEHOUSE_ALLOWED_ORIGINS%'))).toEqual(new Set());
    expect(readAllowedOrigins(document.implementation.createHTMLDocument('t'))).toEqual(new Set());
  });

  it('calls the routes of the protocol', () => {
    expect(ONE_TAP_START_PATH).toBe(`${SDK_API_PREFIX}${ROUTES.oauth.oneTapStart}`);
    expect(ONE_TAP_SUBMIT_PATH).toBe(`${SDK_API_PREFIX}${ROUTES.oauth.oneTapSubmit}`);
  });
});
