// Issue 14 item 3: which password hashes the importer accepts. The one seam between the pipeline and the legacy
// hash schemes (portable-user.ts lists them): at merge, the formats helper's `parsePasswordHash`
// (features/passwords, password-schemes.ts) replaces this stub's body (`parsePasswordHash(hash) !== null`), so a row
// is refused as `unsupported_password_hash` exactly when sign-in could not verify it.

const PHC_FIELD = /^[A-Za-z0-9+/.=,-]*$/;
const PHC_IDS = new Set([
  'argon2id',
  'argon2i',
  'argon2d',
  'scrypt',
  'firebase-scrypt',
  'pbkdf2-sha1',
  'pbkdf2-sha256',
  'pbkdf2-sha512',
  'salted-sha1',
  'salted-sha256',
  'salted-sha512',
]);
/** bcrypt's modular-crypt form: `$2a$`/`$2b$`/`$2y$`, two-digit cost, 22 characters of salt, 31 of hash. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** Stub (shape only): a PHC string of a listed scheme, or a bcrypt hash. */
export function isSupportedPasswordHash(hash: string): boolean {
  if (hash.length > 1024) return false;
  if (BCRYPT.test(hash)) return true;
  const fields = hash.split('$');
  // '' id [version] params salt hash
  if (fields[0] !== '' || fields.length < 4 || fields.length > 6) return false;
  if (!PHC_IDS.has(fields[1] ?? '')) return false;
  return fields.slice(2).every((field) => PHC_FIELD.test(field));
}
