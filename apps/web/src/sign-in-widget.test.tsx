import { describe, expect, it } from 'vitest';
import { loginConfig } from './sign-in-widget';

describe('loginConfig', () => {
  it('enables login links that come back to this app’s /authenticate page', () => {
    expect(loginConfig('http://localhost:3000')).toEqual({
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: {
        loginRedirectURL: 'http://localhost:3000/authenticate',
        signupRedirectURL: 'http://localhost:3000/authenticate',
      },
    });
  });
});
