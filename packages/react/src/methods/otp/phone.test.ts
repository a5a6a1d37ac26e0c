import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { callingCodeOf, callingCodeTable, regionOptions } from './phone';

describe('the country selector table', () => {
  it('matches libphonenumber-js metadata region for region (regenerate calling-codes.ts when this fails)', () => {
    const fromMetadata = new Map(getCountries().map((region) => [region, getCountryCallingCode(region)]));
    expect(callingCodeTable()).toEqual(fromMetadata);
  });

  it('names regions and keeps the US default reachable', () => {
    const options = regionOptions('en');
    expect(options.find((option) => option.region === 'US')).toEqual({
      region: 'US',
      name: 'United States',
      callingCode: '1',
    });
    expect(callingCodeOf('GB')).toBe('44');
    expect(callingCodeOf('ZZ')).toBeNull();
  });
});
