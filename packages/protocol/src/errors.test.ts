import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, type ErrorType, isErrorType, UNRECOVERABLE_ERROR_TYPES } from './errors';

describe('isErrorType', () => {
  it('accepts every error_type of the catalogue, whatever entries it has', () => {
    const types = Object.keys(ERROR_TYPES);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(isErrorType(type), type).toBe(true);
  });

  it('rejects an error_type the catalogue does not have (a newer server) and near misses', () => {
    expect(isErrorType('error_type_from_a_newer_server')).toBe(false);
    expect(isErrorType('')).toBe(false);
    expect(isErrorType('Session_Not_Found')).toBe(false);
    expect(isErrorType(' session_not_found')).toBe(false);
  });

  it('never counts names inherited from Object.prototype', () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      expect(isErrorType(name), name).toBe(false);
    }
  });

  it('rejects anything that is not a string', () => {
    for (const value of [undefined, null, 404, {}, ['session_not_found'], { session_not_found: 404 }]) {
      expect(isErrorType(value)).toBe(false);
    }
  });

  it('narrows to ErrorType, so comparisons against a misspelt type do not compile', () => {
    const value: unknown = 'session_not_found';
    if (!isErrorType(value)) throw new Error('expected an error type');
    const type: ErrorType = value;
    expect(type).toBe('session_not_found');
    // @ts-expect-error 'sesion_not_found' is not an ErrorType (tsc --noEmit checks this line).
    const misspelt: ErrorType = 'sesion_not_found';
    expect(isErrorType(misspelt)).toBe(false);
  });

  it('every unrecoverable type (SPEC §4) is in the catalogue', () => {
    for (const type of UNRECOVERABLE_ERROR_TYPES) expect(isErrorType(type), type).toBe(true);
  });
});
