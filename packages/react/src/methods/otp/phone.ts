// The country selector's regions (SPEC §2 "a phone input", region default US, SPEC §9). Built from a small static
// table (./calling-codes) so the selector needs no libphonenumber-js metadata; the SDK's phone parser
// (parsePhoneNumberAsync, SPEC §7) loads the metadata of the country's calling code when a number is checked, and the form starts that load
// when the phone input gets focus so the check does not wait for it.
import { CALLING_CODES_TEXT } from './calling-codes';

export interface RegionOption {
  region: string;
  name: string;
  callingCode: string;
}

let callingCodes: Map<string, string> | null = null;

/** Region (ISO 3166-1 alpha-2) → calling code, parsed once from the table. */
export function callingCodeTable(): Map<string, string> {
  callingCodes ??= new Map(
    CALLING_CODES_TEXT.trim()
      .split(/\s+/)
      .map((entry) => entry.split(':') as [string, string]),
  );
  return callingCodes;
}

/** Every region with its calling code, named by Intl.DisplayNames in the widget's language, sorted by name. */
export function regionOptions(locale: string | undefined): RegionOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale === undefined ? ['en'] : [locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const options = [...callingCodeTable()].map(([region, callingCode]) => ({
    region,
    name: names?.of(region) ?? region,
    callingCode,
  }));
  return options.sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function callingCodeOf(region: string): string | null {
  return callingCodeTable().get(region) ?? null;
}
