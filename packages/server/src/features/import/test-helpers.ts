// Fixtures of the import tests and the bench (bench/import-users.ts): PortableUsers with every kind of record.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cborEncode } from '../webauthn/test-authenticator';
import type { PortableUser } from './portable-user';

/** A COSE_Key (ES256, P-256) of a fresh key pair, base64url. */
export function coseEs256PublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  return Buffer.from(
    cborEncode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
      ]),
    ),
  ).toString('base64url');
}

/** A syntactically valid argon2id PHC string (not of any known password). */
export const SAMPLE_ARGON2_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZHVtbXloYXNoZHVtbXloYXNoZHVtbXloYXNoZHVtbXk';

/**
 * A user with an id, a name and an e-mail address made from the id (issue 24 item 3: a row needs a way to sign
 * in); `overrides` fill in the rest.
 */
export function portableUser(overrides: Partial<PortableUser> = {}): PortableUser {
  const externalId = overrides.external_id ?? `ext-${randomUUID()}`;
  return {
    external_id: externalId,
    user_id: null,
    status: 'active',
    blocked: false,
    username: null,
    created_at: '2024-05-01T10:00:00.000Z',
    name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
    emails: [
      { email: `${externalId.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}@import.example`, verified: true },
    ],
    phone_numbers: [],
    oauth_registrations: [],
    password_hash: null,
    password_requires_reset: false,
    totps: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    trusted_metadata: {},
    untrusted_metadata: {},
    ...overrides,
  };
}

/** The n-th user of a synthetic export: e-mail, phone number and password for all, more for some. */
export function syntheticUser(n: number, options: { publicKey?: string } = {}): PortableUser {
  const hex = n.toString(16).padStart(40, '0');
  return portableUser({
    external_id: `ext-${n}`,
    name: { first_name: `User${n}`, middle_name: '', last_name: 'Imported' },
    emails: [{ email: `user${n}@example.com`, verified: true }],
    // +1 415 2xx xxxx: valid US numbers, one per n below 10^7.
    phone_numbers: [
      { phone_number: `+1415${String(2_000_000 + (n % 8_000_000)).padStart(7, '0')}`, verified: n % 2 === 0 },
    ],
    password_hash: SAMPLE_ARGON2_HASH,
    totps: n % 10 === 0 ? [{ secret_base32: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }] : [],
    oauth_registrations: n % 5 === 0 ? [{ provider_type: 'google', provider_subject: `g-${n}` }] : [],
    crypto_wallets:
      n % 20 === 0 ? [{ crypto_wallet_address: `0x${hex}`, crypto_wallet_type: 'ethereum' }] : [],
    webauthn_registrations:
      n % 25 === 0 && options.publicKey
        ? [
            {
              credential_id: Buffer.from(`credential-${n}`).toString('base64url'),
              public_key: options.publicKey,
              sign_count: 0,
              transports: ['internal'],
              domain: 'localhost',
              name: 'Passkey',
              authenticator_type: 'platform',
            },
          ]
        : [],
    untrusted_metadata: { plan: n % 3 === 0 ? 'pro' : 'free' },
  });
}

export function toJsonLines(users: PortableUser[]): string {
  return users.map((user) => JSON.stringify(user)).join('\n');
}
