import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretDecryptionError } from './secret-box';

const SECRET = 'a-test-secret-key-of-at-least-32-characters';
const plaintext = new TextEncoder().encode('{"d":"private-scalar"}');

describe('secret box (issue 8 item 4: keys at rest)', () => {
  it('round-trips with the same secret, purpose and context, with a fresh nonce every time', () => {
    const box = createSecretBox(SECRET);
    const first = box.encrypt('session-signing-key', plaintext, 'project-1/jwk-1');
    const second = box.encrypt('session-signing-key', plaintext, 'project-1/jwk-1');
    // version (1) + nonce (12) + ciphertext (as long as the plaintext) + tag (16)
    expect(first).toHaveLength(1 + 12 + plaintext.length + 16);
    expect(first[0]).toBe(1);
    expect(Buffer.from(first.subarray(1, 13)).equals(Buffer.from(second.subarray(1, 13)))).toBe(false);
    expect(Buffer.from(first).includes(Buffer.from(plaintext))).toBe(false);
    expect(box.decrypt('session-signing-key', first, 'project-1/jwk-1')).toEqual(plaintext);
    expect(createSecretBox(SECRET).decrypt('session-signing-key', second, 'project-1/jwk-1')).toEqual(
      plaintext,
    );
  });

  it('refuses another secret, another context (row), another purpose, and any changed byte', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.encrypt('session-signing-key', plaintext, 'project-1/jwk-1');
    const other = createSecretBox(`${SECRET}!`);
    expect(() => other.decrypt('session-signing-key', sealed, 'project-1/jwk-1')).toThrow(
      SecretDecryptionError,
    );
    expect(() => box.decrypt('session-signing-key', sealed, 'project-1/jwk-2')).toThrow(
      SecretDecryptionError,
    );
    expect(() => box.decrypt('session-signing-key', sealed, 'project-2/jwk-1')).toThrow(
      SecretDecryptionError,
    );
    expect(() => box.decrypt('otp-code', sealed, 'project-1/jwk-1')).toThrow(SecretDecryptionError);
    for (const index of [0, 1, 13, sealed.length - 1]) {
      const altered = new Uint8Array(sealed);
      altered[index] = altered[index]! ^ 1;
      expect(() => box.decrypt('session-signing-key', altered, 'project-1/jwk-1')).toThrow(
        SecretDecryptionError,
      );
    }
    // Shortened ciphertexts are refused too.
    expect(() =>
      box.decrypt('session-signing-key', sealed.subarray(0, sealed.length - 4), 'project-1/jwk-1'),
    ).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('session-signing-key', sealed.subarray(0, 20), 'project-1/jwk-1')).toThrow(
      /too short/,
    );
  });

  it('names SECRET_KEY, the purpose and the row in its error, never the plaintext', () => {
    const sealed = createSecretBox(SECRET).encrypt('session-signing-key', plaintext, 'project-1/jwk-1');
    let message = '';
    try {
      createSecretBox(`${SECRET}?`).decrypt('session-signing-key', sealed, 'project-1/jwk-1');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SECRET_KEY');
    expect(message).toContain('session-signing-key project-1/jwk-1');
    expect(message).not.toContain('private-scalar');
  });

  it('derives independent subkeys per purpose and context', () => {
    const box = createSecretBox(SECRET);
    const key = box.deriveKey('otp-code', 'project-1');
    expect(key).toHaveLength(32);
    expect(box.deriveKey('otp-code', 'project-1')).toEqual(key);
    expect(createSecretBox(SECRET).deriveKey('otp-code', 'project-1')).toEqual(key);
    expect(box.deriveKey('otp-code', 'project-2')).not.toEqual(key);
    expect(box.deriveKey('secret-fingerprint', 'project-1')).not.toEqual(key);
    expect(createSecretBox(`${SECRET}!`).deriveKey('otp-code', 'project-1')).not.toEqual(key);
    // Length-prefixed fields: moving a separator between purpose and context changes the key.
    expect(box.deriveKey('otp-code', '')).not.toEqual(box.deriveKey('otp-code', '\u0000'));
  });

  it('has a stable fingerprint per secret that does not contain the secret', () => {
    const box = createSecretBox(SECRET);
    expect(box.fingerprint).toMatch(/^[\w-]{43}$/);
    expect(createSecretBox(SECRET).fingerprint).toBe(box.fingerprint);
    expect(createSecretBox(`${SECRET}!`).fingerprint).not.toBe(box.fingerprint);
    expect(box.fingerprint).not.toContain(SECRET.slice(0, 8));
    expect(Object.values(box)).not.toContain(SECRET);
    expect(JSON.stringify(box)).not.toContain(SECRET);
  });
});
