// Loads ./phone (libphonenumber-js's core) on first use, as its own chunk in bundled apps (issue 5: the phone
// parser is only bundled when phone passcodes are used); it loads the metadata of each calling code it needs as a
// chunk of its own (issue 23 item 4).
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
  const phone = await loadPhoneNumberParser();
  await phone.loadPhoneMetadata(options);
  return phone.parsePhoneNumber(options);
}
