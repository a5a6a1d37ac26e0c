import { describe, expect, it } from 'vitest';
import { createJsonStorage, parseJson } from './storage';
import { createMemoryStorage } from './test-support/fakes';

describe('JSON storage (wire-format.md §5.2)', () => {
  it('keys state under gatehouse_sdk_state_<public token> and round-trips JSON', () => {
    const backing = createMemoryStorage();
    const storage = createJsonStorage({ storage: backing, publicToken: 'public-token-a' });
    expect(storage.stateKey).toBe('gatehouse_sdk_state_public-token-a');
    storage.set(storage.stateKey, { a: 1 });
    expect(backing.getItem('gatehouse_sdk_state_public-token-a')).toBe('{"a":1}');
    expect(storage.get(storage.stateKey)).toEqual({ a: 1 });
    storage.remove(storage.stateKey);
    expect(storage.get(storage.stateKey)).toBeNull();
  });

  it('reads garbage as null and swallows storage failures', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createJsonStorage({ storage: throwing, publicToken: 't' });
    expect(storage.get('k')).toBeNull();
    expect(() => storage.set('k', 1)).not.toThrow();
    expect(() => storage.remove('k')).not.toThrow();
    expect(parseJson('{nope')).toBeNull();
    expect(parseJson('null')).toBeNull();
    expect(parseJson(null)).toBeNull();
  });
});
