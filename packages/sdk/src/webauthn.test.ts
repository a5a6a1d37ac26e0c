// wire-format.md §4.9: request bodies, the JSON-string options converted by @simplewebauthn/browser, the
// credential sent back as a JSON string, session writes, browser errors kept by name, one ceremony at a time.
// navigator.credentials and PublicKeyCredential are stubbed; the real @simplewebauthn/browser runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatehouseError, UsageError } from './errors';
import {
  authenticated,
  createTestClient,
  makeSession,
  makeUser,
  ok,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';
import { WebAuthnError } from './webauthn';

const bytes = (text: string) => new TextEncoder().encode(text);
const b64url = (data: Uint8Array) =>
  btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const view = (buffer: ArrayBuffer | ArrayBufferView) =>
  buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

const CHALLENGE = b64url(Uint8Array.from({ length: 32 }, (_, i) => i));
const CREATION_OPTIONS = {
  challenge: CHALLENGE,
  rp: { id: 'app.example.com', name: 'Test' },
  user: { id: b64url(bytes('user-test-1')), name: 'ada@example.com', displayName: 'Ada' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [{ id: b64url(Uint8Array.of(9, 9, 9)), type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
};
const REQUEST_OPTIONS = {
  challenge: CHALLENGE,
  rpId: 'app.example.com',
  allowCredentials: [{ id: b64url(Uint8Array.of(1, 2, 3)), type: 'public-key' }],
  userVerification: 'required',
  timeout: 300000,
};

interface CredentialsStub {
  create: ReturnType<typeof vi.fn>;
  get: ReturnType<typeof vi.fn>;
}

function attestationCredential() {
  return {
    id: 'AQID',
    rawId: Uint8Array.of(1, 2, 3).buffer,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}').buffer,
      attestationObject: Uint8Array.of(0xa3, 0x01).buffer,
      getTransports: () => ['internal', 'hybrid'],
    },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  };
}

function assertionCredential() {
  return {
    id: 'AQID',
    rawId: Uint8Array.of(1, 2, 3).buffer,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}').buffer,
      authenticatorData: Uint8Array.of(5, 5).buffer,
      signature: Uint8Array.of(6, 6).buffer,
      userHandle: bytes('user-test-1').buffer,
    },
    getClientExtensionResults: () => ({}),
  };
}

function domError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** A navigator.credentials.get that waits until its signal aborts (like a pending autofill request). */
function pendingUntilAborted(options: { signal: AbortSignal }) {
  return new Promise((_, reject) => {
    options.signal.addEventListener('abort', () => reject(options.signal.reason));
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the options object navigator.credentials received, inspected loosely.
function firstCallArgument(mock: ReturnType<typeof vi.fn>): any {
  const call = mock.mock.calls[0];
  if (!call) throw new Error('navigator.credentials was not called');
  return call[0];
}

let credentials: CredentialsStub;
let conditionalAvailable = true;
let dispose: () => void = () => {};

beforeEach(() => {
  credentials = {
    create: vi.fn(async () => attestationCredential()),
    get: vi.fn(async () => assertionCredential()),
  };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  conditionalAvailable = true;
  // SimpleWebAuthn checks that PublicKeyCredential is a function and asks it about conditional mediation.
  const FakePublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: () => Promise.resolve(conditionalAvailable),
  });
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
});

afterEach(() => {
  dispose();
  vi.unstubAllGlobals();
});

function setup(options: { signedIn?: boolean; routes?: Record<string, RouteHandler> } = {}) {
  const signedIn = options.signedIn ?? false;
  const test = createTestClient({
    ...(signedIn
      ? {
          cookies: { gatehouse_session: 'session-token-old', gatehouse_session_jwt: 'jwt-old' },
          stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
        }
      : {}),
    routes: {
      // The construction-time refresh keeps the token, so the Authorization header a passkey call sends does not
      // depend on whether that refresh answered before the ceremony code loaded (client.ts lazyWebAuthn).
      'POST /sessions/authenticate': () =>
        authenticated(signedIn ? { session_token: 'session-token-old', session_jwt: 'jwt-old' } : {}),
      'POST /webauthn/register/start': () =>
        ok({
          user_id: 'user-test-1',
          public_key_credential_creation_options: JSON.stringify(CREATION_OPTIONS),
        }),
      'POST /webauthn/register': () => registeredAnswer(),
      'POST /webauthn/authenticate/start/primary': () =>
        ok({
          public_key_credential_request_options: JSON.stringify({ ...REQUEST_OPTIONS, allowCredentials: [] }),
        }),
      'POST /webauthn/authenticate/start/secondary': () =>
        ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) }),
      'POST /webauthn/authenticate': () => registeredAnswer(),
      ...options.routes,
    },
  });
  dispose = test.client.dispose;
  const webauthnRequests = () =>
    test.apiRequests().filter((request) => request.path.startsWith('/webauthn/'));
  return { ...test, webauthnRequests };
}

