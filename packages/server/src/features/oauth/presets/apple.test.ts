// Apple's client secret ("Creating a client secret"): an ES256 JWT signed with the team's key, kid in the header,
// iss = team id, sub = client id, aud = https://appleid.apple.com, at most six months of life.
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { APPLE_CLIENT_SECRET_MAX_SECONDS, createAppleClientSecret } from './apple';

const now = new Date('2026-01-01T00:00:00Z');

async function teamKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { pem: await exportPKCS8(privateKey), publicKey };
}

describe('createAppleClientSecret', () => {
  it('signs an ES256 JWT Apple accepts: kid, iss, sub, aud, iat and exp', async () => {
    const key = await teamKey();
    const secret = await createAppleClientSecret({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      clientId: 'com.example.web',
      privateKey: key.pem,
      now,
      lifetimeSeconds: 86_400,
    });
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, key.publicKey, {
      algorithms: ['ES256'],
      issuer: 'TEAM123456',
      subject: 'com.example.web',
      audience: 'https://appleid.apple.com',
      currentDate: now,
    });
    expect(payload.iat).toBe(now.getTime() / 1000);
    expect(payload.exp).toBe(now.getTime() / 1000 + 86_400);
  });

  it('does not verify under another key', async () => {
    const [signer, other] = [await teamKey(), await teamKey()];
    const secret = await createAppleClientSecret({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      clientId: 'com.example.web',
      privateKey: signer.pem,
      now,
    });
    await expect(jwtVerify(secret, other.publicKey, { currentDate: now })).rejects.toThrow();
  });

  it('refuses a lifetime above six months, zero or fractional', async () => {
    const key = await teamKey();
    const base = { teamId: 'T', keyId: 'K', clientId: 'c', privateKey: key.pem, now };
    await expect(
      createAppleClientSecret({ ...base, lifetimeSeconds: APPLE_CLIENT_SECRET_MAX_SECONDS }),
    ).resolves.toMatch(/^ey/u);
    for (const lifetimeSeconds of [APPLE_CLIENT_SECRET_MAX_SECONDS + 1, 0, -5, 1.5]) {
      await expect(createAppleClientSecret({ ...base, lifetimeSeconds })).rejects.toThrow(RangeError);
    }
  });

  it('refuses a key that is not a PKCS #8 P-256 key', async () => {
    await expect(
      createAppleClientSecret({ teamId: 'T', keyId: 'K', clientId: 'c', privateKey: 'not a key', now }),
    ).rejects.toThrow();
  });
});
