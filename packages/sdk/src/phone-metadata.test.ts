// Issue 23 item 4: phone metadata per calling code. The committed files match the installed libphonenumber-js,
// a check loads the right file (region, '+' number, international prefix), a region without a file loads none,
// and every region's example number parses as with the whole table. Each test re-imports ./phone so it starts
// with nothing loaded.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import examples from 'libphonenumber-js/examples.mobile.json';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PHONE_METADATA_DIR,
  readMinMetadata,
  splitPhoneMetadata,
} from '../../../scripts/lib/phone-metadata.mjs';

type PhoneModule = typeof import('./phone');

/** ./phone anew: nothing loaded. */
async function freshPhone(): Promise<PhoneModule> {
  vi.resetModules();
  return import('./phone');
}

describe('the phone metadata files', () => {
  it('match libphonenumber-js min metadata (run node scripts/generate-phone-metadata.mjs when this fails)', () => {
    const expected = splitPhoneMetadata(readMinMetadata());
    const onDisk = new Map<string, string>([
      ...['regions.json', 'loaders.ts'].map(
        (file) => [file, readFileSync(join(PHONE_METADATA_DIR, file), 'utf8')] as [string, string],
      ),
      ...readdirSync(join(PHONE_METADATA_DIR, 'by-calling-code')).map(
        (file) =>
          [
            `by-calling-code/${file}`,
            readFileSync(join(PHONE_METADATA_DIR, 'by-calling-code', file), 'utf8'),
          ] as [string, string],
      ),
    ]);
    expect(onDisk).toEqual(expected);
  });

  it('give every region its calling code', async () => {
    const phone = await freshPhone();
    for (const region of getCountries()) {
      expect(phone.callingCodeOfRegion(region)).toBe(getCountryCallingCode(region));
    }
  });
});

describe('loadPhoneMetadata', () => {
  let phone: PhoneModule;
  beforeEach(async () => {
    phone = await freshPhone();
  });

  it("loads the region's calling code only: GB's file parses GB numbers, and a US number then needs +1", async () => {
    expect(phone.callingCodesFor({ phoneNumber: '', regionCode: 'GB' })).toEqual(['44']);
    expect(() => phone.parsePhoneNumber({ phoneNumber: '07400 123456', regionCode: 'GB' })).toThrow(/\+44/);
    await phone.loadPhoneMetadata({ phoneNumber: '', regionCode: 'GB' });
    expect(phone.parsePhoneNumber({ phoneNumber: '07400 123456', regionCode: 'GB' })).toEqual({
      isValid: true,
      number: '+447400123456',
      national: '07400 123456',
    });
    expect(() => phone.parsePhoneNumber({ phoneNumber: '4155550123', regionCode: 'US' })).toThrow(/\+1 /);
  });

  it("a '+' number loads the code it dials besides the region's", async () => {
    expect(phone.callingCodesFor({ phoneNumber: '+33 6 12 34 56 78', regionCode: 'US' })).toEqual([
      '1',
      '33',
    ]);
    await phone.loadPhoneMetadata({ phoneNumber: '+33 6 12 34 56 78', regionCode: 'US' });
    expect(phone.parsePhoneNumber({ phoneNumber: '+33 6 12 34 56 78', regionCode: 'US' })).toEqual({
      isValid: true,
      number: '+33612345678',
      national: '06 12 34 56 78',
    });
  });

  it("a number dialled with the region's international prefix (00 from France) loads the code after it", async () => {
    const options = { phoneNumber: '00 44 7400 123456', regionCode: 'FR' };
    await phone.loadPhoneMetadata(options);
    expect(phone.callingCodesFor(options)).toEqual(['33', '44']);
    expect(phone.parsePhoneNumber(options).number).toBe('+447400123456');
  });

  it('a non-geographic code (+800) has its own file', async () => {
    const options = { phoneNumber: '+800 1234 5678' };
    await phone.loadPhoneMetadata(options);
    expect(phone.parsePhoneNumber(options)).toMatchObject({ isValid: true, number: '+80012345678' });
  });

  it('a region without metadata loads nothing and reads its national numbers as invalid', async () => {
    expect(phone.callingCodeOfRegion('ZZ')).toBeNull();
    expect(phone.callingCodesFor({ phoneNumber: '4155550123', regionCode: 'ZZ' })).toEqual([]);
    await phone.loadPhoneMetadata({ phoneNumber: '4155550123', regionCode: 'ZZ' });
    expect(phone.parsePhoneNumber({ phoneNumber: '4155550123', regionCode: 'ZZ' }).isValid).toBe(false);
    // A '+' prefix that is no calling code loads nothing either.
    expect(phone.callingCodesFor({ phoneNumber: '+999 123', regionCode: 'ZZ' })).toEqual([]);
  });

  // A fresh module per region (~250 imports: about a second alone, several on a loaded machine).
  it("parses every region's example number, national and international, as the whole table does", {
    timeout: 30_000,
  }, async () => {
    for (const [region, national] of Object.entries(examples as Record<string, string>)) {
      const whole = parsePhoneNumberFromString(national, region as CountryCode)!;
      const fresh = await freshPhone();
      for (const phoneNumber of [national, whole.number, whole.formatNational()]) {
        await fresh.loadPhoneMetadata({ phoneNumber, regionCode: region });
        const expected = parsePhoneNumberFromString(phoneNumber, region as CountryCode);
        expect(
          fresh.parsePhoneNumber({ phoneNumber, regionCode: region }),
          `${region} ${phoneNumber}`,
        ).toEqual({
          isValid: expected?.isValid() ?? false,
          number: expected?.number ?? phoneNumber,
          national: expected?.formatNational() ?? phoneNumber,
        });
      }
    }
  });
});
