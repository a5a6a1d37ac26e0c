import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../infra/secret-box';
import { codeKey, codeMatches, generateCode, hashCode } from './code';

const secrets = createSecretBox('a-test-secret-key-of-at-least-32-characters');
const projectId = 'project-test-1';

describe('passcodes (SPEC §9: 6 digits)', () => {
  it('are 6 digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => generateCode());
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    const firstDigits = new Set(codes.map((code) => code[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('hash with a per-project key, bound to the row id, and compare in constant time', () => {
    const key = codeKey({ secrets, projectId });
    expect(key).toHaveLength(32);
    expect(codeKey({ secrets, projectId })).toEqual(key);
    expect(codeKey({ secrets, projectId: 'project-test-2' })).not.toEqual(key);
    const stored = hashCode({ key, codeId: 'otp-1', code: '012345' });
    expect(codeMatches({ key, codeId: 'otp-1', code: '012345', stored })).toBe(true);
    expect(codeMatches({ key, codeId: 'otp-1', code: '012346', stored })).toBe(false);
    expect(codeMatches({ key, codeId: 'otp-2', code: '012345', stored })).toBe(false);
    expect(
      codeMatches({ key: codeKey({ secrets, projectId: 'other' }), codeId: 'otp-1', code: '012345', stored }),
    ).toBe(false);
    expect(codeMatches({ key, codeId: 'otp-1', code: '12345', stored })).toBe(false);
  });

  it('issue 8: the key comes from SECRET_KEY, so another secret (or the database alone) cannot test a code', () => {
    const stored = hashCode({ key: codeKey({ secrets, projectId }), codeId: 'otp-1', code: '012345' });
    const other = createSecretBox('another-test-secret-key-of-32-characters!');
    const otherKey = codeKey({ secrets: other, projectId });
    expect(otherKey).not.toEqual(codeKey({ secrets, projectId }));
    // The right code, row and project under another SECRET_KEY does not match.
    expect(codeMatches({ key: otherKey, codeId: 'otp-1', code: '012345', stored })).toBe(false);
    expect(
      codeMatches({ key: codeKey({ secrets, projectId }), codeId: 'otp-1', code: '012345', stored }),
    ).toBe(true);
  });
});
