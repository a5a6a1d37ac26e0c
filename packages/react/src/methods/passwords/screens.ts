// The password screens, loaded on demand. The e-mail form starts loading them as soon as it looks the address up,
// so the next screen is ready when the answer arrives.
import { lazy } from 'react';

export const loadPasswordScreens = () => import('./password-screens');

export const PasswordCreateOrLoginScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordCreateOrLogin })),
);
export const PasswordEmailSentScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordEmailSent })),
);
export const PasswordConfirmationScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordConfirmation })),
);
