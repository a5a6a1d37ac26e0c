// Sign in with Slack (OpenID Connect). Endpoints from https://slack.com/.well-known/openid-configuration; the
// userinfo answer of openid.connect.userInfo carries ok, sub, https://slack.com/user_id, team ids, email,
// email_verified, name, picture, given_name, family_name, locale.
//
// emailVerified: Slack's `email_verified` is accepted (Slack confirms the address of an account by e-mail).
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const slackPreset: ProviderPreset = {
  type: 'slack',
  openid: true,
  endpoints: {
    authorization: 'https://slack.com/openid/connect/authorize',
    token: 'https://slack.com/api/openid.connect.token',
    userinfo: 'https://slack.com/api/openid.connect.userInfo',
    issuer: 'https://slack.com',
    jwks: 'https://slack.com/openid/connect/keys',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_post',
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'slack', { verified: claimsAssertVerified }),
};
