// The country selector's regions (SPEC §2 "a phone input", region default US, SPEC §9). Part of the phone form's
// chunk, so libphonenumber-js's metadata loads only when a phone method is configured; the SDK's phone parser
// (parsePhoneNumberAsync, SPEC §7) uses the same metadata.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface RegionOption {
  region: string;
  name: string;
  callingCode: string;
}

/** Every region with its calling code, named by Intl.DisplayNames in the page's language, sorted by name. */
export function regionOptions(locale: string | undefined): RegionOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale === undefined ? ['en'] : [locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const options = getCountries().map((region) => ({
    region,
    name: names?.of(region) ?? region,
    callingCode: getCountryCallingCode(region),
  }));
  return options.sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function callingCodeOf(region: string): string | null {
  return getCountries().some((known) => known === region)
    ? getCountryCallingCode(region as Parameters<typeof getCountryCallingCode>[0])
    : null;
}
