// security-tests.md RD-01 / RD-02: everything that is not an allowlisted scheme+host+port+path is refused.
import { describe, expect, it } from 'vitest';
import { redirectAllowlist, resolveRedirectUrl } from './redirect-url';

const allowedRedirectUrls = ['https://allowed.example.com/callback', 'https://app.example.com/'];

const bypassCorpus = [
  // Look-alike hosts, ports, userinfo, path prefixes.
  'https://allowed.example.com.evil.com/callback',
  'https://allowed@evil.com/callback',
  'https://allowed.example.com@evil.com/callback',
  'https://user:pass@allowed.example.com/callback',
  'https://allowed.example.com:8443/callback',
  'http://allowed.example.com/callback',
  'https://allowed.example.com/callback/extra',
  'https://allowed.example.com/callbackevil',
  'https://allowed.example.com/call',
  'https://allowed.example.com/Callback',
  'https://evilallowed.example.com/callback',
  'https://allowed.example.com./callback',
  'https://аllowed.example.com/callback', // Cyrillic а
  'https://allowed.example.com%2F%2Fevil.com/callback',
  'https://allowed.example.com/callback%2F..%2F..%2Fevil',
  // Scheme tricks.
  '//evil.test',
  '/\\evil.test',
  '\\\\evil.test',
  'https:evil.test',
  'https:/allowed.example.com/callback',
  'https:allowed.example.com/callback',
  '%2F%2Fevil.test',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)//https://allowed.example.com/callback',
  'data:text/html,<script>alert(1)</script>',
  // Characters the URL parser would silently drop or rewrite.
  'https://allowed.example.com/call\tback',
  'https://allowed.exa\nmple.com/callback',
  ' https://allowed.example.com/callback',
  'https://allowed.example.com\\@evil.com/callback',
  'https://allowed.example.com/callback\u0000',
  'https://allowed.example.com/callback\ud800',
  // The root entry must not act as a prefix for every path.
  'https://app.example.com/anything',
  'https://app.example.com.evil.test/',
  '',
];

describe('redirect URL bypass corpus (RD-02)', () => {
  it.each(bypassCorpus)('refuses %j', (requested) => {
    for (const kind of ['login', 'signup'] as const) {
      expect(() => resolveRedirectUrl({ requested, allowedRedirectUrls, kind })).toThrowError(
        expect.objectContaining({ errorType: 'invalid_redirect_url', statusCode: 400 }),
      );
    }
  });

  it('ignores malformed allowlist entries instead of matching them loosely', () => {
    expect(() =>
      resolveRedirectUrl({
        requested: 'https://evil.test/',
        allowedRedirectUrls: ['not a url', '*.evil.test'],
        kind: 'login',
      }),
    ).toThrowError(expect.objectContaining({ errorType: 'invalid_redirect_url' }));
  });
});

// Issue 21 item 3: the development project allows any path on its allowed origins. The origin itself still has to
// match exactly: every trick above that changes the scheme, host or port, or smuggles userinfo, is refused.
const originCorpus = [
  'https://allowed.example.com.evil.com/callback',
  'https://allowed@evil.com/callback',
  'https://allowed.example.com@evil.com/callback',
  'https://user:pass@allowed.example.com/callback',
  'https://allowed.example.com:8443/callback',
  'http://allowed.example.com/callback',
  'https://evilallowed.example.com/callback',
  'https://allowed.example.com./callback',
  'https://аllowed.example.com/callback',
  'https://allowed.example.com%2F%2Fevil.com/callback',
  'https://sub.allowed.example.com/callback',
  '//evil.test',
  'https:evil.test',
  'https:/allowed.example.com/callback',
  'https:allowed.example.com/callback',
  'javascript:alert(1)//https://allowed.example.com/callback',
  'https://allowed.example.com/call\tback',
  ' https://allowed.example.com/callback',
  'https://allowed.example.com\\@evil.com/callback',
  'https://allowed.example.com/callback\u0000',
];

describe('redirect URL bypass corpus against an origin allowing any path (issue 21 item 3)', () => {
  const options = {
    allowedRedirectUrls: [],
    allowedRedirectOrigins: ['https://allowed.example.com'],
    developmentProject: true,
  };

  it('accepts any path and query on the origin itself', () => {
    for (const requested of [
      'https://allowed.example.com/',
      'https://allowed.example.com/anything/deep?x=1',
      'https://ALLOWED.example.com:443/authenticate',
    ]) {
      expect(() => resolveRedirectUrl({ requested, kind: 'login', ...options })).not.toThrow();
    }
  });

  it.each(originCorpus)('refuses %j', (requested) => {
    expect(() => resolveRedirectUrl({ requested, kind: 'login', ...options })).toThrowError(
      expect.objectContaining({ errorType: 'invalid_redirect_url', statusCode: 400 }),
    );
  });

  it('gives no project but the development one an origin allowing any path', () => {
    const project = {
      allowedRedirectUrls: ['https://allowed.example.com/callback'],
      allowedOrigins: ['https://allowed.example.com'],
    };
    expect(redirectAllowlist({ ...project, isDevelopment: false }).allowedRedirectOrigins).toEqual([]);
    expect(() =>
      resolveRedirectUrl({
        requested: 'https://allowed.example.com/elsewhere',
        kind: 'login',
        ...redirectAllowlist({ ...project, isDevelopment: false }),
      }),
    ).toThrowError(expect.objectContaining({ errorType: 'invalid_redirect_url' }));
    expect(
      resolveRedirectUrl({
        requested: 'https://allowed.example.com/elsewhere',
        kind: 'login',
        ...redirectAllowlist({ ...project, isDevelopment: true }),
      }),
    ).toBe('https://allowed.example.com/elsewhere');
  });
});
