// Issue 26 item 2: the widget as the console uses it — e-mail login links that land on /console/authenticate, and
// passkeys (an operator who set one up signs in with it directly), with the default session length.
import type { LoginConfig } from '@gatehouse/react';
import { CONSOLE_BASE_PATH, SESSION_DURATION_MINUTES } from './console-client';

export function consoleLoginConfig(options: {
  origin: string;
  colorScheme: 'auto' | 'light' | 'dark';
}): LoginConfig {
  const landing = `${options.origin}${CONSOLE_BASE_PATH}/authenticate`;
  return {
    products: ['emailMagicLinks', 'passkeys'],
    emailMagicLinksOptions: { loginRedirectURL: landing, signupRedirectURL: landing },
    sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
    colorScheme: options.colorScheme,
  };
}

export const SESSION_CONFIG: LoginConfig = {
  products: ['emailMagicLinks'],
  sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
};
