// Figma (OAuth 2, developers.figma.com "OAuth apps"; token requests with HTTP Basic client authentication at
// api.figma.com) and REST GET /v1/me → { id, email, handle, img_url }.
//
// emailVerified: always false — the answer has no verification flag (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { emailOf, objectOf, requireSubject, splitName, subjectOf, textOf, urlOf } from './profile-fields';

export const figmaPreset: ProviderPreset = {
  type: 'figma',
  openid: false,
  endpoints: {
    authorization: 'https://www.figma.com/oauth',
    token: 'https://api.figma.com/v1/oauth/token',
    userinfo: 'https://api.figma.com/v1/me',
  },
  // The granular scope that reads the user's name, e-mail and image (files:read is deprecated).
  defaultScopes: ['current_user:read'],
  clientAuthentication: 'client_secret_basic',
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    return {
      subject: requireSubject(subjectOf(user, 'id'), 'figma'),
      email: emailOf(user, 'email'),
      emailVerified: false,
      name: splitName(textOf(user, 'handle')),
      pictureUrl: urlOf(user, 'img_url'),
      locale: '',
    };
  },
};
