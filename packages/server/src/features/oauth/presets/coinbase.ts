// Coinbase App OAuth2 (docs.cdp.coinbase.com "OAuth2 integration": login.coinbase.com/oauth2/auth and /token; scopes
// comma separated) and the v2 "Show current user" answer { data: { id, name, username, avatar_url, email, … } }.
//
// emailVerified: always false — the answer has no verification flag (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { emailOf, objectOf, requireSubject, splitName, subjectOf, textOf, urlOf } from './profile-fields';

export const coinbasePreset: ProviderPreset = {
  type: 'coinbase',
  openid: false,
  endpoints: {
    authorization: 'https://login.coinbase.com/oauth2/auth',
    token: 'https://login.coinbase.com/oauth2/token',
    userinfo: 'https://api.coinbase.com/v2/user',
  },
  defaultScopes: ['wallet:user:read', 'wallet:user:email'],
  scopeSeparator: ',',
  clientAuthentication: 'client_secret_post',
  mapProfile(answers) {
    const user = objectOf(objectOf(answers.userinfo).data);
    return {
      subject: requireSubject(subjectOf(user, 'id'), 'coinbase'),
      email: emailOf(user, 'email'),
      emailVerified: false,
      name: splitName(textOf(user, 'name')),
      pictureUrl: urlOf(user, 'avatar_url'),
      locale: '',
    };
  },
};
