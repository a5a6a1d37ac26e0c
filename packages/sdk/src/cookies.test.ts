import { describe, expect, it } from 'vitest';
import { createSessionCookies, isLocalhost } from './cookies';
import { createFakeCookieJar } from './test-support/fakes';

const at = (hostname: string) => ({ origin: `https://${hostname}`, hostname, host: hostname });

describe('session cookies (wire-format.md §5.1, SPEC §9)', () => {
  it('Secure is off on localhost, [::1] and 127.x, on elsewhere', () => {
    expect(['localhost', '[::1]', '127.0.0.1', '127.1.2.3'].map(isLocalhost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['example.com', '127.0.0.1.nip.io', 'localhost.example.com', '10.0.0.1'].map(isLocalhost)).toEqual(
      [false, false, false, false],
    );
    const expires = new Date('2030-01-01T00:30:00Z');
    for (const [hostname, secure] of [
      ['localhost', false],
      ['127.0.0.1', false],
      ['app.example.com', true],
    ] as const) {
      const jar = createFakeCookieJar();
      createSessionCookies({ jar, location: at(hostname), cookieOptions: undefined }).set(
        'gatehouse_session',
        'tok',
        expires,
      );
      expect(jar.writes[0]).toBe(
        `gatehouse_session=tok; path=/; expires=${expires.toUTCString()}; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
  });

  it('uses the default names, or the overrides of cookieOptions', () => {
    const jar = createFakeCookieJar();
    expect(createSessionCookies({ jar, location: at('a.com'), cookieOptions: undefined }).names).toEqual({
      session: 'gatehouse_session',
      jwt: 'gatehouse_session_jwt',
      ist: 'gatehouse_intermediate_session_token',
    });
    expect(
      createSessionCookies({
        jar,
        location: at('a.com'),
        cookieOptions: { opaqueTokenCookieName: 's', jwtCookieName: 'j', istCookieName: 'i' },
      }).names,
    ).toEqual({ session: 's', jwt: 'j', ist: 'i' });
  });

  it('sets Domain only with availableToSubdomains off localhost; path from cookieOptions', () => {
    const jar = createFakeCookieJar();
    const options = { availableToSubdomains: true, domain: '.example.com', path: '/app' };
    createSessionCookies({ jar, location: at('app.example.com'), cookieOptions: options }).set(
      'n',
      'v',
      null,
    );
    createSessionCookies({ jar, location: at('localhost'), cookieOptions: options }).set('n', 'v', null);
    createSessionCookies({ jar, location: at('app.example.com'), cookieOptions: { domain: 'x.com' } }).set(
      'n',
      'v',
      null,
    );
    expect(jar.writes).toEqual([
      'n=v; path=/app; domain=.example.com; SameSite=Lax; Secure',
      'n=v; path=/app; SameSite=Lax',
      'n=v; path=/; SameSite=Lax; Secure',
    ]);
  });

  it('reads values back (encoded on write) and removes with past expiry across path/domain variants', () => {
    const jar = createFakeCookieJar({ other: 'x' });
    const cookies = createSessionCookies({ jar, location: at('a.com'), cookieOptions: { path: '/p' } });
    cookies.set('gatehouse_session', 'a b;c=d', null);
    expect(cookies.get('gatehouse_session')).toBe('a b;c=d');
    expect(cookies.get('missing')).toBeNull();
    jar.writes.length = 0;
    cookies.remove('gatehouse_session');
    expect(cookies.get('gatehouse_session')).toBeNull();
    expect(cookies.get('other')).toBe('x');
    expect(jar.writes).toHaveLength(4);
    for (const write of jar.writes) expect(write).toContain('expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });
});
