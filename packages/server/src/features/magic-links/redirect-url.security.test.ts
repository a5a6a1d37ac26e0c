// security-tests.md RD-01 / RD-02: everything that is not an allowlisted scheme+host+port+path is refused.
import { describe, expect, it } from 'vitest';
import { resolveRedirectUrl } from './redirect-url';

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
