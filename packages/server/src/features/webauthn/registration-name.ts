// SPEC §3 webauthn_registrations have a `name` the passkey list shows (SPEC §2 PasskeyRegistrationSuccess). A new
// registration gets a name a person recognises: the passkey provider named by the authenticator's AAGUID where we
// know it (community list github.com/passkeydeveloper/passkey-authenticator-aaguids, and Yubico's metadata), else
// "<Browser> on <Platform>" from the user agent register/start was given.

/** Only AAGUIDs we are sure of; an unknown or all-zero AAGUID falls back to the user agent. */
export const KNOWN_AAGUIDS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '771b48fd-d3d4-4f74-9232-fc157ab0507a': 'Edge on Mac',
  'b5397666-4885-aa6b-cebf-e52262a439a2': 'Chromium Browser',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain (Managed)',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  '0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6': 'Keeper',
  'cb69481e-8ff7-4039-93ec-0a2729a154a8': 'YubiKey 5 Series',
  'ee882879-721c-4913-9775-3dfcce97072a': 'YubiKey 5 Series',
  'fa2b99dc-9e39-4257-8f92-4a30d23c4118': 'YubiKey 5 Series with NFC',
  '2fc0579f-8113-47ea-b116-bb5a8db9202a': 'YubiKey 5 Series with NFC',
};

/** Name bound of PUT /webauthn/update (1..64 characters); defaults are cut to it as well. */
export const MAX_REGISTRATION_NAME_LENGTH = 64;

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdgA?\//, 'Edge'],
  [/\bEdgiOS\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Order matters: Android says "Linux", iPadOS and iOS say "like Mac OS X". */
const PLATFORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(table: ReadonlyArray<readonly [RegExp, string]>, text: string): string | null {
  for (const [pattern, label] of table) if (pattern.test(text)) return label;
  return null;
}

/** "Chrome on macOS", "Safari on iPhone", "Firefox" (platform unknown), or null when nothing is recognised. */
export function describeUserAgent(userAgent: string): string | null {
  const browser = firstMatch(BROWSERS, userAgent);
  const platform = firstMatch(PLATFORMS, userAgent);
  if (browser && platform) return `${browser} on ${platform}`;
  return browser ?? (platform ? `Passkey on ${platform}` : null);
}

/** The default name of a new registration. */
export function defaultRegistrationName(options: {
  aaguid: string;
  userAgent: string;
  isPasskey: boolean;
}): string {
  const known = KNOWN_AAGUIDS[options.aaguid.toLowerCase()];
  const name =
    known ?? describeUserAgent(options.userAgent) ?? (options.isPasskey ? 'Passkey' : 'Security key');
  return name.slice(0, MAX_REGISTRATION_NAME_LENGTH);
}
