import { describe, expect, it } from 'vitest';
import { createPkceStore } from './pkce';
import { challengeFor, createVerifier } from './pkce-pair';
import { createJsonStorage } from './storage';
import { createMemoryStorage } from './test-support/fakes';

// Deterministic getRandomValues: fills the array with the given 32-bit values.
const VALUES = [
  0, 1, 0xffffffff, 0xabcd, 0x10, 0x7fffffff, 0x80000000, 0xdeadbeef, 0x12345678, 0x9, 0xa, 0xff, 0x100,
  0xcafebabe, 0x1000000, 0x2,
];
const fixedCrypto = {
  getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
    (array as unknown as Uint32Array).set(VALUES);
    return array;
  },
  subtle: crypto.subtle,
};

describe('PKCE (wire-format.md §6)', () => {
  it('verifier: 16 random 32-bit values in lowercase hex without zero padding, concatenated', () => {
    expect(createVerifier(fixedCrypto)).toBe(
      '01ffffffffabcd107fffffff80000000deadbeef123456789aff100cafebabe10000002',
    );
  });

  it('verifier from real randomness is lowercase hex of at most 128 characters', () => {
    const verifier = createVerifier(crypto);
    expect(verifier).toMatch(/^[0-9a-f]{16,128}$/);
    expect(createVerifier(crypto)).not.toBe(verifier);
  });

  it('challenge: RFC 7636 appendix B vector', async () => {
    await expect(
      challengeFor({ verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', subtle: crypto.subtle }),
    ).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('challenge of the known verifier is base64url SHA-256 without padding', async () => {
    const challenge = await challengeFor({ verifier: createVerifier(fixedCrypto), subtle: crypto.subtle });
    expect(challenge).toBe('oCf06YIRrQscWC-s56pJYu1VRTGNYWEWRJGSEop1gA8');
  });

  it('stores pairs per namespace under <stateKey>::PKCE_VERIFIER:<namespace>, reuses and clears them', async () => {
    const backing = createMemoryStorage();
    const store = createPkceStore({
      storage: createJsonStorage({ storage: backing, publicToken: 'public-token-x' }),
      crypto: fixedCrypto,
    });
    expect(store.get('magic_links')).toBeNull();
    const pair = await store.getOrCreate('magic_links');
    expect(pair).toEqual({
      code_challenge: 'oCf06YIRrQscWC-s56pJYu1VRTGNYWEWRJGSEop1gA8',
      code_verifier: '01ffffffffabcd107fffffff80000000deadbeef123456789aff100cafebabe10000002',
    });
    expect(
      JSON.parse(backing.getItem('gatehouse_sdk_state_public-token-x::PKCE_VERIFIER:magic_links') ?? ''),
    ).toEqual(pair);
    backing.setItem(
      'gatehouse_sdk_state_public-token-x::PKCE_VERIFIER:magic_links',
      JSON.stringify({ code_challenge: 'c', code_verifier: 'v' }),
    );
    await expect(store.getOrCreate('magic_links')).resolves.toEqual({
      code_challenge: 'c',
      code_verifier: 'v',
    });
    expect(store.get('passwords')).toBeNull();
    store.clear('magic_links');
    expect(store.get('magic_links')).toBeNull();
  });

  it('create always makes a fresh pair; a malformed stored pair counts as none', async () => {
    const backing = createMemoryStorage();
    const store = createPkceStore({
      storage: createJsonStorage({ storage: backing, publicToken: 't' }),
      crypto,
    });
    const first = await store.create('oauth');
    const second = await store.create('oauth');
    expect(second.code_verifier).not.toBe(first.code_verifier);
    backing.setItem('gatehouse_sdk_state_t::PKCE_VERIFIER:oauth', '{"code_verifier": 5}');
    expect(store.get('oauth')).toBeNull();
  });
});
