// Loads ./phone (and the libphonenumber-js metadata) on first use, as its own chunk in bundled apps (issue 5:
// the phone metadata is only bundled when phone passcodes are used).
import type { ParsedPhoneNumber, ParsePhoneNumberOptions } from './phone';

export type PhoneModule = typeof import('./phone');

let loading: Promise<PhoneModule> | null = null;

export function loadPhoneNumberParser(): Promise<PhoneModule> {
  loading ??= import('./phone').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** SPEC §7 client-side phone parsing, awaited like the UI awaits the Stytch iframe's parsedPhoneNumber. */
export async function parsePhoneNumberAsync(options: ParsePhoneNumberOptions): Promise<ParsedPhoneNumber> {
  return (await loadPhoneNumberParser()).parsePhoneNumber(options);
}
