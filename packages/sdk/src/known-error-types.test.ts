// Issue 21: APIError checks error types against the SDK's written-out list instead of the protocol's ERROR_TYPES
// object. The compiler keeps the list and the catalogue equal; this checks it at run time too, and that the guard
// answers exactly as the protocol's isErrorType.
import { ERROR_TYPES, isErrorType } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { isKnownErrorType, KNOWN_ERROR_TYPES } from './known-error-types';

describe('KNOWN_ERROR_TYPES', () => {
  it('holds every type of the catalogue once, and nothing else', () => {
    expect(new Set(KNOWN_ERROR_TYPES).size).toBe(KNOWN_ERROR_TYPES.length);
    expect([...KNOWN_ERROR_TYPES].sort()).toEqual(Object.keys(ERROR_TYPES).sort());
  });

  it('isKnownErrorType answers as the protocol isErrorType', () => {
    const values: unknown[] = [
      ...Object.keys(ERROR_TYPES),
      'toString',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'brand_new_type',
      '',
      'INVALID_EMAIL',
      null,
      undefined,
      404,
      ['invalid_email'],
      { toString: () => 'invalid_email' },
    ];
    for (const value of values) expect([value, isKnownErrorType(value)]).toEqual([value, isErrorType(value)]);
  });
});
