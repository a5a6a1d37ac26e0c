// Google (OpenID Connect). Endpoints from https://accounts.google.com/.well-known/openid-configuration; claims from
// "OpenID Connect | Google Identity" (an ID token's payload) and the userinfo endpoint.
//
// emailVerified: Google's `email_verified` is accepted for any address, Gmail or not, as Stytch and Auth0 do. Google
// is authoritative for gmail.com and for Workspace domains (`hd` claim); for any other address Google proved control
// of the mailbox when the account was made or the address was changed, and it clears the flag when it cannot.
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google's ID tokens carry either form (Google "Verify the Google ID token"). */
export const GOOGLE_ISSUERS: readonly string[] = ['accounts.google.com', GOOGLE_ISSUER];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export const googlePreset: ProviderPreset = {
  type: 'google',
  openid: true,
  endpoints: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    issuer: GOOGLE_ISSUER,
    jwks: GOOGLE_JWKS_URL,
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_post',
  issuerFor(claims, configuredIssuer) {
    // Only the real Google issuer has a scheme-less twin; an overridden issuer (a test provider) is taken exactly.
    if (configuredIssuer === GOOGLE_ISSUER && claims.iss === 'accounts.google.com')
      return 'accounts.google.com';
    return configuredIssuer;
  },
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'google', { verified: claimsAssertVerified }),
};
