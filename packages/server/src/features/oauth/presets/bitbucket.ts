// Bitbucket Cloud (OAuth 2.0, REST 2.0 "Get current user" and "List email addresses for current user"). The
// subject is the account's `uuid` ({…} braces included), stable across username and display-name changes.
//
// emailVerified: true for the address Bitbucket marks both `is_primary` and `is_confirmed` (confirmed by e-mail).
// Without one, no address is taken (the user answer carries none).
import type { ProviderPreset } from '../preset';
import {
  emailOf,
  flagOf,
  objectOf,
  requireSubject,
  splitName,
  subjectOf,
  textOf,
  urlOf,
} from './profile-fields';

export const BITBUCKET_EMAILS_URL = 'https://api.bitbucket.org/2.0/user/emails';

function primaryAddress(answer: unknown): { email: string | null; confirmed: boolean } {
  const values = objectOf(answer).values;
  if (!Array.isArray(values)) return { email: null, confirmed: false };
  for (const entry of values) {
    const item = objectOf(entry);
    if (flagOf(item, 'is_primary')) {
      return { email: emailOf(item, 'email'), confirmed: flagOf(item, 'is_confirmed') };
    }
  }
  return { email: null, confirmed: false };
}

export const bitbucketPreset: ProviderPreset = {
  type: 'bitbucket',
  openid: false,
  endpoints: {
    authorization: 'https://bitbucket.org/site/oauth2/authorize',
    token: 'https://bitbucket.org/site/oauth2/access_token',
    userinfo: 'https://api.bitbucket.org/2.0/user',
  },
  defaultScopes: ['account', 'email'],
  clientAuthentication: 'client_secret_basic',
  extraRequests: { emails: BITBUCKET_EMAILS_URL },
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    const { email, confirmed } = primaryAddress(objectOf(answers.extra).emails);
    return {
      subject: requireSubject(subjectOf(user, 'uuid'), 'bitbucket'),
      email,
      emailVerified: email !== null && confirmed,
      name: splitName(textOf(user, 'display_name')),
      pictureUrl: urlOf(objectOf(objectOf(user.links).avatar), 'href'),
      locale: '',
    };
  },
};
