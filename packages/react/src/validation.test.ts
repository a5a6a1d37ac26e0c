import { describe, expect, it } from 'vitest';
import { isValidDomain, isValidEmail } from './validation';

describe('e-mail shape (SPEC §5)', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.io", 'x@a-b.example.museum'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'ada@example.c0m',
    'ada @example.com',
    'ada@exa mple.com',
    'ada@@example.com',
    'ada@-example.com',
    'ada@example..com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));
});

describe('domain shape', () => {
  it('accepts DNS names and rejects anything with a scheme, path or markup', () => {
    expect(isValidDomain('mail.example.com')).toBe(true);
    expect(isValidDomain('https://example.com')).toBe(false);
    expect(isValidDomain('example.com/path')).toBe(false);
    expect(isValidDomain('example.com"><script>')).toBe(false);
  });
});
