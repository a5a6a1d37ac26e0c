import { describe, expect, it } from 'vitest';
import { buildMagicLinkUrl, parseRedirectUrl, resolveRedirectUrl } from './redirect-url';

const allowed = [
  'https://allowed.example.com/authenticate',
  'http://localhost:5173/authenticate?from=widget',
];

describe('resolveRedirectUrl', () => {
  it('defaults to the first allowed redirect URL', () => {
    expect(resolveRedirectUrl({ requested: null, allowedRedirectUrls: allowed, kind: 'login' })).toBe(
      'https://allowed.example.com/authenticate',
    );
  });

  it('refuses to default when the project allows no redirect URL', () => {
    expect(() =>
      resolveRedirectUrl({ requested: null, allowedRedirectUrls: [], kind: 'signup' }),
    ).toThrowError(
      expect.objectContaining({
        errorType: 'invalid_redirect_url',
        message: expect.stringContaining('signup_magic_link_url'),
      }),
    );
  });

  it.each([
    ['https://allowed.example.com/authenticate', 'https://allowed.example.com/authenticate'],
    [
      'https://allowed.example.com/authenticate?next=%2Faccount',
      'https://allowed.example.com/authenticate?next=%2Faccount',
    ],
    ['HTTPS://ALLOWED.EXAMPLE.COM/authenticate', 'https://allowed.example.com/authenticate'],
    ['https://allowed.example.com:443/authenticate', 'https://allowed.example.com/authenticate'],
    ['http://localhost:5173/authenticate', 'http://localhost:5173/authenticate'],
    ['https://allowed.example.com/x/../authenticate', 'https://allowed.example.com/authenticate'],
  ])('accepts %s (normalised to %s)', (requested, expected) => {
    expect(resolveRedirectUrl({ requested, allowedRedirectUrls: allowed, kind: 'login' })).toBe(expected);
  });
});

describe('buildMagicLinkUrl', () => {
  it('appends the token type and token, keeping the existing query', () => {
    const built = new URL(
      buildMagicLinkUrl({ redirectUrl: 'http://localhost:5173/authenticate?from=widget', token: 'a+b/c=' }),
    );
    expect(built.origin + built.pathname).toBe('http://localhost:5173/authenticate');
    expect(built.searchParams.get('from')).toBe('widget');
    expect(built.searchParams.get('stytch_token_type')).toBe('magic_links');
    expect(built.searchParams.get('token')).toBe('a+b/c=');
  });

  it('replaces a token parameter smuggled into the redirect URL', () => {
    const built = new URL(
      buildMagicLinkUrl({ redirectUrl: 'https://a.example.com/cb?token=evil', token: 'real' }),
    );
    expect(built.searchParams.getAll('token')).toEqual(['real']);
  });
});

describe('parseRedirectUrl', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(parseRedirectUrl('https://a.example.com/')).not.toBeNull();
    expect(parseRedirectUrl('ftp://a.example.com/')).toBeNull();
    expect(parseRedirectUrl('/relative')).toBeNull();
  });
});
