// SPEC §7 client-side phone parsing (`{phoneNumber, regionCode}` → `{isValid, number, national}`), default US.
import { CONSTANTS } from '@gatehouse/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REGION_CODE, loadPhoneMetadata, parsePhoneNumber } from './phone';
import { loadPhoneNumberParser, parsePhoneNumberAsync } from './phone-loader';

describe('parsePhoneNumber', () => {
  // The US and GB files (phone-metadata.test.ts covers loading them one by one).
  beforeAll(async () => {
    await loadPhoneMetadata({ phoneNumber: '', regionCode: 'US' });
    await loadPhoneMetadata({ phoneNumber: '', regionCode: 'GB' });
  });

  it("defaults to the protocol's region (written out in phone.ts so its chunk shares nothing with the client)", () => {
    expect(DEFAULT_REGION_CODE).toBe(CONSTANTS.defaultPhoneRegion);
  });

  it.each([
    [{ phoneNumber: '4155550123' }, { isValid: true, number: '+14155550123', national: '(415) 555-0123' }],
    [
      { phoneNumber: '(415) 555-0123' },
      { isValid: true, number: '+14155550123', national: '(415) 555-0123' },
    ],
    [
      { phoneNumber: '+1 415 555 0123', regionCode: 'GB' },
      { isValid: true, number: '+14155550123', national: '(415) 555-0123' },
    ],
    [
      { phoneNumber: '07400 123456', regionCode: 'GB' },
      { isValid: true, number: '+447400123456', national: '07400 123456' },
    ],
    [
      { phoneNumber: '020 7183 8750', regionCode: 'gb' },
      { isValid: true, number: '+442071838750', national: '020 7183 8750' },
    ],
    [
      { phoneNumber: '+44 7400 123456' },
      { isValid: true, number: '+447400123456', national: '07400 123456' },
    ],
  ])('valid: %j', (input, expected) => {
    expect(parsePhoneNumber(input)).toEqual(expected);
  });

  it('defaults to region US (SPEC §9)', () => {
    expect(parsePhoneNumber({ phoneNumber: '2015550123' }).number).toBe('+12015550123');
    expect(parsePhoneNumber({ phoneNumber: '2015550123', regionCode: '' }).number).toBe('+12015550123');
  });

  it.each([
    { phoneNumber: '415555012' },
    { phoneNumber: '+1 415 555 01234' },
    { phoneNumber: '07400 123456' }, // a GB national number read as US
    { phoneNumber: '1-800-FLOWERS' },
    { phoneNumber: 'abc' },
    { phoneNumber: '' },
    { phoneNumber: '+1234567890123456' },
    { phoneNumber: '4155550123', regionCode: 'ZZ' },
  ])('invalid: %j', (input) => {
    const result = parsePhoneNumber(input);
    expect(result.isValid).toBe(false);
    expect(typeof result.number).toBe('string');
    expect(typeof result.national).toBe('string');
  });

  it('never throws on a non-string input', () => {
    expect(parsePhoneNumber({ phoneNumber: 5 as never })).toEqual({
      isValid: false,
      number: '',
      national: '',
    });
  });

  it('loads lazily through the loader, once', async () => {
    const first = loadPhoneNumberParser();
    expect(loadPhoneNumberParser()).toBe(first);
    expect((await first).parsePhoneNumber).toBe(parsePhoneNumber);
    await expect(parsePhoneNumberAsync({ phoneNumber: '4155550123' })).resolves.toEqual({
      isValid: true,
      number: '+14155550123',
      national: '(415) 555-0123',
    });
  });
});
