// Facebook Login (OAuth 2.0 with the Graph API, "Manually Build a Login Flow"; Graph API "User" fields). The
// profile is GET /me with the fields asked for explicitly.
//
// emailVerified: always false. Graph returns `email` only when the account has a usable address, but sends no
// verification flag and Facebook is not authoritative for the address (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { emailOf, nameOf, objectOf, requireSubject, subjectOf, textOf, urlOf } from './profile-fields';

export const FACEBOOK_GRAPH_VERSION = 'v21.0';

export const facebookPreset: ProviderPreset = {
  type: 'facebook',
  openid: false,
  endpoints: {
    authorization: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
    token: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
    userinfo: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/me?fields=id,name,first_name,middle_name,last_name,email,picture.width(400).height(400)`,
  },
  defaultScopes: ['email', 'public_profile'],
  scopeSeparator: ',',
  clientAuthentication: 'client_secret_post',
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    return {
      subject: requireSubject(subjectOf(user, 'id'), 'facebook'),
      email: emailOf(user, 'email'),
      emailVerified: false,
      name: nameOf(
        textOf(user, 'first_name'),
        textOf(user, 'last_name'),
        textOf(user, 'name'),
        textOf(user, 'middle_name'),
      ),
      // { picture: { data: { url, is_silhouette, width, height } } }
      pictureUrl: urlOf(objectOf(objectOf(user.picture).data), 'url'),
      locale: '',
    };
  },
};
