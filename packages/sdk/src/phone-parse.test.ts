// phone-parse.ts against the library it replaces in the bundle: libphonenumber-js 1.13 (core, the same "min"
// metadata) must give the same isValid, E.164 number and national format for every input here — each region's
// example number written the ways a visitor types it, broken the ways a visitor breaks it, read with several default
// regions, and pseudo-random digits behind every calling code. The one deliberate difference (letters and extension
// characters) has its own test.

import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json';
import metadataJson from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { type ParsedNumber, type PhoneMetadata, parseWithMetadata } from './phone-parse';

const metadata = metadataJson as unknown as PhoneMetadata & MetadataJson;
const countries = metadata.countries as Record<string, [string, string, string, unknown, unknown, string?]>;

function library(input: string, region: string | undefined): ParsedNumber | null {
  const parsed = parsePhoneNumberFromString(input, region as CountryCode, metadata);
  if (!parsed) return null;
  return { isValid: parsed.isValid(), number: parsed.number, national: parsed.formatNational() };
}

const FULLWIDTH = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
const ARABIC_INDIC = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));

/** The ways a visitor types (or mistypes) a region's example number. */
function inputsFor(region: string, example: string): string[] {
  const [callingCode, , , , , nationalPrefix] = countries[region]!;
  const national =
    parsePhoneNumberFromString(`+${callingCode}${example}`, metadata)?.formatNational() ?? example;
  const inputs = [
    example,
    national,
    `+${callingCode}${example}`,
    `+${callingCode} ${national}`,
    `${callingCode}${example}`,
    `${callingCode} ${national}`,
    `00${callingCode}${example}`,
    `011 ${callingCode} ${example}`,
    `810${callingCode}${example}`,
    `00 0${callingCode}${example}`,
    example.slice(0, -1),
    `${example}5`,
    `0${example.slice(1)}`,
    `1${example.slice(1)}`,
    `9${example.slice(1)}`,
    `+${callingCode}${example.slice(0, -1)}`,
    `+${callingCode}${example}0`,
    `+${callingCode}0${example}`,
    example.replace(/(\d{3})(?=\d)/g, '$1-'),
    example.replace(/(\d{2})(?=\d)/g, '$1.'),
    FULLWIDTH(example),
    ARABIC_INDIC(national),
    `\uFF0B${callingCode}${example}`,
    `(${example}`,
    ` ${example} `,
    `*${example}`,
    `${example}.`,
    `${national})`,
    `+${callingCode}+${example}`,
    `${example.slice(0, 3)}/${example.slice(3)}`,
  ];
  if (nationalPrefix) inputs.push(`${nationalPrefix}${example}`, `${nationalPrefix} ${national}`);
  return inputs;
}

/** Deterministic pseudo-random digits (xorshift), so a failure names the same input on every run. */
function digitStrings(seed: number, count: number): string[] {
  let state = seed || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const length = 2 + Math.floor(next() * 14);
    return Array.from({ length }, () => Math.floor(next() * 10)).join('');
  });
}

function compare(cases: Array<[string, string | undefined]>) {
  const mismatches: string[] = [];
  let valid = 0;
  let invalid = 0;
  for (const [input, region] of cases) {
    const expected = library(input, region);
    const actual = parseWithMetadata(input, region, metadata);
    if (expected?.isValid) valid++;
    else invalid++;
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      mismatches.push(
        `${JSON.stringify(input)} in ${region}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`,
      );
    }
  }
  return { mismatches, valid, invalid };
}

describe('parseWithMetadata against libphonenumber-js', () => {
  it("agrees on every region's example number, typed and mistyped, read from several regions", () => {
    const cases: Array<[string, string | undefined]> = [];
    for (const [region, example] of Object.entries(examples as Record<string, string>)) {
      if (!countries[region]) continue;
      for (const input of inputsFor(region, example)) {
        for (const from of [region, 'US', 'GB', 'DE', 'RU', 'BR', 'AR', 'IT', 'ZZ', undefined]) {
          cases.push([input, from]);
        }
      }
    }
    const { mismatches, valid, invalid } = compare(cases);
    expect(mismatches.slice(0, 20)).toEqual([]);
    // The corpus exercises both answers (a generator that broke every input would agree vacuously).
    expect(valid).toBeGreaterThan(5_000);
    expect(invalid).toBeGreaterThan(20_000);
    // ~40,000 inputs through both parsers: 2–3 s at rest on this 2-core machine, past the default 5 s under load
    // (it failed a clean-clone CI run on 2026-12-07 at 6.1 s).
  }, 30_000);

  it('agrees on pseudo-random digits behind every calling code, national and international', () => {
    const cases: Array<[string, string | undefined]> = [];
    const codes = [
      ...Object.keys(metadata.country_calling_codes),
      ...Object.keys(metadata.nonGeographic ?? {}),
    ];
    for (const code of new Set(codes)) {
      const main = metadata.country_calling_codes[code]?.[0];
      for (const digits of digitStrings(Number(code), 30)) {
        cases.push([`+${code}${digits}`, 'US'], [`+${code} ${digits}`, undefined]);
        if (main && main.length === 2)
          cases.push([digits, main], [`0${digits}`, main], [`${code}${digits}`, main]);
      }
    }
    const { mismatches, valid } = compare(cases);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(valid).toBeGreaterThan(300);
  });

  it('agrees on the numbering plans with national prefix rules (AR, BR, MX, RU, IT) and non-geographic codes', () => {
    const cases: Array<[string, string | undefined]> = [
      ['011 15-2345-6789', 'AR'],
      ['0343 15-555-1212', 'AR'],
      ['+54 9 11 2345-6789', 'AR'],
      ['15 2345 6789', 'AR'],
      ['0 21 11 91234-5678', 'BR'],
      ['(11) 91234-5678', 'BR'],
      ['044 55 1234 5678', 'MX'],
      ['8 (912) 345-67-89', 'RU'],
      ['810 1 415 555 0123', 'RU'],
      ['06 6982 1234', 'IT'],
      ['+39 06 6982 1234', 'US'],
      ['+800 1234 5678', 'US'],
      ['+882 13 1234 5678', 'GB'],
      ['+979 1 234 567 89', 'US'],
      ['+1 684 733 1234', 'US'],
      ['684 733 1234', 'US'],
      ['+1 (242) 357-1234', 'GB'],
      ['+7 7 123 456 789', 'US'],
      ['+44 1481 256789', 'US'],
    ];
    const { mismatches, valid } = compare(cases);
    expect(mismatches).toEqual([]);
    expect(valid).toBeGreaterThan(10);
  });
});

describe('parseWithMetadata: what it refuses on purpose', () => {
  it.each([
    ['(415) 555-0123 ext. 12'],
    ['(415) 555-0123 x12'],
    ['(415) 555-0123#12'],
    ['(415) 555-0123,,12'],
    ['(415) 555-0123;12'],
    ['(415) 555-0123 ~12'],
    ['1-800-FLOWERS'],
    ['\uFF58415 555 0123'],
    ['tel:+1-415-555-0123'],
  ])('%j is no number (libphonenumber-js reads an extension or a keypad word)', (input) => {
    expect(parseWithMetadata(input, 'US', metadata)).toBeNull();
  });

  it('where libphonenumber-js keeps the extension out of the E.164 number a passcode would go to', () => {
    expect(library('(415) 555-0123 ext. 12', 'US')).toEqual({
      isValid: true,
      number: '+14155550123',
      national: '(415) 555-0123 ext. 12',
    });
    expect(parseWithMetadata('(415) 555-0123', 'US', metadata)?.number).toBe('+14155550123');
  });
});
