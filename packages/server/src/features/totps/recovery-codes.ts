// Recovery codes (issue 13 item 1; security-tests.md BF-06, TK-05, ASVS V6.5.1–V6.5.3): ten per TOTP, from the
// CSPRNG, shown once at enrolment and stored only as SHA-256 (they carry 60 bits, so a fast hash is enough: there
// is nothing to brute-force offline that the online limit does not already stop).
import { randomInt } from 'node:crypto';
import { sha256 } from '../../infra/crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case RFC 4648 base32 without the look-alikes' ambiguity of 0/O and 1/l (digits 2–7 only). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const COMPACT = new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`);

/** `xxxx-xxxx-xxxx`: 12 base32 characters, 60 bits. */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * What a person types, as stored: case, spaces and hyphens do not matter. Null when it cannot be a recovery code
 * (it still counts as a failed attempt).
 */
export function compactRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  return COMPACT.test(compact) ? compact : null;
}

export function recoveryCodeHash(compact: string): Buffer {
  return Buffer.from(sha256(compact));
}
