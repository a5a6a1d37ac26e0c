import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertPkce, s256Challenge } from './pkce';

// wire-format.md §6: the SDK's verifier is 16 random 32-bit values in lowercase hex.
const verifier = Array.from({ length: 16 }, (_, i) => (0x9e3779b9 * (i + 1)) >>> 0)
  .map((n) => n.toString(16))
  .join('');

describe('PKCE S256 (wire-format.md §6)', () => {
  it('is base64url without padding of SHA-256 over the ASCII verifier (RFC 7636 appendix B vector)', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(s256Challenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(s256Challenge(verifier)).toHaveLength(43);
  });

  it('passes without challenge and verifier, and with the matching verifier', () => {
    expect(() => assertPkce({ codeChallenge: null, codeVerifier: null })).not.toThrow();
    expect(() =>
      assertPkce({ codeChallenge: s256Challenge(verifier), codeVerifier: verifier }),
    ).not.toThrow();
  });

  it('refuses a missing verifier with missing_pkce', () => {
    expect(() => assertPkce({ codeChallenge: s256Challenge(verifier), codeVerifier: null })).toThrowError(
      expect.objectContaining({ errorType: 'missing_pkce', statusCode: 400 }),
    );
  });

  it.each([
    ['another verifier', `${verifier.slice(0, -1)}x`],
    ['the challenge itself (plain method)', 'CHALLENGE'],
    ['a verifier shorter than 43 characters', 'abc'],
    ['a verifier longer than 128 characters', 'a'.repeat(129)],
  ])('refuses %s with pkce_mismatch and "pkce" in the message', (_name, wrong) => {
    const challenge = s256Challenge(verifier);
    const attempt = wrong === 'CHALLENGE' ? challenge : wrong;
    expect(() => assertPkce({ codeChallenge: challenge, codeVerifier: attempt })).toThrowError(
      expect.objectContaining({ errorType: 'pkce_mismatch', message: expect.stringContaining('pkce') }),
    );
  });

  it('refuses a verifier for a link sent without a challenge (PKCE downgrade) with pkce_mismatch', () => {
    expect(() => assertPkce({ codeChallenge: null, codeVerifier: verifier })).toThrowError(
      expect.objectContaining({ errorType: 'pkce_mismatch' }),
    );
  });
});
