import { CONSTANTS } from '@gatehouse/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  APIError,
  CaptchaRequiredError,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
} from './errors';
import { type CaptchaSolver, createHttpClient, parseResponse } from './http';
import { createTelemetryBlob } from './telemetry';
import { createFakeFetch, json, ok } from './test-support/fakes';

const TOKEN = 'public-token-test-abc';

function setup(
  sessionToken: string | null,
  routes: Parameters<typeof createFakeFetch>[0] = {},
  captchaSolver: CaptchaSolver | null = null,
) {
  const fake = createFakeFetch(routes);
  const http = createHttpClient({
    publicToken: TOKEN,
    baseUrl: 'https://auth.example.com',
    fetch: fake.fetch as never,
    location: { origin: 'https://app.example.com', hostname: 'app.example.com', host: 'app.example.com' },
    sessionToken: () => sessionToken,
    telemetry: () =>
      createTelemetryBlob({
        crypto,
        hostname: 'app.example.com',
        now: Date.UTC(2030, 0, 1),
        userId: sessionToken ? 'user-1' : null,
        sessionId: sessionToken ? 'session-1' : null,
        captcha: captchaSolver !== null,
      }),
    captchaSolver,
  });
  return { http, ...fake };
}

const unexpected = (): never => {
  throw new Error('expected a rejection');
};
const caught = (error: unknown) => error as Error & Record<string, unknown>;

const decode = (value: string) =>
  JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))));

describe('request headers (wire-format.md §2)', () => {
  it('sends Basic public:public without a session, JSON content type even on GET, telemetry and parent host', async () => {
    const { http, requests } = setup(null, { 'GET /users/me': () => ok() });
    await http.request({ method: 'GET', path: '/users/me' });
    const [request] = requests;
    expect(request?.url).toBe('https://auth.example.com/sdk/v1/users/me');
    expect(request?.headers.Authorization).toBe(`Basic ${btoa(`${TOKEN}:${TOKEN}`)}`);
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.headers['X-SDK-Parent-Host']).toBe('https://app.example.com');
    expect(request?.rawBody).toBeUndefined();
    const blob = decode(request?.headers['X-SDK-Client'] ?? '');
    expect(blob.sdk).toEqual({ identifier: 'Gatehouse JavaScript SDK', version: CONSTANTS.sdkVersion });
    expect(blob.app).toEqual({ identifier: 'app.example.com' });
    expect(blob.event_id).toMatch(/^event-id-[0-9a-f-]{36}$/);
    expect(blob.app_session_id).toMatch(/^app-session-id-/);
    expect(blob.persistent_id).toMatch(/^persistent-id-/);
    expect(blob.client_sent_at).toBe('2030-01-01T00:00:00.000Z');
    expect(blob).not.toHaveProperty('stytch_user_id');
    expect(blob).not.toHaveProperty('stytch_session_id');
  });

  it('uses the session token as the password and adds user and session ids when logged in', async () => {
    const { http, requests } = setup('tok-123', { 'POST /x': () => ok() });
    await http.request({ method: 'POST', path: '/x', body: { a: 1, b: undefined } });
    expect(requests[0]?.headers.Authorization).toBe(`Basic ${btoa(`${TOKEN}:tok-123`)}`);
    expect(requests[0]?.rawBody).toBe('{"a":1}');
    const blob = decode(requests[0]?.headers['X-SDK-Client'] ?? '');
    expect(blob.stytch_user_id).toBe('user-1');
    expect(blob.stytch_session_id).toBe('session-1');
  });

  it('regenerates the telemetry ids on every request', async () => {
    const { http, requests } = setup(null, { 'GET /x': () => ok() });
    await http.request({ method: 'GET', path: '/x' });
    await http.request({ method: 'GET', path: '/x' });
    const [a, b] = requests.map((r) => decode(r.headers['X-SDK-Client'] ?? ''));
    expect(a.event_id).not.toBe(b.event_id);
    expect(a.persistent_id).not.toBe(b.persistent_id);
  });
});

