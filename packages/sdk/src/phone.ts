// SPEC §7 "Phone parsing runs in the client with phoneNumber and regionCode, returning isValid, number and
// national" (wire-format.md §8 `parsedPhoneNumber`), default region US (SPEC §9). Uses libphonenumber-js with its
// smallest ("min") metadata. Kept out of the client and the otps module, so apps that never parse numbers do not
// bundle the metadata; load it with `loadPhoneNumberParser()` / `parsePhoneNumberAsync()` (./phone-loader).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

export interface ParsePhoneNumberOptions {
  phoneNumber: string;
  /** ISO 3166-1 alpha-2 region for national numbers; default 'US'. */
  regionCode?: string;
}

export interface ParsedPhoneNumber {
  /** SPEC §5: a phone must be valid for its region, otherwise 'Invalid phone number, please try again.' */
  isValid: boolean;
  /** E.164 (what the UI sends as `phone_number`), or the input as typed when it cannot be parsed. */
  number: string;
  /** National format for display, e.g. '(415) 555-0123', or the input as typed when it cannot be parsed. */
  national: string;
}

// Written out rather than read from the protocol's CONSTANTS.defaultPhoneRegion: a runtime import of the protocol
// from this lazily loaded chunk split the protocol into a chunk of its own, a second file in every page's initial
// load (bench widget-size); phone.test.ts checks the two agree.
export const DEFAULT_REGION_CODE: string = 'US';

export function parsePhoneNumber(options: ParsePhoneNumberOptions): ParsedPhoneNumber {
  const input = typeof options.phoneNumber === 'string' ? options.phoneNumber : '';
  const region = (options.regionCode || DEFAULT_REGION_CODE).toUpperCase() as CountryCode;
  // Letters are refused rather than read as a vanity keypad ("1-800-FLOWERS"), as the server does.
  const parsed = /[A-Za-z]/.test(input) ? undefined : safeParse(input, region);
  if (!parsed) return { isValid: false, number: input, national: input };
  return { isValid: parsed.isValid(), number: parsed.number, national: parsed.formatNational() };
}

function safeParse(input: string, region: CountryCode) {
  try {
    return parsePhoneNumberFromString(input, region);
  } catch {
    // An unknown region code: nothing can be parsed for it.
    return undefined;
  }
}
