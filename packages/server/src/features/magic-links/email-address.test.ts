import { describe, expect, it } from 'vitest';
import { assertValidEmail, parseEmail } from './email-address';

describe('parseEmail (SPEC §5 e-mail shape)', () => {
  it.each([
    ['user@example.com', 'user@example.com'],
    ['  Mixed.Case+tag@Example.COM  ', 'mixed.case+tag@example.com'],
    ["o'brien@sub.example.co.uk", "o'brien@sub.example.co.uk"],
    ['a@b.io', 'a@b.io'],
    ['user@bücher.de', 'user@bücher.de'],
    ['user@example.xn--p1ai', 'user@example.xn--p1ai'],
  ])('accepts %j as %j', (input, expected) => {
    expect(parseEmail(input)).toBe(expected);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@example.123',
    'user@@example.com',
    'us er@example.com',
    'user@exa mple.com',
    '"quoted"@example.com',
    'a,b@example.com',
    '<a@example.com>',
    'a@example.com\r\nBcc: victim@example.com',
    'a@example.com\nBcc: x@y.zz',
    'a\u0000@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@.example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (input) => {
    expect(parseEmail(input)).toBeNull();
  });

  it('allows exactly 254 characters and refuses 255', () => {
    const domain = `${'d'.repeat(61)}.${'e'.repeat(61)}.${'f'.repeat(61)}.com`;
    const local254 = 'l'.repeat(254 - domain.length - 1);
    expect(local254.length).toBeLessThanOrEqual(64);
    expect(parseEmail(`${local254}@${domain}`)).toHaveLength(254);
    expect(parseEmail(`${local254}@d${domain}`)).toBeNull();
  });
});

describe('assertValidEmail', () => {
  it('throws a 400 invalid_email with the SPEC §5 message', () => {
    expect(() => assertValidEmail('nope')).toThrowError(
      expect.objectContaining({
        errorType: 'invalid_email',
        statusCode: 400,
        message: expect.stringContaining('Invalid email address'),
      }),
    );
  });
  it('returns the normalised address', () => {
    expect(assertValidEmail(' A@B.CO ')).toBe('a@b.co');
  });
});
