// Keys at rest (issue 8 item 4): everything secret that the database holds in a usable form (the session-JWT
// private keys today; TOTP seeds and OAuth provider secrets later) is encrypted under a key derived from the
// server's SECRET_KEY, which never enters the database. A copy of the database alone therefore can neither mint a
// session nor test passcodes offline.
//
// - Subkeys: HKDF-SHA-256 (RFC 5869) from SECRET_KEY, one per purpose (and per context where the caller asks, as
//   the passcode HMAC key per project does), so a key for one use is never a key for another.
// - Encryption: AES-256-GCM (NIST SP 800-38D) with a random 96-bit nonce per message. Under one key the nonce
//   collision bound of random 96-bit nonces is about 2^32 messages (SP 800-38D §8.3); signing keys rotate weekly
//   per project, far below it.
// - Associated data binds the format version, the purpose and the caller's context (the row id): a ciphertext
//   copied to another row, another column or another purpose no longer decrypts.
// - A fingerprint (an HMAC under its own subkey, never the secret) lets start-up tell whether the database was
//   encrypted under this SECRET_KEY without trying to decrypt anything (infra/secret-key.ts).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Every use of a key derived from SECRET_KEY, in one place so a review sees what the secret protects. A new use
 * adds its name here; a name is never reused for another meaning (it is part of every derived key).
 */
export type SecretPurpose =
  /** Private JWKs of the session-JWT signing keys (infra/keys.ts); context `<project_id>/<kid>`. */
  | 'session-signing-key'
  /** The HMAC key of passcodes (features/otps/code.ts); context: the project id. */
  | 'otp-code'
  /** The HMAC keys that sign captcha challenges (infra/captcha.ts); context `<project_id>/<use>`. */
  | 'captcha-challenge'
  /** OAuth client secrets and Apple private keys of the project file (features/oauth/config.ts); context `<project_id>/<provider>`. */
  | 'oauth-client-secret'
  /** Provider tokens and the PKCE verifier toward the provider (features/oauth/store.ts); context: the row id. */
  | 'oauth-provider-token'
  /** TOTP secrets (features/totps, issue 13 item 1); context: the totps row id. */
  | 'totp-secret'
  /** Webhook signing secrets (features/webhooks, issue 25 item 2); context: the webhook_endpoints row id. */
  | 'webhook-secret'
  /** Issue 24 item 5: the bearer secret of a project's password_migration_url (infra/password-migration-secret.ts); context: the project id. */
  | 'password-migration-secret'
  /** The fingerprint stored in the database (secret_fingerprints). */
  | 'secret-fingerprint';

/** Ciphertext layout: version (1 byte) ‖ nonce (12) ‖ AES-GCM ciphertext ‖ tag (16). */
const FORMAT_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** HKDF salt: fixed and public (RFC 5869 §3.1 allows it); it separates Gatehouse's keys from any other use. */
const HKDF_SALT = 'gatehouse secret box v1';
const FINGERPRINT_MESSAGE = 'gatehouse SECRET_KEY fingerprint v1';

/** A ciphertext that does not decrypt: another SECRET_KEY, another row, or tampering (GCM cannot tell them apart). */
export class SecretDecryptionError extends Error {
  readonly purpose: SecretPurpose;
  readonly context: string;

  constructor(purpose: SecretPurpose, context: string, reason: string) {
    super(
      `Cannot decrypt ${purpose} ${context}: ${reason}. SECRET_KEY does not match the key that encrypted it, or the row was altered.`,
    );
    this.name = 'SecretDecryptionError';
    this.purpose = purpose;
    this.context = context;
  }
}

export interface SecretBox {
  /**
   * base64url HMAC-SHA-256 of a constant under the 'secret-fingerprint' subkey: equal for equal secrets, and
   * reveals nothing of the secret beyond what any ciphertext made with it does.
   */
  readonly fingerprint: string;
  /** AES-256-GCM under the purpose's subkey; `context` (e.g. the row id) must be given again to decrypt. */
  encrypt(purpose: SecretPurpose, plaintext: Uint8Array, context: string): Uint8Array;
  /** The plaintext, or SecretDecryptionError when the secret, purpose, context or bytes differ. */
  decrypt(purpose: SecretPurpose, ciphertext: Uint8Array, context: string): Uint8Array;
  /** A 32-byte subkey for `purpose` and `context` (e.g. an HMAC key per project). */
  deriveKey(purpose: SecretPurpose, context: string): Uint8Array;
}

/** The secret box of one SECRET_KEY (at least 32 characters; infra/config.ts checks it). */
export function createSecretBox(secret: string): SecretBox {
  if (secret.length === 0) throw new Error('createSecretBox needs a non-empty secret');
  const inputKey = Buffer.from(secret, 'utf8');
  const derive = (use: KeyUse, purpose: SecretPurpose, context: string): Buffer =>
    Buffer.from(hkdfSync('sha256', inputKey, HKDF_SALT, info(use, purpose, context), KEY_BYTES));
  // One encryption key per purpose, derived once (the context goes into the associated data, not the key).
  const encryptionKeys = new Map<SecretPurpose, Buffer>();
  const encryptionKey = (purpose: SecretPurpose): Buffer => {
    let key = encryptionKeys.get(purpose);
    if (key === undefined) {
      key = derive('aes-256-gcm', purpose, '');
      encryptionKeys.set(purpose, key);
    }
    return key;
  };
  const fingerprint = createHmac('sha256', derive('key', 'secret-fingerprint', ''))
    .update(FINGERPRINT_MESSAGE, 'utf8')
    .digest('base64url');

  return {
    fingerprint,
    encrypt(purpose, plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey(purpose), nonce, {
        authTagLength: TAG_BYTES,
      });
      cipher.setAAD(associatedData(purpose, context));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return new Uint8Array(Buffer.concat([Buffer.of(FORMAT_VERSION), nonce, body, cipher.getAuthTag()]));
    },
    decrypt(purpose, ciphertext, context) {
      const bytes = Buffer.from(ciphertext);
      if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES) {
        throw new SecretDecryptionError(purpose, context, 'the ciphertext is too short');
      }
      if (bytes[0] !== FORMAT_VERSION) {
        throw new SecretDecryptionError(purpose, context, `unknown ciphertext format ${bytes[0]}`);
      }
      const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
      const body = bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      // authTagLength pins the tag to 16 bytes (Node otherwise accepts shorter tags, checked on fewer bits).
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey(purpose), nonce, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(associatedData(purpose, context));
      decipher.setAuthTag(tag);
      try {
        return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
      } catch {
        throw new SecretDecryptionError(purpose, context, 'the authentication tag does not match');
      }
    },
    deriveKey(purpose, context) {
      return new Uint8Array(derive('key', purpose, context));
    },
  };
}

/** What a derived key is for: the purpose's AES key, or a key handed to the caller (deriveKey). */
type KeyUse = 'aes-256-gcm' | 'key';

/**
 * HKDF info: use, purpose and context, each length-prefixed, so no two triples encode alike and no key handed out
 * by deriveKey is ever an encryption key. Node limits info to 1024 bytes: contexts are ids, far shorter.
 */
function info(use: KeyUse, purpose: SecretPurpose, context: string): Buffer {
  return Buffer.concat([lengthPrefixed(use), lengthPrefixed(purpose), lengthPrefixed(context)]);
}

/** GCM associated data: format version, purpose and context, each unambiguous. */
function associatedData(purpose: SecretPurpose, context: string): Buffer {
  return Buffer.concat([Buffer.of(FORMAT_VERSION), lengthPrefixed(purpose), lengthPrefixed(context)]);
}

function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
