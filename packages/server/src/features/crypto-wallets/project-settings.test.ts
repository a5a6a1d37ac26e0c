// Issue 12 item 1: the project file's `settings.ethereum_rpc_url` (contract wallets' EIP-1271 checks) is read as an
// http(s) URL or null, and anything else stops start-up naming the key.
import { describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../infra/config';
import { configError } from '../../test-support/config-error';

const project = (settings: Record<string, unknown>) => [
  { name: 'Wallets', enabled_products: ['crypto'], settings },
];

describe('settings.ethereum_rpc_url', () => {
  it('takes an http(s) URL or null, and is optional', () => {
    expect(
      parseProjectFile(project({ ethereum_rpc_url: 'https://rpc.example.com/v1/key' }))[0]?.settings,
    ).toEqual({
      ethereum_rpc_url: 'https://rpc.example.com/v1/key',
    });
    expect(parseProjectFile(project({ ethereum_rpc_url: null }))[0]?.settings).toEqual({
      ethereum_rpc_url: null,
    });
    expect(parseProjectFile(project({}))[0]?.settings).toEqual({});
  });

  it.each(['wss://rpc.example.com', 'ftp://rpc.example.com', 'rpc.example.com', 'https://', 42])(
    'refuses %j, naming the key',
    (value) => {
      const error = configError(() => parseProjectFile(project({ ethereum_rpc_url: value })));
      expect(error.key).toMatch(/ethereum_rpc_url/);
    },
  );
});
