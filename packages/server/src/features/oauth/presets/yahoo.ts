// Yahoo (OpenID Connect). Endpoints from https://api.login.yahoo.com/.well-known/openid-configuration; userinfo
// claims: sub, name, given_name, family_name, nickname, locale, email, email_verified, picture.
//
// emailVerified: Yahoo's `email_verified` is accepted (Yahoo is authoritative for its own mailboxes and confirms
// other addresses by e-mail).
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const yahooPreset: ProviderPreset = {
  type: 'yahoo',
  openid: true,
  endpoints: {
    authorization: 'https://api.login.yahoo.com/oauth2/request_auth',
    token: 'https://api.login.yahoo.com/oauth2/get_token',
    userinfo: 'https://api.login.yahoo.com/openid/v1/userinfo',
    issuer: 'https://api.login.yahoo.com',
    jwks: 'https://api.login.yahoo.com/openid/v1/certs',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_basic',
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'yahoo', { verified: claimsAssertVerified }),
};
