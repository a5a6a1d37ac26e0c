// SPEC §5 / §7: phone numbers are parsed for a region (default US, SPEC §9) and must be valid; the server stores
// and sends E.164 only. security-tests.md IV-07: letters, more than 15 digits and premium-rate numbers are refused
// here, before any user row is written or any provider is called. The server uses the full ("max") metadata: the
// number type (premium rate, shared cost) is only known with it, and bundle size does not matter here.
import { CONSTANTS } from '@gatehouse/protocol';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ApiError } from '../../infra/errors';

/** ITU-T E.164: at most 15 digits including the country calling code. */
export const MAX_E164_DIGITS = 15;

export const INVALID_PHONE_MESSAGE = 'Invalid phone number, please try again.';

/** Number types that bill the sender or the recipient extra; never a destination for passcodes (SMS pumping). */
const REFUSED_TYPES = new Set(['PREMIUM_RATE', 'SHARED_COST']);

export interface ParsedPhone {
  /** E.164, e.g. +14155550123. */
  e164: string;
  /** Country calling code without '+', e.g. '1'. */
  countryCallingCode: string;
  /** ISO 3166 region of the number when known (e.g. 'US'), else null. */
  country: string | null;
}

/** Returns null when the input is not a valid, acceptable phone number. */
export function parsePhone(input: string, options: { defaultRegion?: string } = {}): ParsedPhone | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 64) return null;
  // libphonenumber-js would read vanity letters as digits ("1-800-FLOWERS"); a passcode destination must be
  // typed as digits (security-tests.md IV-07). Only digits, spaces, + - . ( ) and '/' are accepted.
  if (!/^\+?[0-9\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > MAX_E164_DIGITS) return null;
  const region = (options.defaultRegion ?? CONSTANTS.defaultPhoneRegion) as CountryCode;
  const parsed = parsePhoneNumberFromString(text, region);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== undefined && REFUSED_TYPES.has(type)) return null;
  if (parsed.number.length - 1 > MAX_E164_DIGITS) return null;
  return {
    e164: parsed.number,
    countryCallingCode: parsed.countryCallingCode,
    country: parsed.country ?? null,
  };
}

/** Throws 400 `invalid_phone_number` unless the input is a valid number; returns it parsed. */
export function assertValidPhone(
  input: string,
  options: { allowedCountries?: readonly string[] | null } = {},
): ParsedPhone {
  const phone = parsePhone(input);
  if (phone === null) {
    throw new ApiError(
      'invalid_phone_number',
      `${INVALID_PHONE_MESSAGE} Expected an E.164 number such as +14155550123 (US numbers may omit +1).`,
    );
  }
  const allowed = options.allowedCountries ?? null;
  if (allowed !== null && (phone.country === null || !allowed.includes(phone.country))) {
    // security-tests.md BF-05: disallowed country codes are refused before the provider is called.
    // Stytch's error type for a country it does not send to (its "unsupported countries" guide).
    throw new ApiError(
      'invalid_phone_number_country_code',
      'Passcodes cannot be sent to phone numbers of this country. Please use another sign-in method.',
    );
  }
  return phone;
}

/**
 * The key of the per-prefix send limit (security-tests.md BF-05, SMS pumping across numbers that share a prefix):
 * the number without its last four digits, e.g. +1415555 for +14155550123.
 */
export function phonePrefix(e164: string): string {
  return e164.slice(0, Math.max(e164.length - 4, 3));
}
