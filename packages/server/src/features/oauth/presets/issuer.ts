// The issuer an ID token must be checked against (preset.ts `issuerFor`), worked out from the token itself before
// it is verified: Microsoft's `common` endpoint names the user's tenant in the issuer, so the expected issuer is only
// known once the token's `tid` is read. The claims read here choose WHICH issuer to demand; the token is then
// verified against that issuer exactly (signature, audience, expiry and nonce as usual), so a forged `tid` gains
// nothing: the issuer it selects must still be the one in a token signed by the provider's key.
import { decodeJwt } from 'jose';
import type { ProviderPreset } from '../preset';

/**
 * The exact issuer to verify `idToken` against: `preset.issuerFor(claims, configuredIssuer)` when the preset has
 * one, else the configured issuer. Null when the preset refuses the token's claims (or the token cannot be read):
 * the caller refuses the sign-in.
 */
export function expectedIssuer(
  preset: Pick<ProviderPreset, 'issuerFor'>,
  configuredIssuer: string,
  idToken: string | undefined,
): string | null {
  if (preset.issuerFor === undefined) return configuredIssuer;
  if (idToken === undefined) return configuredIssuer;
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(idToken);
  } catch {
    return null;
  }
  return preset.issuerFor(claims, configuredIssuer);
}
