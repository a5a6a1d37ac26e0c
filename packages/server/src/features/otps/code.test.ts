import { describe, expect, it } from 'vitest';
import { codeKey, codeMatches, generateCode, hashCode } from './code';

const project = { id: 'project-test-1', secretHash: new Uint8Array(32).fill(7) };

describe('passcodes (SPEC §9: 6 digits)', () => {
  it('are 6 digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => generateCode());
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    const firstDigits = new Set(codes.map((code) => code[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('hash with a per-project key, bound to the row id, and compare in constant time', () => {
    const key = codeKey(project);
    expect(key).toHaveLength(32);
    expect(codeKey({ ...project, id: 'project-test-2' })).not.toEqual(key);
    const stored = hashCode({ key, codeId: 'otp-1', code: '012345' });
    expect(codeMatches({ key, codeId: 'otp-1', code: '012345', stored })).toBe(true);
    expect(codeMatches({ key, codeId: 'otp-1', code: '012346', stored })).toBe(false);
    expect(codeMatches({ key, codeId: 'otp-2', code: '012345', stored })).toBe(false);
    expect(
      codeMatches({ key: codeKey({ ...project, id: 'other' }), codeId: 'otp-1', code: '012345', stored }),
    ).toBe(false);
    expect(codeMatches({ key, codeId: 'otp-1', code: '12345', stored })).toBe(false);
  });
});
