// The wallet messages and addresses without a server (issue 12 item 1): SPEC §9's network per environment, the
// origin fallback, the SIWS text layout, that viem's own SIWE parser reads our Ethereum message back field for
// field, the nonce read back from a message a caller names (issue 20 item 2), and the address forms (EIP-55 from any
// case, canonical base58).
import { base58 } from '@scure/base';
import { getAddress } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { parseWalletAddress, parseWalletType } from './addresses';
import {
  chainIdFor,
  createSignInMessage,
  createSolanaSignInMessage,
  NONCE_BYTES,
  newNonce,
  nonceOf,
  SIGN_IN_STATEMENT,
  signingOrigin,
} from './messages';

const ISSUED = new Date('2030-01-01T00:00:00.000Z');
const EXPIRES = new Date('2030-01-01T00:10:00.000Z');

describe('SPEC §9 network', () => {
  it('is mainnet in production and a testnet otherwise', () => {
    expect(chainIdFor('ethereum', { env: 'production' })).toBe('1');
    expect(chainIdFor('solana', { env: 'production' })).toBe('mainnet');
    for (const env of ['development', 'test'] as const) {
      expect(chainIdFor('ethereum', { env })).toBe('11155111');
      expect(chainIdFor('solana', { env })).toBe('testnet');
    }
  });
});

describe('signingOrigin', () => {
  const project = { allowedOrigins: ['https://app.example.com', 'https://other.example.com'] };
  it('takes the caller’s Origin, else the first allowed origin, else the server’s public URL', () => {
    expect(
      signingOrigin({
        requestOrigin: 'https://other.example.com',
        project,
        publicUrl: 'http://localhost:3000',
      }),
    ).toBe('https://other.example.com');
    expect(signingOrigin({ requestOrigin: null, project, publicUrl: 'http://localhost:3000' })).toBe(
      'https://app.example.com',
    );
    expect(
      signingOrigin({
        requestOrigin: null,
        project: { allowedOrigins: [] },
        publicUrl: 'http://localhost:3000',
      }),
    ).toBe('http://localhost:3000');
    // 'null' (an opaque origin) is no origin to sign for.
    expect(signingOrigin({ requestOrigin: 'null', project, publicUrl: 'http://localhost:3000' })).toBe(
      'https://app.example.com',
    );
  });
});

describe('messages', () => {
  it('nonces are 48 hex digits (192 bits) and differ', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(new RegExp(`^[0-9a-f]{${NONCE_BYTES * 2}}$`));
  });

  it('the Ethereum message is EIP-4361: viem parses and validates it for our domain, address and nonce', () => {
    const address = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
    const nonce = newNonce();
    const message = createSignInMessage({
      type: 'ethereum',
      address,
      origin: 'https://app.example.com:8443',
      chainId: '11155111',
      nonce,
      issuedAt: ISSUED,
      expirationTime: EXPIRES,
    });
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'app.example.com:8443',
      address,
      statement: SIGN_IN_STATEMENT,
      uri: 'https://app.example.com:8443',
      version: '1',
      chainId: 11155111,
      nonce,
      issuedAt: ISSUED,
      expirationTime: EXPIRES,
    });
    expect(
      validateSiweMessage({
        message: parsed,
        address,
        domain: 'app.example.com:8443',
        nonce,
        time: new Date(ISSUED.getTime() + 1000),
      }),
    ).toBe(true);
    expect(validateSiweMessage({ message: parsed, time: EXPIRES })).toBe(false);
  });

  it('the Solana message has the SIWS layout', () => {
    const address = base58.encode(new Uint8Array(32).fill(7));
    expect(
      createSolanaSignInMessage({
        address,
        origin: 'http://localhost:3000',
        chainId: 'testnet',
        nonce: 'abc123abc123',
        issuedAt: ISSUED,
        expirationTime: EXPIRES,
      }),
    ).toBe(
      [
        'localhost:3000 wants you to sign in with your Solana account:',
        address,
        '',
        SIGN_IN_STATEMENT,
        '',
        'URI: http://localhost:3000',
        'Version: 1',
        'Chain ID: testnet',
        'Nonce: abc123abc123',
        'Issued At: 2030-01-01T00:00:00.000Z',
        'Expiration Time: 2030-01-01T00:10:00.000Z',
      ].join('\n'),
    );
  });
});

describe('addresses', () => {
  it('every case of an Ethereum address maps to its EIP-55 checksum form', () => {
    const checksum = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    for (const variant of [checksum, checksum.toLowerCase(), `0x${checksum.slice(2).toUpperCase()}`]) {
      expect(parseWalletAddress('ethereum', variant)).toEqual({
        type: 'ethereum',
        address: checksum,
        publicKey: null,
      });
    }
  });

  it('a Solana address is a base58 32-byte key, kept canonical', () => {
    const bytes = new Uint8Array(32).fill(9);
    const parsed = parseWalletAddress('solana', base58.encode(bytes));
    expect(parsed.address).toBe(base58.encode(bytes));
    expect(parsed.publicKey).toEqual(bytes);
    // Leading zero bytes are leading '1's: 32 zero bytes is the system program's key, still 32 bytes.
    expect(parseWalletAddress('solana', '11111111111111111111111111111111').publicKey).toEqual(
      new Uint8Array(32),
    );
  });

  it('types are exactly ethereum or solana', () => {
    expect(parseWalletType('ethereum')).toBe('ethereum');
    expect(parseWalletType('solana')).toBe('solana');
    expect(() => parseWalletType('Solana')).toThrowError(/crypto_wallet_type/);
  });
});

describe('nonceOf (issue 20 item 2: the challenge a caller names)', () => {
  const fields = {
    origin: 'https://app.example.com',
    chainId: '11155111',
    issuedAt: ISSUED,
    expirationTime: EXPIRES,
  };
  const ethereum = createSignInMessage({
    ...fields,
    type: 'ethereum',
    address: getAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'),
    nonce: 'a'.repeat(48),
  });
  const solana = createSignInMessage({
    ...fields,
    type: 'solana',
    chainId: 'testnet',
    address: base58.encode(new Uint8Array(32).fill(3)),
    nonce: 'b'.repeat(48),
  });

  it('reads the nonce of each format back, and agrees with viem’s SIWE parser', () => {
    expect(nonceOf('ethereum', ethereum)).toBe('a'.repeat(48));
    expect(nonceOf('ethereum', ethereum)).toBe(parseSiweMessage(ethereum).nonce);
    expect(nonceOf('solana', solana)).toBe('b'.repeat(48));
  });

  it('is null for a message of the other type, without one Nonce line, or with a nonce outside EIP-4361’s grammar', () => {
    expect(nonceOf('solana', ethereum)).toBeNull();
    expect(nonceOf('ethereum', solana)).toBeNull();
    const lines = ethereum.split('\n');
    const withNonce = (nonce: string) =>
      lines.map((line) => (line.startsWith('Nonce: ') ? `Nonce: ${nonce}` : line)).join('\n');
    expect(nonceOf('ethereum', lines.filter((line) => !line.startsWith('Nonce: ')).join('\n'))).toBeNull();
    expect(nonceOf('ethereum', `${ethereum}\nNonce: ${'c'.repeat(48)}`)).toBeNull();
    for (const nonce of ['short', 'a'.repeat(129), `${'a'.repeat(47)}-`, ` ${'a'.repeat(48)}`, '']) {
      expect(nonceOf('ethereum', withNonce(nonce))).toBeNull();
    }
    expect(nonceOf('ethereum', '')).toBeNull();
    expect(nonceOf('ethereum', 'hello')).toBeNull();
  });
});
