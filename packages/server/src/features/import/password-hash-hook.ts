// Issue 14 item 3: which password hashes the importer accepts — exactly those sign-in verifies
// (password-schemes.ts parsePasswordHash: the PHC ids of portable-user.ts within their work limits), so a row is
// refused as `unsupported_password_hash` exactly when its password could never be checked.
import { parsePasswordHash } from './password-schemes';

export function isSupportedPasswordHash(hash: string): boolean {
  return parsePasswordHash(hash) !== null;
}
