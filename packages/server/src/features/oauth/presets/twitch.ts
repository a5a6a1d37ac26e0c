// Twitch (OpenID Connect, "Getting OAuth Access Tokens" → OIDC authorization code flow). Endpoints from
// https://id.twitch.tv/oauth2/.well-known/openid-configuration. Twitch sends the e-mail, its verification and the
// picture only when the `claims` parameter asks for them, so the preset always asks.
//
// emailVerified: Twitch's `email_verified` is accepted (Twitch confirms the account's address by e-mail).
import type { ProviderPreset } from '../preset';
import {
  claimsAssertVerified,
  openIdClaims,
  splitName,
  standardClaimsProfile,
  textOf,
} from './profile-fields';

const REQUESTED_CLAIMS = { email: null, email_verified: null, picture: null, preferred_username: null };

export const twitchPreset: ProviderPreset = {
  type: 'twitch',
  openid: true,
  endpoints: {
    authorization: 'https://id.twitch.tv/oauth2/authorize',
    token: 'https://id.twitch.tv/oauth2/token',
    userinfo: 'https://id.twitch.tv/oauth2/userinfo',
    issuer: 'https://id.twitch.tv/oauth2',
    jwks: 'https://id.twitch.tv/oauth2/keys',
  },
  defaultScopes: ['openid', 'user:read:email'],
  clientAuthentication: 'client_secret_post',
  authorizationParams: {
    claims: JSON.stringify({ id_token: REQUESTED_CLAIMS, userinfo: REQUESTED_CLAIMS }),
  },
  mapProfile(answers) {
    const claims = openIdClaims(answers);
    const profile = standardClaimsProfile(claims, 'twitch', { verified: claimsAssertVerified });
    // Twitch has no name claims; its display name is the preferred_username.
    return { ...profile, name: splitName(textOf(claims, 'preferred_username')) };
  },
};
