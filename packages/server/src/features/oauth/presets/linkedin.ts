// Sign In with LinkedIn using OpenID Connect (Microsoft Learn, "sign-in-with-linkedin-v2"). Endpoints from
// https://www.linkedin.com/oauth/.well-known/openid-configuration. Userinfo: sub, name, given_name, family_name,
// picture, locale (an object { country, language } in practice, a string in the documented sample), email,
// email_verified.
//
// emailVerified: LinkedIn's `email_verified` is accepted (LinkedIn confirms an address before it is the primary
// one). Note LinkedIn's own warning that it does not verify identities: only the address is taken as proven.
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const linkedinPreset: ProviderPreset = {
  type: 'linkedin',
  openid: true,
  endpoints: {
    authorization: 'https://www.linkedin.com/oauth/v2/authorization',
    token: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfo: 'https://api.linkedin.com/v2/userinfo',
    issuer: 'https://www.linkedin.com/oauth',
    jwks: 'https://www.linkedin.com/oauth/openid/jwks',
  },
  defaultScopes: ['openid', 'profile', 'email'],
  clientAuthentication: 'client_secret_post',
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'linkedin', { verified: claimsAssertVerified }),
};
