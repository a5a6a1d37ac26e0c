// GitHub OAuth apps ("Authorizing OAuth apps", REST "Get the authenticated user", "List email addresses for the
// authenticated user"). Not OpenID: the profile is GET /user, and the e-mail comes from GET /user/emails because
// /user shows only the public address, which may be absent or unverified.
//
// emailVerified: true for the address GitHub marks both `primary` and `verified` (GitHub proved control of the
// mailbox). Without such an address the public e-mail of /user is kept as unverified.
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

export const GITHUB_EMAILS_URL = 'https://api.github.com/user/emails';

function primaryVerifiedEmail(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    const item = objectOf(entry);
    if (flagOf(item, 'primary') && flagOf(item, 'verified')) return emailOf(item, 'email');
  }
  return null;
}

export const githubPreset: ProviderPreset = {
  type: 'github',
  openid: false,
  endpoints: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: 'https://api.github.com/user',
  },
  defaultScopes: ['read:user', 'user:email'],
  clientAuthentication: 'client_secret_post',
  extraRequests: { emails: GITHUB_EMAILS_URL },
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    const verified = primaryVerifiedEmail(objectOf(answers.extra).emails);
    const email = verified ?? emailOf(user, 'email');
    return {
      subject: requireSubject(subjectOf(user, 'id'), 'github'),
      email,
      emailVerified: verified !== null,
      // The login is a handle, not a name: without a display name the name stays empty.
      name: splitName(textOf(user, 'name')),
      pictureUrl: urlOf(user, 'avatar_url'),
      locale: '',
    };
  },
};
