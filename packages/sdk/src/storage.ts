// wire-format.md §5.2: localStorage keys. Values are JSON. Storage failures (quota, disabled storage, private
// mode) never break a sign-in: reads give null and writes are dropped.
import type { KeyValueStorage } from './browser';

export const STATE_KEY_PREFIX = 'gatehouse_sdk_state_';

export interface JsonStorage {
  /** `gatehouse_sdk_state_<public_token>`: the cached `{ user, session }` state. */
  readonly stateKey: string;
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

/** Keys derive from the state key: `<stateKey>::bootstrap`, `<stateKey>::PKCE_VERIFIER:<namespace>`. */
export function createJsonStorage(options: { storage: KeyValueStorage; publicToken: string }): JsonStorage {
  const { storage } = options;
  return {
    stateKey: STATE_KEY_PREFIX + options.publicToken,
    get<T>(key: string): T | null {
      try {
        return parseJson<T>(storage.getItem(key));
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage.setItem(key, JSON.stringify(value));
      } catch {}
    },
    remove(key) {
      try {
        storage.removeItem(key);
      } catch {}
    },
  };
}

/** null, "null", and anything that is not JSON all read as null (wire-format.md §5.4). */
export function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
