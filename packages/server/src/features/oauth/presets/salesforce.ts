// Salesforce (OpenID Connect, production org login). Endpoints from
// https://login.salesforce.com/.well-known/openid-configuration; userinfo claims from "OpenID Connect Token
// Introspection/UserInfo Endpoint" (sub is the identity URL https://login.salesforce.com/id/<org>/<user>; user_id,
// organization_id, email, email_verified, given_name, family_name, picture, locale such as en_US). A sandbox or My
// Domain login is this preset with the endpoints overridden.
//
// emailVerified: Salesforce's `email_verified` is accepted (Salesforce sets it once the user confirmed the address
// from a verification e-mail; an admin changing the address clears it).
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const salesforcePreset: ProviderPreset = {
  type: 'salesforce',
  openid: true,
  endpoints: {
    authorization: 'https://login.salesforce.com/services/oauth2/authorize',
    token: 'https://login.salesforce.com/services/oauth2/token',
    userinfo: 'https://login.salesforce.com/services/oauth2/userinfo',
    issuer: 'https://login.salesforce.com',
    jwks: 'https://login.salesforce.com/id/keys',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_post',
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'salesforce', { verified: claimsAssertVerified }),
};
