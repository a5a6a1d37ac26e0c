// X (Twitter) OAuth 2.0 Authorization Code Flow with PKCE (confidential client: Basic authentication at the token
// endpoint) and API v2 GET /2/users/me → { data: { id, name, username, profile_image_url } }.
//
// emailVerified: always false and no e-mail: the default scopes give no address (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { objectOf, requireSubject, splitName, subjectOf, textOf, urlOf } from './profile-fields';

export const twitterPreset: ProviderPreset = {
  type: 'twitter',
  openid: false,
  endpoints: {
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    userinfo: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
  },
  // offline.access gives a refresh token; users.read needs tweet.read alongside.
  defaultScopes: ['users.read', 'tweet.read', 'offline.access'],
  clientAuthentication: 'client_secret_basic',
  mapProfile(answers) {
    const user = objectOf(objectOf(answers.userinfo).data);
    return {
      subject: requireSubject(subjectOf(user, 'id'), 'twitter'),
      email: null,
      emailVerified: false,
      name: splitName(textOf(user, 'name')),
      pictureUrl: urlOf(user, 'profile_image_url'),
      locale: '',
    };
  },
};
