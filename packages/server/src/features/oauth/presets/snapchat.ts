// Snapchat Login Kit (web, server-side OAuth 2.0): scopes are full URLs, and the profile is the Snap Kit GraphQL
// query GET https://kit.snapchat.com/v1/me?query={me{externalId displayName bitmoji{avatar}}} →
// { data: { me: { externalId, displayName, bitmoji: { avatar } } } }.
//
// emailVerified: always false and no e-mail: Login Kit gives no address (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { objectOf, requireSubject, splitName, subjectOf, textOf, urlOf } from './profile-fields';

const SNAPCHAT_ME_QUERY = '{me{externalId displayName bitmoji{avatar}}}';

export const snapchatPreset: ProviderPreset = {
  type: 'snapchat',
  openid: false,
  endpoints: {
    authorization: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    token: 'https://accounts.snapchat.com/accounts/oauth2/token',
    userinfo: `https://kit.snapchat.com/v1/me?query=${encodeURIComponent(SNAPCHAT_ME_QUERY)}`,
  },
  defaultScopes: [
    'https://auth.snapchat.com/oauth2/api/user.external_id',
    'https://auth.snapchat.com/oauth2/api/user.display_name',
    'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
  ],
  clientAuthentication: 'client_secret_basic',
  mapProfile(answers) {
    const me = objectOf(objectOf(objectOf(answers.userinfo).data).me);
    return {
      subject: requireSubject(subjectOf(me, 'externalId'), 'snapchat'),
      email: null,
      emailVerified: false,
      name: splitName(textOf(me, 'displayName')),
      pictureUrl: urlOf(objectOf(me.bitmoji), 'avatar'),
      locale: '',
    };
  },
};
