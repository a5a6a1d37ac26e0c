// SPEC §7 phone parsing (isValid, number, national) over libphonenumber-js's "min" metadata (version 4, split per
// calling code: ./phone-metadata), without libphonenumber-js in the bundle. Issue 23 item 4: its core was 9.7 KiB
// gzip of the 14.3 KiB chunk every phone form loads when a number is typed; this file is what the widget needs of it
// (parse with a default region, the validity check, the national format), 1.4 KiB. It follows libphonenumber-js
// 1.13's parse → isValid → formatNational step for step (the comments name its functions), and phone-parse.test.ts
// compares the two on every region's example numbers written every way a visitor would type them.
//
// One deliberate difference: an input with a letter or with a character only extensions use (# , ; ~) is invalid.
// libphonenumber-js reads "… ext. 12", "…#12" or "…,,12" as an extension and drops it from the E.164 number, which
// would send a passcode to the main line; nothing else here reads letters either (1-800-FLOWERS is refused, like the
// server does).

/** A numbering plan as the metadata stores it (libphonenumber-js metadata v4 arrays; only the fields read here). */
type Plan = [
  callingCode: string,
  iddPrefix: string,
  nationalNumberPattern: string,
  possibleLengths: number[] | undefined,
  formats: Format[] | undefined | 0,
  nationalPrefix: string | undefined | 0,
  nationalPrefixFormattingRule: string | undefined | 0,
  nationalPrefixForParsing: string | undefined | 0,
  nationalPrefixTransformRule: string | undefined | 0,
  nationalPrefixIsOptional: unknown,
  leadingDigits: string | undefined | 0,
  types: Array<[pattern: string, possibleLengths?: number[]] | 0 | undefined> | undefined | 0,
];
type Format = [
  pattern: string,
  format: string,
  leadingDigitsPatterns?: string[] | 0,
  nationalPrefixFormattingRule?: string | 0,
];

