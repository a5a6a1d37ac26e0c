// security-tests.md SS-03 / SS-06 and the SDK side of TK (PKCE): what the browser client must never do.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authenticated,
  BOOTSTRAP_WIRE,
  createTestClient,
  json,
  makeSession,
  ok,
  PUBLIC_TOKEN,
} from './test-support/fakes';
import { validate } from './usage';

let dispose: () => void = () => {};
afterEach(() => {
  dispose();
  vi.useRealTimers();
});

const decode = (value: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));

describe('SDK security properties', () => {
  it('SS-06: session tokens and JWTs never reach localStorage, telemetry or the events endpoint', async () => {
    vi.useFakeTimers();
    const { client, storage, requests } = createTestClient({
      routes: {
        'POST /magic_links/authenticate': () =>
          authenticated({ session_token: 'SECRET-OPAQUE-TOKEN', session_jwt: 'SECRET.JWT.VALUE' }),
        'POST /sessions/authenticate': () =>
          authenticated({ session_token: 'SECRET-OPAQUE-TOKEN', session_jwt: 'SECRET.JWT.VALUE' }),
        'GET /users/me': () => ok(),
      },
    });
    dispose = client.dispose;
    await client.magicLinks.authenticate('t', { session_duration_minutes: 30 });
    await vi.advanceTimersByTimeAsync(180_000);
    await client.user.get();
    client.telemetry.logEvent('render_login_screen', {});
    await vi.advanceTimersByTimeAsync(800);
    const stored = [...storage.map.entries()].flat().join('\n');
    expect(stored).not.toContain('SECRET');
    for (const request of requests) {
      if (request.headers['X-SDK-Client'])
        expect(decode(request.headers['X-SDK-Client'])).not.toContain('SECRET');
      if (request.path === '/events') {
        expect(request.rawBody).not.toContain('SECRET');
        expect(request.headers).not.toHaveProperty('Authorization');
      }
    }
  });

  it('SS-03: after revoke the next request authenticates with the public token only (no token kept in memory)', async () => {
    const { client, apiRequests } = createTestClient({
      cookies: { gatehouse_session: 'tok-1', gatehouse_session_jwt: 'jwt-1' },
      routes: {
        'POST /sessions/authenticate': () => authenticated({ session_token: 'tok-1' }),
        'POST /sessions/revoke': () => ok(),
        'POST /magic_links/email/login_or_create': () => ok(),
      },
    });
    dispose = client.dispose;
    await client.session.revoke();
    await client.magicLinks.email.loginOrCreate('a@example.com');
    expect(apiRequests().at(-1)?.headers.Authorization).toBe(
      `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`,
    );
  });

  it('a token from the server cannot inject cookie attributes', async () => {
    const { client, jar } = createTestClient({
      routes: {
        'POST /sessions/authenticate': () =>
          authenticated({
            session_token: 'x; domain=evil.example; path=/',
            session_jwt: 'j\r\nSet-Cookie: a=b',
          }),
      },
    });
    dispose = client.dispose;
    await client.session.authenticate();
    const written = jar.writes.filter((w) => /^gatehouse_session(_jwt)?=[^;]/.test(w));
    expect(written).toHaveLength(2);
    for (const write of written) {
      // The value is percent-encoded, so no `; domain=` attribute can appear.
      expect(write).not.toMatch(/;\s*domain=/i);
      expect(write).not.toMatch(/[\r\n]/);
    }
    expect(client.session.getTokens()).toEqual({
      session_token: 'x; domain=evil.example; path=/',
      session_jwt: 'j\r\nSet-Cookie: a=b',
    });
  });

  it('an unparsable session expiry does not throw or write an invalid expires attribute', async () => {
    const { client, jar } = createTestClient({
      routes: {
        'POST /sessions/authenticate': () => authenticated({ session: makeSession({ expires_at: 'soon' }) }),
      },
    });
    dispose = client.dispose;
    await client.session.authenticate();
    expect(jar.writes.filter((w) => w.startsWith('gatehouse_session=')).join()).not.toContain('Invalid Date');
  });

  it('TK: the PKCE verifier is never sent when requesting a link, only the S256 challenge', async () => {
    const { client, requests, storage } = createTestClient({
      routes: {
        [`GET /projects/bootstrap/${PUBLIC_TOKEN}`]: () =>
          json(200, { data: { ...BOOTSTRAP_WIRE, pkce_required_for_email_magic_links: true } }),
        'POST /magic_links/email/login_or_create': () => ok(),
      },
    });
    dispose = client.dispose;
    await client.magicLinks.email.loginOrCreate('a@example.com');
    const pair = JSON.parse(
      storage.getItem(`gatehouse_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:magic_links`) ?? '',
    );
    expect(pair.code_verifier.length).toBeGreaterThanOrEqual(16);
    expect(pair.code_challenge).not.toBe(pair.code_verifier);
    for (const request of requests) {
      expect(JSON.stringify(request.body ?? null)).not.toContain(pair.code_verifier);
      expect(decode(request.headers['X-SDK-Client'] ?? '')).not.toContain(pair.code_verifier);
    }
  });

  it('usage errors name the field but never echo the rejected value', () => {
    const secret = { password: 'hunter2-secret' };
    expect(() => validate('passwords.authenticate').string('password', secret)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});
