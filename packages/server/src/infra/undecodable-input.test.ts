// What counts as undecodable (issue 8 item 3, security-tests.md IV-04); the route-by-route table is in
// undecodable-input.security.test.ts.
import { describe, expect, it } from 'vitest';
import { parseBasicAuthorization, undecodableBasicAuthorization } from './auth';
import { isDecodableUrlPart, undecodableUrlPart } from './undecodable-input';

const basic = (bytes: Buffer | string) => `Basic ${Buffer.from(bytes).toString('base64')}`;

describe('URL parts', () => {
  it.each([
    '/sdk/v1/sessions/authenticate',
    'to=ada%40example.com&limit=10',
    'to=%C3%A9t%C3%A9',
    'name=%F0%9F%98%80',
    'path=%2Fa%2Fb',
    'a=b+c',
    '',
  ])('accepts %j', (part) => {
    expect(isDecodableUrlPart(part)).toBe(true);
  });

  it.each([
    ['a raw NUL', 'a\u0000b'],
    ['an escaped NUL', 'to=%00'],
    ['a lone %', 'to=%'],
    ['a % without two hex digits', 'to=%g1'],
    ['a byte that starts no UTF-8 character', 'to=%FF'],
    ['a truncated UTF-8 sequence', 'to=%C3%28'],
    ['an overlong encoding', 'to=%E0%80%80'],
    ['an encoded surrogate (CESU-8)', 'to=%ED%A0%80'],
    ['an overlong NUL', 'to=%C0%80'],
    ['a lone surrogate (app.inject only)', 'to=\uD800'],
  ])('refuses %s', (_name, part) => {
    expect(isDecodableUrlPart(part)).toBe(false);
  });

  it('names the part: the path (params) before the query', () => {
    expect(undecodableUrlPart('/a/b?c=d')).toBeNull();
    expect(undecodableUrlPart('/a/%00?c=d')).toBe('params');
    expect(undecodableUrlPart('/a/%00?c=%00')).toBe('params');
    expect(undecodableUrlPart('/a/b?c=%00')).toBe('query');
  });
});

describe('Basic authorization', () => {
  const token = 'public-token-test-00000000-0000-4000-8000-000000000000';

  it('reads a well-formed header, the session token null when it repeats the public token', () => {
    expect(undecodableBasicAuthorization(basic(`${token}:${token}`))).toBeNull();
    expect(parseBasicAuthorization(basic(`${token}:${token}`))).toEqual({
      publicToken: token,
      sessionToken: null,
    });
    expect(parseBasicAuthorization(basic(`${token}:session-abc`))).toEqual({
      publicToken: token,
      sessionToken: 'session-abc',
    });
  });

  it.each([
    ['absent', undefined],
    ['not Basic', `Bearer ${token}`],
    ['no colon', basic('nocolon')],
    ['an empty public token', basic(':x')],
  ])('is simply missing credentials when %s (401, not 400)', (_name, header) => {
    expect(undecodableBasicAuthorization(header)).toBeNull();
    expect(parseBasicAuthorization(header)).toBeNull();
  });

  it.each([
    ['not base64', 'Basic not*base64!', 'is not base64'],
    ['invalid UTF-8', basic(Buffer.concat([Buffer.from(`${token}:`), Buffer.from([0xff])])), 'UTF-8'],
    ['an overlong NUL', basic(Buffer.concat([Buffer.from(`${token}:`), Buffer.from([0xc0, 0x80])])), 'UTF-8'],
    ['a NUL', basic(`${token}:a\u0000b`), 'NUL or control'],
    ['a control character', basic(`${token}:\u001b[31m`), 'NUL or control'],
    ['DEL', basic(`${token}:\u007f`), 'NUL or control'],
  ])(
    'cannot be read when it is %s: the reason is named, and it parses to nothing',
    (_name, header, reason) => {
      expect(undecodableBasicAuthorization(header)).toContain(reason);
      expect(parseBasicAuthorization(header)).toBeNull();
    },
  );
});
