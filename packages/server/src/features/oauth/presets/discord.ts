// Discord (OAuth2, "Get Current User" with the identify and email scopes): id (a snowflake string), username,
// global_name, avatar (an image hash), email, verified, locale.
//
// emailVerified: Discord's `verified` flag is accepted ("whether the email on this account has been verified").
import type { ProviderPreset } from '../preset';
import {
  emailOf,
  flagOf,
  localeOf,
  objectOf,
  requireSubject,
  splitName,
  subjectOf,
  textOf,
} from './profile-fields';

/** Discord's CDN address of a user avatar ("Image Formatting"); hashes are hex, optionally `a_`-prefixed. */
function discordAvatarUrl(userId: string, avatarHash: string): string {
  if (!/^(a_)?[0-9a-f]{32}$/u.test(avatarHash) || !/^\d+$/u.test(userId)) return '';
  return `https://cdn.discordapp.com/avatars/${userId}/${avatarHash}.png`;
}

export const discordPreset: ProviderPreset = {
  type: 'discord',
  openid: false,
  endpoints: {
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
  },
  defaultScopes: ['identify', 'email'],
  clientAuthentication: 'client_secret_post',
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    const subject = requireSubject(subjectOf(user, 'id'), 'discord');
    const email = emailOf(user, 'email');
    return {
      subject,
      email,
      emailVerified: email !== null && flagOf(user, 'verified'),
      name: splitName(textOf(user, 'global_name')),
      pictureUrl: discordAvatarUrl(subject, textOf(user, 'avatar')),
      locale: localeOf(user.locale),
    };
  },
};
