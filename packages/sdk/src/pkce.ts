// wire-format.md §6 and SPEC §7: PKCE pairs live in localStorage per namespace and are cleared only after a
// successful authenticate. A new pair (verifier and S256 challenge) comes from ./pkce-pair, loaded on the first
// one: reading and clearing a stored pair stay synchronous.
import type { BrowserDependencies } from './browser';
import type { JsonStorage } from './storage';

export type PkceNamespace = 'magic_links' | 'oauth' | 'passwords';

export interface PkcePair {
  code_challenge: string;
  code_verifier: string;
}

export interface PkceStore {
  get(namespace: PkceNamespace): PkcePair | null;
  /** Reuses the stored pair of the namespace, else creates and stores one (magic links, password resets). */
  getOrCreate(namespace: PkceNamespace): Promise<PkcePair>;
  /** Always a fresh pair (OAuth start). */
  create(namespace: PkceNamespace): Promise<PkcePair>;
  clear(namespace: PkceNamespace): void;
}

export function createPkceStore(options: {
  storage: JsonStorage;
  crypto: BrowserDependencies['crypto'];
}): PkceStore {
  const { storage, crypto } = options;
  const key = (namespace: PkceNamespace) => `${storage.stateKey}::PKCE_VERIFIER:${namespace}`;
  const get = (namespace: PkceNamespace) => {
    const pair = storage.get<PkcePair>(key(namespace));
    return typeof pair?.code_verifier === 'string' && typeof pair.code_challenge === 'string' ? pair : null;
  };
  const create = async (namespace: PkceNamespace) => {
    const pair = await (await import('./pkce-pair')).createPkcePair(crypto);
    storage.set(key(namespace), pair);
    return pair;
  };
  return {
    get,
    create,
    getOrCreate: async (namespace) => get(namespace) ?? create(namespace),
    clear: (namespace) => storage.remove(key(namespace)),
  };
}
