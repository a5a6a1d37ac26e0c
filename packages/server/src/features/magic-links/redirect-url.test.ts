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

  it('refuses an URL off the allowlist naming the field, the URL and the project file', () => {
    expect(() =>
      resolveRedirectUrl({
        requested: 'https://allowed.example.com/elsewhere?x=1',
        allowedRedirectUrls: allowed,
        kind: 'login',
      }),
    ).toThrowError(
      expect.objectContaining({
        errorType: 'invalid_redirect_url',
        message:
          "login_magic_link_url https://allowed.example.com/elsewhere?x=1 is not one of the project's allowed redirect URLs (scheme, host, port and path must match exactly). To allow it, list it in allowed_redirect_urls of this project's entry in the project file (PROJECT_FILE).",
      }),
    );
  });

  it('issue 21 item 3: the development project also allows any path on its allowed origins, and its refusal names DEV_ALLOWED_ORIGINS', () => {
    const development = {
      allowedRedirectUrls: ['http://localhost:3000/authenticate'],
      allowedRedirectOrigins: ['http://localhost:3000', 'http://localhost:5173'],
      developmentProject: true,
    };
    // The default is still the first allowed redirect URL.
    expect(resolveRedirectUrl({ requested: null, kind: 'login', ...development })).toBe(
      'http://localhost:3000/authenticate',
    );
    expect(
      resolveRedirectUrl({
        requested: 'http://localhost:5173/auth/callback?next=%2F',
        kind: 'signup',
        ...development,
      }),
    ).toBe('http://localhost:5173/auth/callback?next=%2F');
    expect(() =>
      resolveRedirectUrl({
        requested: 'http://localhost:5174/authenticate',
        kind: 'login',
        field: 'reset_password_redirect_url',
        ...development,
      }),
    ).toThrowError(
      expect.objectContaining({
        errorType: 'invalid_redirect_url',
        message: expect.stringMatching(
          /^reset_password_redirect_url http:\/\/localhost:5174\/authenticate is not one of the project's allowed redirect URLs .*DEV_ALLOWED_ORIGINS=http:\/\/localhost:5174 \(every path on that origin is then allowed/,
        ),
      }),
    );
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
