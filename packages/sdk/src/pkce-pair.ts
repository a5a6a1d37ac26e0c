// wire-format.md §6 and SPEC §7: a new PKCE pair. The verifier is 16 random 32-bit values in lowercase hex (no zero
// padding); the challenge is base64url(SHA-256(verifier)) without padding (RFC 7636 S256). Loaded by the PKCE store
// (./pkce) on the first pair it creates, so pages whose project does not require PKCE neither download nor evaluate
// it (issue 21: the headless SDK ≤ 8 KiB gzip). No run-time imports of the SDK's own files: a module the initial
// bundle also uses would become a chunk of its own (bench widget-size).
import type { BrowserDependencies } from './browser';
import type { PkcePair } from './pkce';

export function createVerifier(crypto: BrowserDependencies['crypto']): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(16)), (value) => value.toString(16)).join('');
}

/** RFC 4648 §5 base64url without padding, of the 32 bytes of a digest (./encoding's base64 is for the headers). */
function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function challengeFor(options: { verifier: string; subtle: SubtleCrypto }): Promise<string> {
  const digest = await options.subtle.digest('SHA-256', new TextEncoder().encode(options.verifier));
  return base64Url(new Uint8Array(digest));
}

export async function createPkcePair(crypto: BrowserDependencies['crypto']): Promise<PkcePair> {
  const code_verifier = createVerifier(crypto);
  return {
    code_challenge: await challengeFor({ verifier: code_verifier, subtle: crypto.subtle }),
    code_verifier,
  };
}
