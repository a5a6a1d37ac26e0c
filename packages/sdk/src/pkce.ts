// wire-format.md §6 and SPEC §7: PKCE verifier = 16 random 32-bit values in lowercase hex (no zero padding),
// challenge = base64url(SHA-256(verifier)) without padding (RFC 7636 S256). Pairs live in localStorage per
// namespace and are cleared only after a successful authenticate.
import type { BrowserDependencies } from './browser';
import { base64UrlFromBytes } from './encoding';
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

export function createVerifier(crypto: BrowserDependencies['crypto']): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(16)), (value) => value.toString(16)).join('');
}

export async function challengeFor(options: { verifier: string; subtle: SubtleCrypto }): Promise<string> {
  const digest = await options.subtle.digest('SHA-256', new TextEncoder().encode(options.verifier));
  return base64UrlFromBytes(new Uint8Array(digest));
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
    const code_verifier = createVerifier(crypto);
    const pair = {
      code_challenge: await challengeFor({ verifier: code_verifier, subtle: crypto.subtle }),
      code_verifier,
    };
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
