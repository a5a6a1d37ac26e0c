// SPEC §9: passcodes are 6 digits. DESIGN.md "OTP": `crypto.randomInt` codes, stored hashed.
//
// Why an HMAC and not SHA-256: a 6-digit code has only 10^6 values, so a plain (even salted) hash is reversed by
// trying them all in well under a second. The stored value is therefore HMAC-SHA-256 under a key that is NOT in
// the database: it is derived (HKDF, infra/secret-box.ts) from the server's SECRET_KEY, per project (the project
// id is part of the derivation), and the message binds the code to its row id, so a hash cannot be replayed on
// another row or project. Someone with a copy of the whole database therefore still cannot test codes offline
// (issue 8 item 4 "Keys at rest"); online guessing is bounded by the 5 counted attempts, the 10-minute lifetime
// and single use (security-tests.md BF-04, TK-02, TK-03). A consequence: rotating SECRET_KEY ends the codes
// outstanding at that moment (README.md "Rotating SECRET_KEY").
import { createHmac, randomInt } from 'node:crypto';
import { CONSTANTS } from '@gatehouse/protocol';
import { constantTimeEqual } from '../../infra/crypto';
import type { SecretBox } from '../../infra/secret-box';

const CODE_SPACE = 10 ** CONSTANTS.passcodeLength;

/** A uniformly random code of CONSTANTS.passcodeLength digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, CODE_SPACE).toString().padStart(CONSTANTS.passcodeLength, '0');
}

/** The HMAC key of a project's codes (32 bytes), derived from SECRET_KEY for this project id. */
export function codeKey(options: { secrets: SecretBox; projectId: string }): Uint8Array {
  return options.secrets.deriveKey('otp-code', options.projectId);
}

/** HMAC-SHA-256(key, codeId ':' code). */
export function hashCode(options: { key: Uint8Array; codeId: string; code: string }): Uint8Array {
  return new Uint8Array(
    createHmac('sha256', options.key).update(`${options.codeId}:${options.code}`, 'utf8').digest(),
  );
}

/** Constant-time check of a presented code against the stored HMAC. */
export function codeMatches(options: {
  key: Uint8Array;
  codeId: string;
  code: string;
  stored: Uint8Array;
}): boolean {
  const presented = hashCode({ key: options.key, codeId: options.codeId, code: options.code });
  return constantTimeEqual(presented, new Uint8Array(options.stored));
}
