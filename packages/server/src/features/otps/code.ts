// SPEC §9: passcodes are 6 digits. DESIGN.md "OTP": `crypto.randomInt` codes, stored hashed.
//
// Why an HMAC and not SHA-256: a 6-digit code has only 10^6 values, so a plain (even salted) hash is reversed by
// trying them all in well under a second. The stored value is therefore HMAC-SHA-256 under a key that is NOT in
// the otp_codes table: it is derived (HKDF) per project from the project's secret hash, and the message binds the
// code to its row id, so a hash cannot be replayed on another row. Someone who sees otp_codes alone (a partial
// dump, a replica of one table, a log of rows) learns nothing about the codes. Someone with the WHOLE database
// has the key's source too; what limits the damage then is that a code lives at most 10 minutes, works once, and
// only the newest per method counts (security-tests.md TK-02, TK-03). A key held outside the database (a server
// secret in the environment) would close that gap; it belongs with the key-management work of the roadmap.
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { CONSTANTS } from '@gatehouse/protocol';
import { constantTimeEqual } from '../../infra/crypto';

const CODE_SPACE = 10 ** CONSTANTS.passcodeLength;
const KEY_INFO = 'gatehouse otp code v1';

/** A uniformly random code of CONSTANTS.passcodeLength digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, CODE_SPACE).toString().padStart(CONSTANTS.passcodeLength, '0');
}

/** The HMAC key of a project's codes (32 bytes), derived from the project id and its secret hash. */
export function codeKey(project: { id: string; secretHash: Uint8Array }): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', project.secretHash, project.id, KEY_INFO, 32));
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
