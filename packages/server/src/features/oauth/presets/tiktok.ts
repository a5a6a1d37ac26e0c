// TikTok Login Kit for Web (v2): the client is named `client_key` rather than `client_id` in the authorization URL
// and the token request (clientAuthentication 'tiktok_client_key'), scopes are comma separated, and the profile is
// GET /v2/user/info/ with the fields asked for → { data: { user: { open_id, union_id, avatar_url, display_name } },
// error: { code: "ok" } }. The token answer carries open_id too.
//
// emailVerified: always false and no e-mail: TikTok gives no address (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { objectOf, requireSubject, splitName, subjectOf, textOf, urlOf } from './profile-fields';

export const tiktokPreset: ProviderPreset = {
  type: 'tiktok',
  openid: false,
  endpoints: {
    authorization: 'https://www.tiktok.com/v2/auth/authorize/',
    token: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfo: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name',
  },
  defaultScopes: ['user.info.basic'],
  scopeSeparator: ',',
  clientAuthentication: 'tiktok_client_key',
  mapProfile(answers) {
    const user = objectOf(objectOf(objectOf(answers.userinfo).data).user);
    // open_id is per app and per user, the identifier TikTok documents for sign-in.
    const subject = subjectOf(user, 'open_id') || subjectOf(objectOf(answers.tokens), 'open_id');
    return {
      subject: requireSubject(subject, 'tiktok'),
      email: null,
      emailVerified: false,
      name: splitName(textOf(user, 'display_name')),
      pictureUrl: urlOf(user, 'avatar_url'),
      locale: '',
    };
  },
};