describe('response handling (wire-format.md §3)', () => {
  it('unwraps data on 2xx', async () => {
    await expect(parseResponse(json(200, { data: { a: 1 } }))).resolves.toEqual({ a: 1 });
    await expect(parseResponse(json(201, { data: { b: 2 } }))).resolves.toEqual({ b: 2 });
  });

  it('a 2xx without JSON is unreachable', async () => {
    const error = await parseResponse(new Response(null, { status: 204 })).then(unexpected, caught);
    expect(error).toBeInstanceOf(SDKAPIUnreachableError);
    expect(error.details).toBe('Invalid JSON response from the Gatehouse servers.');
  });

  it('a JSON error with body/params/query is a SchemaError carrying them', async () => {
    const item = {
      keyword: 'type',
      dataPath: '.x',
      schemaPath: '#',
      params: {},
      message: 'should be number',
    };
    const error = await parseResponse(json(400, { status_code: 400, request_id: 'r', body: [item] })).then(
      unexpected,
      caught,
    );
    expect(error).toBeInstanceOf(SchemaError);
    expect(error.body).toEqual([item]);
    expect(error.message).toBe('Request does not match expected schema\n.x: should be number');
    const withParams = await parseResponse(json(400, { params: [item] })).then(unexpected, caught);
    expect(withParams).toBeInstanceOf(SchemaError);
    expect(withParams.params).toEqual([item]);
  });

  it('any other JSON error is an APIError with the formatted message', async () => {
    const body = {
      status_code: 404,
      request_id: 'request-id-9',
      error_type: 'session_not_found',
      error_message: 'Session not found.',
      error_url: 'https://gatehouse.dev/errors#session_not_found',
    };
    const error = await parseResponse(json(404, body, 'application/json; charset=utf-8')).then(
      unexpected,
      caught,
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject(body);
    expect(error.message).toBe(
      '[404] session_not_found\nSession not found.\nSee https://gatehouse.dev/errors#session_not_found for more ' +
        'information.\nrequest_id: request-id-9\n',
    );
  });

  it("an error_type this SDK does not know (a newer server) is an APIError of type 'internal_server_error'", async () => {
    const body = {
      status_code: 503,
      request_id: 'request-id-10',
      error_type: 'error_type_from_a_newer_server',
      error_message: 'Try again in a minute.',
      error_url: 'https://gatehouse.dev/errors#error_type_from_a_newer_server',
    };
    const error = await parseResponse(json(503, body)).then(unexpected, caught);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ ...body, error_type: 'internal_server_error' });
    expect(error.message).toMatch(/^\[503\] error_type_from_a_newer_server\nTry again in a minute\.\n/);
  });

  it('a JSON content type with an unparsable body is unreachable', async () => {
    const response = new Response('{oops', { status: 500, headers: { 'content-type': 'application/json' } });
    const error = await parseResponse(response).then(unexpected, caught);
    expect(error).toBeInstanceOf(SDKAPIUnreachableError);
    expect(error.details).toBe('Invalid or no response from server');
  });

  it('non-JSON text containing "Captcha required" is a RetriableError', async () => {
    const response = new Response('Captcha required', {
      status: 403,
      headers: { 'content-type': 'text/plain' },
    });
    await expect(parseResponse(response)).rejects.toBeInstanceOf(RetriableError);
  });

  it('any other non-JSON error is unreachable', async () => {
    const response = new Response('<html>502 Bad Gateway</html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    });
    const error = await parseResponse(response).then(unexpected, caught);
    expect(error).toBeInstanceOf(SDKAPIUnreachableError);
    expect(error.details).toBe('Invalid response from the Gatehouse servers.');
  });

  it('"Failed to fetch" becomes SDKAPIUnreachableError; other rejections pass through', async () => {
    const failing = setup(null, {
      'GET /net': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /abort': () => Promise.reject(new DOMException('aborted', 'AbortError')),
    });
    const error = await failing.http.request({ method: 'GET', path: '/net' }).then(unexpected, caught);
    expect(error).toBeInstanceOf(SDKAPIUnreachableError);
    expect(error.message).toContain('Are you online?');
    const abort = await failing.http.request({ method: 'GET', path: '/abort' }).then(unexpected, caught);
    expect(abort).toBeInstanceOf(DOMException);
    expect(abort.name).toBe('AbortError');
  });
});

