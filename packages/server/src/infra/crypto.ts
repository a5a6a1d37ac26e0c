// Secrets are random, stored only as SHA-256 hashes and compared in constant time (DEVELOPERS rule 4).
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with `bytes` bytes of entropy (default 32). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a UTF-8 string, as bytes (what the database stores for tokens). */
export function sha256(value: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(value, 'utf8').digest());
}

/** Constant-time comparison of two byte strings (false when the lengths differ). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Stytch-style ids: `user-test-<uuid>`, `session-live-<uuid>`, … */
export function newId(kind: string, mode: 'test' | 'live'): string {
  return `${kind}-${mode}-${randomUUID()}`;
}
