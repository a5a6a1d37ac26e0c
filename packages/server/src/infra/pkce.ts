// wire-format.md §6 PKCE: the challenge is base64url (no padding) of SHA-256 over the verifier's ASCII bytes,
// i.e. RFC 7636 S256. A token issued with a challenge is only redeemed with the matching verifier. Shared by every
// flow that carries PKCE (login links now; password resets and OAuth as they arrive), including the project
// settings that make it mandatory (issue 8 item 2: pkce_required_for_email_magic_links, …_password_resets,
// …_oauth, wire-format.md §4.11).
import { createHash } from 'node:crypto';
import type { ProjectRecord } from './context';
import { constantTimeEqual } from './crypto';
import { ApiError } from './errors';

/** RFC 7636 §4.1: a verifier has 43 to 128 characters. */
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

/** The flows whose PKCE a project can make mandatory, with the bootstrap flag that says so. */
export const PKCE_FLOWS = {
  email_magic_links: { setting: 'pkce_required_for_email_magic_links', subject: 'magic link' },
  password_resets: { setting: 'pkce_required_for_password_resets', subject: 'password reset link' },
  oauth: { setting: 'pkce_required_for_oauth', subject: 'OAuth login' },
} as const;

export type PkceFlow = keyof typeof PKCE_FLOWS;

/** base64url(SHA-256(verifier)), 43 characters. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function isRequired(project: ProjectRecord, flow: PkceFlow): boolean {
  return project.settings[PKCE_FLOWS[flow].setting] === true;
}

/**
 * At the start of a flow: when the project requires PKCE for it, a start without `code_challenge` is refused
 * (400 missing_pkce) before anything is stored or sent.
 */
export function assertChallengeWhenRequired(
  project: ProjectRecord,
  flow: PkceFlow,
  codeChallenge: string | null,
): void {
  if (codeChallenge === null && isRequired(project, flow)) {
    throw new ApiError(
      'missing_pkce',
      `This project requires PKCE for every ${PKCE_FLOWS[flow].subject}: send a code_challenge (pkce).`,
    );
  }
}

/**
 * At redemption: checks a verifier against the stored challenge, and refuses a token stored without one when
 * the project requires PKCE now (it was issued before the setting was turned on). Every refusal carries `pkce`
 * in its error_type and message: the SDK's magic-link authenticate falls back from the passwords verifier to the
 * magic_links one only when the first attempt fails with such an error (wire-format.md §6).
 */
export function assertPkce(options: {
  project: ProjectRecord;
  flow: PkceFlow;
  codeChallenge: string | null;
  codeVerifier: string | null;
}): void {
  const { codeChallenge, codeVerifier } = options;
  const { subject } = PKCE_FLOWS[options.flow];
  if (codeChallenge === null) {
    if (isRequired(options.project, options.flow)) {
      throw new ApiError(
        'missing_pkce',
        `This project requires PKCE, but this ${subject} was issued without a code_challenge (pkce). Request a new one.`,
      );
    }
    if (codeVerifier !== null) {
      // A verifier for a token issued without a challenge: the caller holds a pair that does not belong to it
      // (for example the passwords namespace); answer in a way that lets the SDK retry without it.
      throw new ApiError(
        'pkce_mismatch',
        `A code_verifier (pkce) was sent, but this ${subject} was issued without a code_challenge.`,
      );
    }
    return;
  }
  if (codeVerifier === null) {
    throw new ApiError(
      'missing_pkce',
      `This ${subject} was issued with a code_challenge (pkce); the code_verifier from the same browser is required.`,
    );
  }
  const verifierOk = codeVerifier.length >= MIN_VERIFIER_LENGTH && codeVerifier.length <= MAX_VERIFIER_LENGTH;
  const expected = new TextEncoder().encode(codeChallenge);
  const actual = new TextEncoder().encode(s256Challenge(codeVerifier));
  if (!verifierOk || !constantTimeEqual(expected, actual)) {
    throw new ApiError(
      'pkce_mismatch',
      `The code_verifier does not match the code_challenge (pkce) of this ${subject}.`,
    );
  }
}
