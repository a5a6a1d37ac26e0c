// Login with Amazon ("Obtain Customer Profile Information"): GET https://api.amazon.com/user/profile answers
// user_id, name, email (and postal_code with that scope).
//
// emailVerified: always false — the profile carries no verification flag (SPEC rule: no flag → not verified).
import type { ProviderPreset } from '../preset';
import { emailOf, objectOf, requireSubject, splitName, subjectOf, textOf } from './profile-fields';

export const amazonPreset: ProviderPreset = {
  type: 'amazon',
  openid: false,
  endpoints: {
    authorization: 'https://www.amazon.com/ap/oa',
    token: 'https://api.amazon.com/auth/o2/token',
    userinfo: 'https://api.amazon.com/user/profile',
  },
  defaultScopes: ['profile'],
  clientAuthentication: 'client_secret_post',
  mapProfile(answers) {
    const user = objectOf(answers.userinfo);
    return {
      subject: requireSubject(subjectOf(user, 'user_id'), 'amazon'),
      email: emailOf(user, 'email'),
      emailVerified: false,
      name: splitName(textOf(user, 'name')),
      pictureUrl: '',
      locale: '',
    };
  },
};
