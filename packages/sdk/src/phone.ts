// SPEC §7 "Phone parsing runs in the client with phoneNumber and regionCode, returning isValid, number and
// national" (wire-format.md §8 `parsedPhoneNumber`), default region US (SPEC §9). Parses with ./phone-parse (what
// the widget needs of libphonenumber-js's core, 1.4 KiB instead of its 9.7 KiB gzip; issue 23 item 4) over
// libphonenumber-js's smallest ("min") metadata split per country calling code (./phone-metadata,
// scripts/lib/phone-metadata.mjs): a check loads the file of the region's calling code (and of the code a number
// typed with '+' or an international prefix dials), ~0.1–1.4 KiB gzip each, not the whole ~19 KiB table. Kept out
// of the client and the otps module, so apps that never parse numbers do not bundle any of it; load it with
// `loadPhoneNumberParser()` / `parsePhoneNumberAsync()` (./phone-loader).
import { METADATA_LOADERS } from './phone-metadata/loaders';
import REGIONS from './phone-metadata/regions.json';
import { type PhoneMetadata, parseWithMetadata } from './phone-parse';

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

const REGION_CODES: Record<string, string | undefined> = REGIONS;

/** Calling code → its metadata, as loaded so far. */
const loaded = new Map<string, PhoneMetadata>();
/** Calling code → its file being fetched (a failed fetch is forgotten, so the next check retries). */
const loading = new Map<string, Promise<void>>();
let merged: PhoneMetadata | null = null;

function regionOf(options: ParsePhoneNumberOptions): string {
  return (options.regionCode || DEFAULT_REGION_CODE).toUpperCase();
}

/** The calling code of a region, or null for a region the metadata does not know (nothing to load). */
export function callingCodeOfRegion(regionCode: string): string | null {
  return REGION_CODES[regionCode.toUpperCase()] ?? null;
}

/** The calling code an international number starts with (codes are prefix-free, 1–3 digits), or null. */
export function leadingCallingCode(digits: string): string | null {
  for (let length = 1; length <= 3; length++) {
    const code = digits.slice(0, length);
    if (METADATA_LOADERS[code] !== undefined) return code;
  }
  return null;
}

/**
 * The digits after '+' or after the region's international prefix ('011' in the US, '00' in most of Europe),
 * which start with the calling code the number dials; null for a national number. The prefix is read from the
 * region's metadata, so it is only known once that is loaded.
 */
function internationalDigits(input: string, region: string): string | null {
  const text = input.trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits;
  const code = REGION_CODES[region];
  const entry =
    code === undefined
      ? undefined
      : (loaded.get(code)?.countries as Record<string, unknown> | undefined)?.[region];
  const prefix = Array.isArray(entry) ? entry[1] : undefined;
  if (typeof prefix !== 'string' || prefix === '') return null;
  const match = new RegExp(`^(?:${prefix})`).exec(digits);
  return match ? digits.slice(match[0].length) : null;
}

/** Calling codes a check of this number needs: the region's, and the one it dials when international. */
export function callingCodesFor(options: ParsePhoneNumberOptions): string[] {
  const region = regionOf(options);
  const codes = new Set<string>();
  const regionCode = REGION_CODES[region];
  if (regionCode !== undefined) codes.add(regionCode);
  const input = typeof options.phoneNumber === 'string' ? options.phoneNumber : '';
  const international = internationalDigits(input, region);
  const dialled = international === null ? null : leadingCallingCode(international);
  if (dialled !== null) codes.add(dialled);
  return [...codes];
}

function loadCallingCode(code: string): Promise<void> {
  if (loaded.has(code)) return Promise.resolve();
  let pending = loading.get(code);
  if (pending === undefined) {
    // Only codes of METADATA_LOADERS reach here (REGIONS and leadingCallingCode name no other).
    pending = METADATA_LOADERS[code]!()
      .then((module) => {
        loaded.set(code, module.default as PhoneMetadata);
        merged = null;
      })
      .finally(() => loading.delete(code));
    loading.set(code, pending);
  }
  return pending;
}

/**
 * Loads the metadata a check of this number needs (the region's calling code first: its international prefix
 * tells whether the number dials another code). A region without metadata loads nothing; its numbers are invalid
 * unless typed with '+'.
 */
export async function loadPhoneMetadata(options: ParsePhoneNumberOptions): Promise<void> {
  const regionCode = REGION_CODES[regionOf(options)];
  if (regionCode !== undefined) await loadCallingCode(regionCode);
  await Promise.all(callingCodesFor(options).map(loadCallingCode));
}

function metadata(): PhoneMetadata {
  if (merged !== null) return merged;
  const parts = [...loaded.values()];
  merged = {
    country_calling_codes: Object.assign({}, ...parts.map((part) => part.country_calling_codes)),
    countries: Object.assign({}, ...parts.map((part) => part.countries)),
    nonGeographic: Object.assign({}, ...parts.map((part) => part.nonGeographic ?? {})),
  };
  return merged;
}

/**
 * Parses with the metadata loaded so far: await `loadPhoneMetadata(options)` first (parsePhoneNumberAsync does);
 * a number whose calling code is not loaded throws rather than reading as invalid.
 */
export function parsePhoneNumber(options: ParsePhoneNumberOptions): ParsedPhoneNumber {
  const input = typeof options.phoneNumber === 'string' ? options.phoneNumber : '';
  const region = regionOf(options);
  const missing = callingCodesFor({ phoneNumber: input, regionCode: region }).filter(
    (code) => !loaded.has(code),
  );
  if (missing.length > 0) {
    throw new Error(
      `Phone metadata for +${missing.join(', +')} is not loaded: await loadPhoneMetadata() first.`,
    );
  }
  // Letters are refused rather than read as a vanity keypad ("1-800-FLOWERS"), as the server does; so are
  // extensions (phone-parse.ts). A region the metadata does not know parses '+' numbers only.
  const parsed = parseWithMetadata(input, region, metadata());
  if (!parsed) return { isValid: false, number: input, national: input };
  return parsed;
}
