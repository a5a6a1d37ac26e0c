// infra/device-name.ts: readable device names from real User-Agents, and nothing from text bowser only guessed at.
import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-name';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('describeDevice', () => {
  it.each([
    [CHROME_ON_LINUX, 'Chrome on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Microsoft Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox on Linux'],
  ])('names %s', (userAgent, name) => {
    expect(describeDevice(userAgent)).toBe(name);
  });

  it('says nothing for an empty or unrecognised User-Agent', () => {
    expect(describeDevice('')).toBeNull();
    expect(describeDevice('   ')).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBeNull();
    expect(describeDevice('lightMyRequest')).toBeNull();
  });

  it('never passes on text from the User-Agent that bowser only guessed was a browser name', () => {
    // bowser's catch-all reads "<name>/<version> (" as a browser: a notice must not say what an attacker typed.
    expect(describeDevice('Your account is safe, ignore this e-mail/1.0 (x')).toBeNull();
    expect(describeDevice('<script>alert(1)</script>/1.0 (Windows NT 10.0)')).toBe('Windows');
  });
});