const PASSKEY_USER = makeUser({
  webauthn_registrations: [
    {
      webauthn_registration_id: 'webauthn-registration-test-1',
      domain: 'app.example.com',
      user_agent: 'UA',
      authenticator_type: 'platform',
      verified: true,
      name: 'Chrome on macOS',
    },
  ],
});

function registeredAnswer() {
  return new Response(
    JSON.stringify({
      data: {
        request_id: 'request-id-auth',
        status_code: 200,
        user_id: 'user-test-1',
        session_token: 'session-token-new',
        session_jwt: 'session-jwt-new',
        session: makeSession(),
        // wire-format.md §4.1: for /webauthn/* the SDK takes the user from __user, not user.
        user: makeUser(),
        __user: { ...PASSKEY_USER, request_id: 'request-id-auth', status_code: 200 },
        webauthn_registration_id: 'webauthn-registration-test-1',
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

describe('webauthn.register (wire-format.md §4.9)', () => {
  it('sends the start body, converts the JSON-string options, and sends the credential back as a JSON string', async () => {
    const { client, webauthnRequests, jar, storage } = setup({ signedIn: true });
    const result = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });

    const [start, finish] = webauthnRequests();
    expect(start).toMatchObject({ method: 'POST', path: '/webauthn/register/start' });
    expect(start?.body).toEqual({
      domain: 'app.example.com',
      return_passkey_credential_options: true,
      user_agent: navigator.userAgent,
    });
    expect(start?.headers.Authorization).toBe(`Basic ${btoa(`${client.publicToken}:session-token-old`)}`);

    // @simplewebauthn/browser decoded the base64url fields into bytes for navigator.credentials.create().
    const { publicKey, signal } = firstCallArgument(credentials.create);
    expect(view(publicKey.challenge)).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i));
    expect(new TextDecoder().decode(view(publicKey.user.id))).toBe('user-test-1');
    expect(view(publicKey.excludeCredentials[0].id)).toEqual(Uint8Array.of(9, 9, 9));
    expect(publicKey.authenticatorSelection).toEqual(CREATION_OPTIONS.authenticatorSelection);
    expect(signal).toBeInstanceOf(AbortSignal);

    expect(finish).toMatchObject({ method: 'POST', path: '/webauthn/register' });
    const body = finish?.body as { public_key_credential: unknown; session_duration_minutes: number };
    expect(body.session_duration_minutes).toBe(60);
    expect(typeof body.public_key_credential).toBe('string');
    expect(JSON.parse(body.public_key_credential as string)).toMatchObject({
      id: 'AQID',
      rawId: 'AQID',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(bytes('{"type":"webauthn.create"}')),
        attestationObject: 'owE',
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: { credProps: { rk: true } },
    });

    // The session is written, the user taken from __user; __user is not returned.
    expect(jar.values.get('gatehouse_session')).toBe('session-token-new');
    expect(storedState(storage)).toMatchObject({
      user: { webauthn_registrations: [{ name: 'Chrome on macOS' }] },
    });
    expect(result).not.toHaveProperty('__user');
    expect(result.webauthn_registration_id).toBe('webauthn-registration-test-1');
  });

  it('passes domain and authenticator_type through and omits what was not given', async () => {
    const { client, webauthnRequests } = setup({ signedIn: true });
    await client.webauthn.register({ domain: 'example.com', authenticator_type: 'cross-platform' });
    expect(webauthnRequests()[0]?.body).toEqual({
      domain: 'example.com',
      authenticator_type: 'cross-platform',
      user_agent: navigator.userAgent,
    });
    expect(webauthnRequests()[1]?.body).not.toHaveProperty('session_duration_minutes');
  });

  it('an already registered authenticator (InvalidStateError) surfaces by name; nothing is sent', async () => {
    credentials.create.mockRejectedValueOnce(domError('InvalidStateError'));
    const { client, webauthnRequests } = setup({ signedIn: true });
    const error = await client.webauthn.register({ is_passkey: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebAuthnError);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({
      name: 'InvalidStateError',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    });
    expect(webauthnRequests().map((r) => r.path)).toEqual(['/webauthn/register/start']);
  });

  it('a browser without WebAuthn answers NotSupportedError', async () => {
    vi.unstubAllGlobals();
    const { client } = setup({ signedIn: true });
    await expect(client.webauthn.register({ is_passkey: true })).rejects.toMatchObject({
      name: 'NotSupportedError',
    });
  });

  it('checks its options before any request', async () => {
    const { client, webauthnRequests } = setup({ signedIn: true });
    await expect(
      client.webauthn.register({ session_duration_minutes: '5' as unknown as number }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(webauthnRequests()).toEqual([]);
  });
});

describe('webauthn.authenticate', () => {
  it('without a session uses /start/primary and signs in; the credential goes back as a JSON string', async () => {
    const { client, webauthnRequests, jar } = setup();
    const result = await client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
    const [start, finish] = webauthnRequests();
    expect(start).toMatchObject({
      path: '/webauthn/authenticate/start/primary',
      body: { domain: 'app.example.com', return_passkey_credential_options: true },
    });
    const { publicKey, mediation } = firstCallArgument(credentials.get);
    expect(mediation).toBeUndefined();
    expect(view(publicKey.challenge)).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i));
    expect(finish?.path).toBe('/webauthn/authenticate');
    const body = finish?.body as { public_key_credential: string; session_duration_minutes: number };
    expect(body.session_duration_minutes).toBe(30);
    expect(JSON.parse(body.public_key_credential)).toMatchObject({
      id: 'AQID',
      rawId: 'AQID',
      type: 'public-key',
      response: {
        clientDataJSON: b64url(bytes('{"type":"webauthn.get"}')),
        authenticatorData: 'BQU',
        signature: 'BgY',
        userHandle: b64url(bytes('user-test-1')),
      },
    });
    expect(jar.values.get('gatehouse_session')).toBe('session-token-new');
    expect(result).not.toHaveProperty('__user');
  });

  it('with a session uses /start/secondary and converts allowCredentials', async () => {
    const { client, webauthnRequests } = setup({ signedIn: true });
    await client.webauthn.authenticate({ session_duration_minutes: 30 });
    expect(webauthnRequests()[0]?.path).toBe('/webauthn/authenticate/start/secondary');
    expect(webauthnRequests()[0]?.body).toEqual({ domain: 'app.example.com' });
    const { publicKey } = firstCallArgument(credentials.get);
    expect(view(publicKey.allowCredentials[0].id)).toEqual(Uint8Array.of(1, 2, 3));
  });

  it('conditional_mediation asks the browser for autofill (mediation: conditional, empty allow list)', async () => {
    const { client } = setup({ signedIn: true });
    await client.webauthn.authenticate({
      conditional_mediation: true,
      is_passkey: true,
      session_duration_minutes: 30,
    });
    const { publicKey, mediation } = firstCallArgument(credentials.get);
    expect(mediation).toBe('conditional');
    expect(publicKey.allowCredentials).toEqual([]);
  });

  it('a cancelled prompt (NotAllowedError) surfaces by name and sends nothing further', async () => {
    credentials.get.mockRejectedValueOnce(domError('NotAllowedError'));
    const { client, webauthnRequests } = setup();
    await expect(client.webauthn.authenticate({ session_duration_minutes: 30 })).rejects.toMatchObject({
      name: 'NotAllowedError',
    });
    expect(webauthnRequests().map((r) => r.path)).toEqual(['/webauthn/authenticate/start/primary']);
  });

  it('an API error (webauthn_registration_not_found) reaches the caller as APIError', async () => {
    const { client } = setup({
      routes: {
        'POST /webauthn/authenticate': () =>
          new Response(
            JSON.stringify({
              status_code: 404,
              error_type: 'webauthn_registration_not_found',
              error_message: 'Passkey registration not found.',
              error_url: 'https://x',
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      },
    });
    await expect(client.webauthn.authenticate({ session_duration_minutes: 30 })).rejects.toMatchObject({
      name: 'APIError',
      error_type: 'webauthn_registration_not_found',
    });
  });

  it('onCredentialRequest is called once the options are in, before the browser is asked; never when the start fails', async () => {
    const order: string[] = [];
    credentials.get.mockImplementationOnce(async () => {
      order.push('browser');
      return assertionCredential();
    });
    const { client } = setup();
    await client.webauthn.authenticate({
      conditional_mediation: true,
      session_duration_minutes: 30,
      onCredentialRequest: () => order.push('callback'),
    });
    expect(order).toEqual(['callback', 'browser']);

    // Issue 22 finding 1: a signed-in user without passkeys gets 404 from /start/secondary.
    const failing = setup({
      signedIn: true,
      routes: {
        'POST /webauthn/authenticate/start/secondary': () =>
          new Response(
            JSON.stringify({
              status_code: 404,
              error_type: 'webauthn_registration_not_found',
              error_message: 'Passkey registration not found.',
              error_url: 'https://x',
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      },
    });
    const onCredentialRequest = vi.fn();
    await expect(
      failing.client.webauthn.authenticate({
        conditional_mediation: true,
        session_duration_minutes: 30,
        onCredentialRequest,
      }),
    ).rejects.toMatchObject({ name: 'APIError', error_type: 'webauthn_registration_not_found' });
    expect(onCredentialRequest).not.toHaveBeenCalled();
  });

  it('needs session_duration_minutes (wire-format.md §3.3)', async () => {
    const { client, webauthnRequests } = setup();
    await expect(client.webauthn.authenticate({} as never)).rejects.toBeInstanceOf(UsageError);
    await expect(client.webauthn.authenticate(undefined as never)).rejects.toBeInstanceOf(UsageError);
    expect(webauthnRequests()).toEqual([]);
  });

  it('one ceremony at a time: a new one aborts the pending one (AbortError), the new one completes', async () => {
    credentials.get.mockImplementationOnce(pendingUntilAborted);
    const { client, webauthnRequests } = setup();
    const first = client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    await vi.waitFor(() => expect(credentials.get).toHaveBeenCalledTimes(1));
    const second = client.webauthn.authenticate({ session_duration_minutes: 30 });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toMatchObject({ webauthn_registration_id: 'webauthn-registration-test-1' });
    expect(webauthnRequests().filter((r) => r.path === '/webauthn/authenticate')).toHaveLength(1);
  });

  it('a ceremony still waiting for its options is dropped when a newer one starts', async () => {
    let releaseFirst: () => void = () => {};
    let calls = 0;
    const { client } = setup({
      routes: {
        'POST /webauthn/authenticate/start/primary': async () => {
          calls += 1;
          if (calls === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
          return ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) });
        },
      },
    });
    const first = client.webauthn.authenticate({ session_duration_minutes: 30 });
    await vi.waitFor(() => expect(calls).toBe(1));
    const second = client.webauthn.authenticate({ session_duration_minutes: 30 });
    await expect(second).resolves.toBeTruthy();
    releaseFirst();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    // The stale one never reached navigator.credentials (so it could not cancel the newer one).
    expect(credentials.get).toHaveBeenCalledTimes(1);
  });

  it('the caller’s signal cancels the ceremony; an aborted signal sends nothing', async () => {
    credentials.get.mockImplementationOnce(pendingUntilAborted);
    const { client, webauthnRequests } = setup();
    const controller = new AbortController();
    const pending = client.webauthn.authenticate({
      conditional_mediation: true,
      signal: controller.signal,
      session_duration_minutes: 30,
    });
    await vi.waitFor(() => expect(credentials.get).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const before = webauthnRequests().length;
    await expect(
      client.webauthn.authenticate({ signal: controller.signal, session_duration_minutes: 30 }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(webauthnRequests()).toHaveLength(before);
  });
});

describe('webauthn.browserSupportsAutofill and webauthn.update', () => {
  it('reports conditional mediation support', async () => {
    const { client } = setup();
    expect(await client.webauthn.browserSupportsAutofill()).toBe(true);
    conditionalAvailable = false;
    expect(await client.webauthn.browserSupportsAutofill()).toBe(false);
    vi.unstubAllGlobals();
    expect(await client.webauthn.browserSupportsAutofill()).toBe(false);
  });

  it('update PUTs { name } and returns the answer untouched', async () => {
    const registration = PASSKEY_USER.webauthn_registrations[0];
    const { client, webauthnRequests } = setup({
      signedIn: true,
      routes: {
        'PUT /webauthn/update/webauthn-registration-test-1': () =>
          ok({ webauthn_registration: registration }),
      },
    });
    const result = await client.webauthn.update({
      webauthn_registration_id: 'webauthn-registration-test-1',
      name: 'Work laptop',
    });
    expect(webauthnRequests()[0]).toMatchObject({ method: 'PUT', body: { name: 'Work laptop' } });
    expect(result).toEqual({
      request_id: 'request-id-test',
      status_code: 200,
      webauthn_registration: registration,
    });
    await expect(
      client.webauthn.update({ webauthn_registration_id: 'x', name: 5 as unknown as string }),
    ).rejects.toBeInstanceOf(UsageError);
  });
});
