import { describe, expect, it } from 'vitest';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { assertAllowedDomain, isRpIdForHost, parseCredential } from './relying-party';

const ctx = { config: { publicUrl: 'https://id.example.org' } } as AppContext;
const project = { allowedOrigins: ['https://app.example.com', 'http://localhost:3000'] } as ProjectRecord;

describe('isRpIdForHost (WebAuthn RP ID = host or registrable parent)', () => {
  it.each([
    ['app.example.com', 'app.example.com', true],
    ['example.com', 'app.example.com', true],
    ['com', 'app.example.com', false],
    ['pp.example.com', 'app.example.com', false],
    ['evil.com', 'app.example.com', false],
    ['localhost', 'localhost', true],
    ['0.0.1', '127.0.0.1', false],
    ['127.0.0.1', '127.0.0.1', true],
  ])('%s for %s → %s', (rpId, host, expected) => {
    expect(isRpIdForHost(rpId, host)).toBe(expected);
  });
});

describe('assertAllowedDomain', () => {
  it('accepts the hosts of allowed origins, their parents and the server’s own host (lower-cased)', () => {
    expect(assertAllowedDomain(ctx, project, 'app.example.com')).toBe('app.example.com');
    expect(assertAllowedDomain(ctx, project, 'Example.COM')).toBe('example.com');
    expect(assertAllowedDomain(ctx, project, 'localhost')).toBe('localhost');
    expect(assertAllowedDomain(ctx, project, 'id.example.org')).toBe('id.example.org');
  });

  it.each(['evil.test', 'example.com.evil.test', 'com', '', 'app.example.com.', 'local host'])(
    'refuses %j',
    (domain) => {
      expect(() => assertAllowedDomain(ctx, project, domain)).toThrow(
        expect.objectContaining({ errorType: 'invalid_webauthn_domain', statusCode: 400 }),
      );
    },
  );
});

describe('parseCredential', () => {
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: 'abc', origin: 'https://app.example.com' }),
  ).toString('base64url');

  it('reads a well-formed credential and its client data', () => {
    const parsed = parseCredential(
      JSON.stringify({
        id: 'AQID',
        rawId: 'AQID',
        type: 'public-key',
        response: { clientDataJSON, authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }),
      ['authenticatorData', 'signature'],
    );
    expect(parsed.clientData).toMatchObject({ type: 'webauthn.get', challenge: 'abc' });
    expect(parsed.authenticatorAttachment).toBe('platform');
  });

  it.each([
    ['not json', 'null'],
    [
      'an id that is not base64url',
      JSON.stringify({ id: 'a+b', rawId: 'a+b', type: 'public-key', response: {} }),
    ],
    ['rawId ≠ id', JSON.stringify({ id: 'AQID', rawId: 'AQIE', type: 'public-key', response: {} })],
    ['a wrong type', JSON.stringify({ id: 'AQID', rawId: 'AQID', type: 'password', response: {} })],
    [
      'a missing field',
      JSON.stringify({ id: 'AQID', rawId: 'AQID', type: 'public-key', response: { clientDataJSON } }),
    ],
  ])('refuses %s', (_label, text) => {
    expect(() => parseCredential(text, ['authenticatorData', 'signature'])).toThrow(
      expect.objectContaining({ errorType: 'invalid_public_key_credential' }),
    );
  });
});