/** The metadata JSON as phone-metadata/by-calling-code files hold it, or several of them merged. */
export interface PhoneMetadata {
  country_calling_codes: Record<string, string[] | undefined>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

export interface ParsedNumber {
  isValid: boolean;
  /** E.164. */
  number: string;
  national: string;
}

// libphonenumber-js constants.js.
const DIGITS = '0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9';
const PUNCTUATION =
  '-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D\\[\\]~\u2053\u223C\uFF5E';
const PLUS = '+\uFF0B';
const MAX_INPUT_LENGTH = 250;
const MIN_NATIONAL_LENGTH = 2;
const MAX_NATIONAL_LENGTH = 17;
const START = new RegExp(`[${PLUS}${DIGITS}]`);
const TRAILING = new RegExp(`[^${DIGITS}#]+$`);
// isViablePhoneNumber without its extension alternative (extensions are refused before).
const VIABLE = new RegExp(
  `^[${DIGITS}]{2}$|^[${PLUS}]?(?:[${PUNCTUATION}]*[${DIGITS}]){3,}[${PUNCTUATION}${DIGITS}]*$`,
);
const EXTENSION_OR_LETTER = /\p{L}|[#\uFF03,;~\uFF5E]/u;

const matches = (text: string, pattern: string): boolean => new RegExp(`^(?:${pattern})$`).test(text);
const startsWith = (text: string, pattern: string): boolean => new RegExp(`^(?:${pattern})`).test(text);

/** parseIncompletePhoneNumber: ASCII digits (from any digit set the metadata knows), '+' only first. */
function normalize(text: string): string {
  let result = '';
  for (const character of text) {
    if (character === '+') {
      if (result === '') result = '+';
      continue;
    }
    const code = character.charCodeAt(0);
    for (const zero of [0x30, 0xff10, 0x660, 0x6f0]) {
      if (code >= zero && code <= zero + 9) result += String(code - zero);
    }
  }
  return result;
}

// Functions of the metadata rather than a class: the minifier renames them (a class keeps its method names).

/** The regions of a calling code; undefined for an unknown or non-geographic one (getCountryCodesForCallingCode). */
function regionsOf(metadata: PhoneMetadata, callingCode: string): string[] | undefined {
  const regions = metadata.country_calling_codes[callingCode];
  return regions && !(regions.length === 1 && regions[0]!.length === 3) ? regions : undefined;
}

function regionPlan(metadata: PhoneMetadata, region: string): Plan | undefined {
  return Object.hasOwn(metadata.countries, region) ? (metadata.countries[region] as Plan) : undefined;
}

/** A calling code's plan: its main region's, or its non-geographic entity's (getNumberingPlanMetadata). */
function callingCodePlan(metadata: PhoneMetadata, callingCode: string): Plan {
  const main = regionsOf(metadata, callingCode)?.[0];
  return (main === undefined ? metadata.nonGeographic?.[callingCode] : regionPlan(metadata, main)) as Plan;
}

/** checkNumberLength against a plan's possible lengths: 'short', 'long', 'invalid' or 'possible'. */
function lengthFit(nationalNumber: string, plan: Plan): 'short' | 'long' | 'invalid' | 'possible' {
  const lengths = plan[3];
  if (!lengths) return 'possible';
  const length = nationalNumber.length;
  if (lengths[0] === length) return 'possible';
  if (lengths[0]! > length) return 'short';
  if (lengths[lengths.length - 1]! < length) return 'long';
  return lengths.indexOf(length, 1) >= 0 ? 'possible' : 'invalid';
}

/** getNumberType(…) !== undefined: the national pattern and one type's pattern and lengths. */
function hasType(nationalNumber: string, plan: Plan): boolean {
  if (!matches(nationalNumber, plan[2])) return false;
  // The ten types libphonenumber-js knows (fixed line, mobile, toll free, … shared cost), in its order.
  for (const type of (plan[11] || []).slice(0, 10)) {
    if (typeof type !== 'object' || !type[0]) continue;
    const lengths = type[1] || plan[3];
    if (lengths && !lengths.includes(nationalNumber.length)) continue;
    if (matches(nationalNumber, type[0])) return true;
  }
  return false;
}

/** getCountryByCallingCode: the one region, or the first whose leading digits or number types fit. */
function regionOfNumber(
  metadata: PhoneMetadata,
  callingCode: string,
  nationalNumber: string,
): string | undefined {
  const regions = regionsOf(metadata, callingCode);
  if (!regions || regions.length === 1) return regions?.[0];
  return regions.find((region) => {
    const plan = regionPlan(metadata, region)!;
    return plan[10] ? startsWith(nationalNumber, plan[10]) : hasType(nationalNumber, plan);
  });
}

/** extractNationalNumber: strips the national prefix (and carrier code) when what is left still fits the plan. */
function nationalNumberOf(metadata: PhoneMetadata, number: string, plan: Plan): string {
  const forParsing = plan[7] || plan[5];
  if (!number || !forParsing) return number;
  const prefix = new RegExp(`^(?:${forParsing})`);
  const match = prefix.exec(number);
  if (!match) return number;
  const captured = match.length - 1;
  const transform = plan[8];
  const national =
    transform && captured > 0 && match[captured]
      ? number.replace(prefix, transform)
      : number.slice(match[0].length);
  if (national === number) return number;
  if (matches(number, plan[2]) && !matches(national, plan[2])) return number;
  if (plan[3]) {
    const region = regionOfNumber(metadata, plan[0], national);
    const fit = lengthFit(national, region === undefined ? plan : regionPlan(metadata, region)!);
    if (fit === 'short' || fit === 'invalid') return number;
  }
  return national;
}

/**
 * extractCountryCallingCode: the calling code the number dials ('+', the region's international prefix, or the
 * region's own code typed without '+'), and the rest; an empty object when a '+' number names no known code.
 */
function callingCodeOf(
  metadata: PhoneMetadata,
  number: string,
  region: string | undefined,
): { callingCode?: string; rest?: string } {
  if (number === '') return {};
  if (number[0] !== '+') {
    const plan = region === undefined ? undefined : regionPlan(metadata, region);
    if (plan === undefined) return { rest: number };
    // stripIddPrefix: no prefix, an empty one, nothing after it, or a '0' after it is not an international call.
    const idd = plan[1] ? new RegExp(`^(?:${plan[1]})`).exec(number) : null;
    const afterIdd = idd ? number.slice(idd[0].length) : '';
    if (!idd || afterIdd === number || afterIdd === '' || afterIdd[0] === '0') {
      return ownCodeWithoutPlus(metadata, number, plan);
    }
    number = `+${afterIdd}`;
  }
  if (number[1] === '0') return {};
  for (let end = 2; end - 1 <= 3 && end <= number.length; end++) {
    const callingCode = number.slice(1, end);
    if (
      regionsOf(metadata, callingCode) !== undefined ||
      metadata.nonGeographic?.[callingCode] !== undefined
    ) {
      return { callingCode, rest: number.slice(end) };
    }
  }
  return {};
}

/** extractCountryCallingCodeFromInternationalNumberWithoutPlusSign. */
function ownCodeWithoutPlus(
  metadata: PhoneMetadata,
  number: string,
  plan: Plan,
): { callingCode?: string; rest: string } {
  const callingCode = plan[0];
  if (!number.startsWith(callingCode)) return { rest: number };
  const shorter = number.slice(callingCode.length);
  const shorterNational = nationalNumberOf(metadata, shorter, plan);
  const national = nationalNumberOf(metadata, number, plan);
  if (
    (!matches(national, plan[2]) && matches(shorterNational, plan[2])) ||
    lengthFit(national, plan) === 'long'
  ) {
    return { callingCode, rest: shorter };
  }
  return { rest: number };
}

/** chooseFormatForNumber + formatNationalNumberUsingFormat (national format, national prefix included). */
function formatNational(nationalNumber: string, plan: Plan, mainPlan: Plan): string {
  const formats = plan[4] || mainPlan[4] || [];
  const format = formats.find((candidate) => {
    const leading = candidate[2] || [];
    if (leading.length > 0 && !startsWith(nationalNumber, leading[leading.length - 1]!)) return false;
    return matches(nationalNumber, candidate[0]);
  });
  if (!format) return nationalNumber;
  const rule = format[3] || plan[6] || mainPlan[6];
  return nationalNumber.replace(new RegExp(format[0]), rule ? format[1].replace(/(\$\d)/, rule) : format[1]);
}

/**
 * libphonenumber-js's parsePhoneNumberFromString(input, region, metadata) → { isValid(), number, formatNational() },
 * or null where it finds no number (or the input has a letter or an extension, see above). `region` must be a
 * region of `metadata` or undefined.
 */
export function parseWithMetadata(
  input: string,
  region: string | undefined,
  metadata: PhoneMetadata,
): ParsedNumber | null {
  if (input.length > MAX_INPUT_LENGTH || EXTENSION_OR_LETTER.test(input)) return null;
  const startsAt = input.search(START);
  if (startsAt < 0) return null;
  const text = input.slice(startsAt).replace(TRAILING, '');
  if (text.length < MIN_NATIONAL_LENGTH || !VIABLE.test(text)) return null;
  const defaultRegion = region !== undefined && regionPlan(metadata, region) ? region : undefined;
  let { callingCode, rest } = callingCodeOf(metadata, normalize(text), defaultRegion);
  let country: string | undefined;
  let plan: Plan;
  if (callingCode !== undefined) plan = callingCodePlan(metadata, callingCode);
  else if (rest && defaultRegion !== undefined) {
    country = defaultRegion;
    plan = regionPlan(metadata, defaultRegion)!;
    callingCode = plan[0];
  } else return null;
  if (!rest) return null;
  const nationalNumber = nationalNumberOf(metadata, rest, plan);
  country = regionOfNumber(metadata, callingCode, nationalNumber) ?? country;
  if (nationalNumber.length < MIN_NATIONAL_LENGTH || nationalNumber.length > MAX_NATIONAL_LENGTH) return null;
  const mainPlan = callingCodePlan(metadata, callingCode);
  const numberPlan = country === undefined ? mainPlan : regionPlan(metadata, country)!;
  const types = numberPlan[11];
  return {
    isValid:
      types && types.length > 0
        ? hasType(nationalNumber, numberPlan)
        : matches(nationalNumber, numberPlan[2]),
    number: `+${callingCode}${nationalNumber}`,
    national: formatNational(nationalNumber, numberPlan, mainPlan),
  };
}
