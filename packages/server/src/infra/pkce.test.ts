import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProjectRecord } from './context';
import { assertChallengeWhenRequired, assertPkce, type PkceFlow, s256Challenge } from './pkce';

function projectRequiring(required: boolean): ProjectRecord {
  return {
    settings: {
      pkce_required_for_email_magic_links: required,
      pkce_required_for_password_resets: required,
      pkce_required_for_oauth: required,
    },
  } as ProjectRecord;
}

const optional = projectRequiring(false);
const flow: PkceFlow = 'email_magic_links';
const check = (codeChallenge: string | null, codeVerifier: string | null, project = optional) =>
  assertPkce({ project, flow, codeChallenge, codeVerifier });

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
    expect(() => check(null, null)).not.toThrow();
    expect(() => check(s256Challenge(verifier), verifier)).not.toThrow();
  });

  it('refuses a missing verifier with missing_pkce', () => {
    expect(() => check(s256Challenge(verifier), null)).toThrowError(
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
    expect(() => check(challenge, attempt)).toThrowError(
      expect.objectContaining({ errorType: 'pkce_mismatch', message: expect.stringContaining('pkce') }),
    );
  });

  it('refuses a verifier for a link sent without a challenge (PKCE downgrade) with pkce_mismatch', () => {
    expect(() => check(null, verifier)).toThrowError(expect.objectContaining({ errorType: 'pkce_mismatch' }));
  });

  describe('required by the project (issue 8: pkce_required_for_* settings)', () => {
    const required = projectRequiring(true);

    it.each(['email_magic_links', 'password_resets', 'oauth'] as const)(
      'refuses a %s start without code_challenge with missing_pkce, and lets one with it pass',
      (requiredFlow) => {
        expect(() => assertChallengeWhenRequired(required, requiredFlow, null)).toThrowError(
          expect.objectContaining({ errorType: 'missing_pkce', message: expect.stringContaining('pkce') }),
        );
        expect(() =>
          assertChallengeWhenRequired(required, requiredFlow, s256Challenge(verifier)),
        ).not.toThrow();
        expect(() => assertChallengeWhenRequired(optional, requiredFlow, null)).not.toThrow();
      },
    );

    it('refuses a token issued without a challenge, with or without a verifier', () => {
      for (const codeVerifier of [null, verifier]) {
        expect(() => check(null, codeVerifier, required)).toThrowError(
          expect.objectContaining({ errorType: 'missing_pkce', message: expect.stringContaining('pkce') }),
        );
      }
    });

    it('still checks the verifier of a token issued with a challenge', () => {
      expect(() => check(s256Challenge(verifier), verifier, required)).not.toThrow();
      expect(() => check(s256Challenge(verifier), null, required)).toThrowError(
        expect.objectContaining({ errorType: 'missing_pkce' }),
      );
      expect(() => check(s256Challenge(verifier), `${verifier}0`, required)).toThrowError(
        expect.objectContaining({ errorType: 'pkce_mismatch' }),
      );
    });
  });
});
