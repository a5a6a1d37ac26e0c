// Base64 helpers on btoa (no library, bundle budget). Text is encoded as UTF-8 first because btoa only accepts
// Latin-1 and a header value must never make a request throw.

export function base64FromBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64FromText(text: string): string {
  return base64FromBytes(new TextEncoder().encode(text));
}
