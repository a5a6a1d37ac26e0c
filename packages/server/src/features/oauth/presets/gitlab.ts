// GitLab.com (OpenID Connect). Endpoints from https://gitlab.com/.well-known/openid-configuration; claims from
// GitLab's "GitLab as an OpenID Connect identity provider" (userinfo: sub, name, nickname, email, email_verified,
// picture, …). A self-managed GitLab is this preset with every endpoint overridden in the project file.
//
// emailVerified: GitLab's `email_verified` is accepted (GitLab confirms an address by e-mail before it may be the
// primary one).
import type { ProviderPreset } from '../preset';
import { claimsAssertVerified, openIdClaims, standardClaimsProfile } from './profile-fields';

export const gitlabPreset: ProviderPreset = {
  type: 'gitlab',
  openid: true,
  endpoints: {
    authorization: 'https://gitlab.com/oauth/authorize',
    token: 'https://gitlab.com/oauth/token',
    userinfo: 'https://gitlab.com/oauth/userinfo',
    issuer: 'https://gitlab.com',
    jwks: 'https://gitlab.com/oauth/discovery/keys',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_post',
  mapProfile: (answers) =>
    standardClaimsProfile(openIdClaims(answers), 'gitlab', { verified: claimsAssertVerified }),
};
