// wire-format.md §6 PKCE: the challenge is base64url (no padding) of SHA-256 over the verifier's ASCII bytes,
// i.e. RFC 7636 S256. A token issued with a challenge is only redeemed with the matching verifier.
import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../infra/crypto';
import { ApiError } from '../../infra/errors';

/** RFC 7636 §4.1: a verifier has 43 to 128 characters. */
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

/** base64url(SHA-256(verifier)), 43 characters. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Checks a verifier against the stored challenge. Every refusal carries `pkce` in its error_type and message:
 * the SDK's magic-link authenticate falls back from the passwords verifier to the magic_links one only when the
 * first attempt fails with such an error (wire-format.md §6).
 */
export function assertPkce(options: { codeChallenge: string | null; codeVerifier: string | null }): void {
  const { codeChallenge, codeVerifier } = options;
  if (codeChallenge === null) {
    if (codeVerifier !== null) {
      // A verifier for a link sent without a challenge: the caller holds a pair that does not belong to this
      // link (for example the passwords namespace); answer in a way that lets the SDK retry without it.
      throw new ApiError(
        'pkce_mismatch',
        'A code_verifier (pkce) was sent, but this magic link was sent without a code_challenge.',
      );
    }
    return;
  }
  if (codeVerifier === null) {
    throw new ApiError(
      'missing_pkce',
      'This magic link was sent with a code_challenge (pkce); the code_verifier from the same browser is required.',
    );
  }
  const verifierOk = codeVerifier.length >= MIN_VERIFIER_LENGTH && codeVerifier.length <= MAX_VERIFIER_LENGTH;
  const expected = new TextEncoder().encode(codeChallenge);
  const actual = new TextEncoder().encode(s256Challenge(codeVerifier));
  if (!verifierOk || !constantTimeEqual(expected, actual)) {
    throw new ApiError(
      'pkce_mismatch',
      'The code_verifier does not match the code_challenge (pkce) of this magic link.',
    );
  }
}
