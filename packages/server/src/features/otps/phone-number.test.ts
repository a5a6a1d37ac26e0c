// SPEC §5 / §9 phone parsing (default region US) and the refusals of security-tests.md IV-07.
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../infra/errors';
import { assertValidPhone, parsePhone, phonePrefix } from './phone-number';

describe('parsePhone', () => {
  it.each([
    ['+1 415 555 0123', '+14155550123', 'US'],
    ['(415) 555-0123', '+14155550123', 'US'],
    ['415.555.0123', '+14155550123', 'US'],
    ['+44 20 7183 8750', '+442071838750', 'GB'],
    ['+44 7400 123456', '+447400123456', 'GB'],
    ['+33 6 12 34 56 78', '+33612345678', 'FR'],
  ])('%s → %s', (input, e164, country) => {
    expect(parsePhone(input)).toEqual({
      e164,
      countryCallingCode: e164 === '+14155550123' ? '1' : expect.any(String),
      country,
    });
  });

  it.each([
    ['letters (vanity numbers)', '1-800-FLOWERS'],
    ['an extension', '+1 415 555 0123 ext 4'],
    ['16 digits', '+1234567890123456'],
    ['an unassigned area code', '+1 555 555 0123'],
    ['premium rate', '+1 900 555 0123'],
    ['too short', '415555012'],
    ['a drama range', '+44 7700 900123'],
    ['empty', '  '],
    ['a plus only', '+'],
  ])('refuses %s', (_label, input) => {
    expect(parsePhone(input)).toBeNull();
  });

  it('reads national numbers in the given region', () => {
    expect(parsePhone('07400 123456', { defaultRegion: 'GB' })?.e164).toBe('+447400123456');
  });
});

describe('assertValidPhone', () => {
  it('throws 400 invalid_phone_number with the SPEC §5 text', () => {
    try {
      assertValidPhone('abc');
      expect.unreachable();
    } catch (error) {
      expect(isApiError(error) && error.errorType).toBe('invalid_phone_number');
      expect((error as Error).message).toMatch(/^Invalid phone number, please try again\./);
    }
  });

  it('applies a country allowlist', () => {
    expect(assertValidPhone('+14155550123', { allowedCountries: ['US'] }).e164).toBe('+14155550123');
    expect(() => assertValidPhone('+447400123456', { allowedCountries: ['US'] })).toThrow(/country/);
  });
});

describe('phonePrefix', () => {
  it('drops the last four digits', () => {
    expect(phonePrefix('+14155550123')).toBe('+1415555');
    expect(phonePrefix('+447400123456')).toBe('+44740012');
  });
});