describe("'Captcha required' retry (issue 9 item 3; wire-format.md §3.4)", () => {
  const SEND = '/magic_links/email/login_or_create';
  const captchaRequired = () =>
    new Response('Captcha required', {
      status: 429,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const CHALLENGE = {
    parameters: { algorithm: 'SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc' },
    signature: 'dd',
  };

  it('fetches a challenge for the same path, solves it and retries once with captcha_token added to the body', async () => {
    let sends = 0;
    const solver = vi.fn(async () => 'solved-token');
    const { http, requests } = setup(
      null,
      {
        [`POST ${SEND}`]: () => (++sends === 1 ? captchaRequired() : ok({ sent: true })),
        'POST /captcha/challenge': () => ok({ challenge: CHALLENGE }),
      },
      solver,
    );
    const data = await http.request<{ sent: boolean }>({
      method: 'POST',
      path: SEND,
      body: { email: 'a@b.c' },
    });
    expect(data.sent).toBe(true);
    expect(requests.map((request) => request.path)).toEqual([SEND, '/captcha/challenge', SEND]);
    expect(requests[1]?.body).toEqual({ action: SEND });
    expect(solver).toHaveBeenCalledWith(CHALLENGE);
    expect(requests[0]?.body).toEqual({ email: 'a@b.c' });
    expect(requests[2]?.body).toEqual({ email: 'a@b.c', captcha_token: 'solved-token' });
    // The client says it can solve a captcha in X-SDK-Client.
    expect(decode(requests[0]?.headers['X-SDK-Client'] ?? '').sdk.captcha).toBe('altcha');
  });

  it('a second "Captcha required" surfaces CaptchaRequiredError (refused) without a third try', async () => {
    const { http, requests } = setup(
      null,
      { [`POST ${SEND}`]: captchaRequired, 'POST /captcha/challenge': () => ok({ challenge: CHALLENGE }) },
      async () => 'solved-token',
    );
    const error = await http.request({ method: 'POST', path: SEND, body: {} }).then(unexpected, caught);
    expect(error).toBeInstanceOf(CaptchaRequiredError);
    expect(error.reason).toBe('refused');
    expect(requests.filter((request) => request.path === SEND)).toHaveLength(2);
  });

  it('without a solver: CaptchaRequiredError (no_solver), no challenge fetched, and X-SDK-Client claims no solver', async () => {
    const { http, requests } = setup(null, { [`POST ${SEND}`]: captchaRequired });
    const error = await http.request({ method: 'POST', path: SEND, body: {} }).then(unexpected, caught);
    expect(error).toBeInstanceOf(CaptchaRequiredError);
    expect(error.reason).toBe('no_solver');
    expect(error.message).toMatch(/captchaSolver/);
    expect(requests).toHaveLength(1);
    expect(decode(requests[0]?.headers['X-SDK-Client'] ?? '').sdk).not.toHaveProperty('captcha');
  });

  it('a failing solver is CaptchaRequiredError (unsolved) with the cause; a failing challenge call surfaces as it is', async () => {
    const cause = new Error('worker crashed');
    const failing = setup(
      null,
      { [`POST ${SEND}`]: captchaRequired, 'POST /captcha/challenge': () => ok({ challenge: CHALLENGE }) },
      async () => {
        throw cause;
      },
    );
    const error = await failing.http
      .request({ method: 'POST', path: SEND, body: {} })
      .then(unexpected, caught);
    expect(error).toBeInstanceOf(CaptchaRequiredError);
    expect(error.reason).toBe('unsolved');
    expect(error.cause).toBe(cause);

    const limited = setup(
      null,
      {
        [`POST ${SEND}`]: captchaRequired,
        'POST /captcha/challenge': () =>
          json(429, {
            status_code: 429,
            error_type: 'too_many_requests',
            error_message: 'slow',
            error_url: 'u',
          }),
      },
      async () => 'never',
    );
    const apiError = await limited.http
      .request({ method: 'POST', path: SEND, body: {} })
      .then(unexpected, caught);
    expect(apiError).toBeInstanceOf(APIError);
    expect(apiError.error_type).toBe('too_many_requests');
  });
});
