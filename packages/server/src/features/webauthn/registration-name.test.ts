import { describe, expect, it } from 'vitest';
import { defaultRegistrationName, describeUserAgent } from './registration-name';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeMac, 'Chrome on macOS'],
    [UA.safariIphone, 'Safari on iPhone'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.firefoxLinux, 'Firefox on Linux'],
    [UA.chromeAndroid, 'Chrome on Android'],
    [UA.safariMac, 'Safari on macOS'],
    ['curl/8.0', null],
    ['', null],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});

describe('defaultRegistrationName', () => {
  it('prefers a known AAGUID (case-insensitive)', () => {
    expect(
      defaultRegistrationName({
        aaguid: 'FBFC3007-154E-4ECC-8C0B-6E020557D7BD',
        userAgent: UA.chromeMac,
        isPasskey: true,
      }),
    ).toBe('iCloud Keychain');
    expect(
      defaultRegistrationName({
        aaguid: 'bada5566-a7aa-401f-bd96-45619a55120d',
        userAgent: '',
        isPasskey: true,
      }),
    ).toBe('1Password');
  });

  it('falls back to the user agent, then to a generic label', () => {
    const zero = '00000000-0000-0000-0000-000000000000';
    expect(defaultRegistrationName({ aaguid: zero, userAgent: UA.edgeWindows, isPasskey: true })).toBe(
      'Edge on Windows',
    );
    expect(defaultRegistrationName({ aaguid: zero, userAgent: 'bot', isPasskey: true })).toBe('Passkey');
    expect(defaultRegistrationName({ aaguid: zero, userAgent: 'bot', isPasskey: false })).toBe(
      'Security key',
    );
  });
});
