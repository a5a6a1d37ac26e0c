// The password screens, loaded on demand. The e-mail form starts loading them as soon as it looks the address up,
// so the next screen is ready when the answer arrives. The reset page's screens (PasswordResetForm with its
// strength feedback) are a chunk of their own: <ResetPassword> is exported beside mountLogin, and a static import
// of the form put it in every page's initial bundle (bench widget-size), like the passkey registration screens.
import { lazy } from 'react';

export const loadPasswordScreens = () => import('./password-screens');
export const loadPasswordResetScreens = () => import('./password-reset-screens');

export const PasswordCreateOrLoginScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordCreateOrLogin })),
);
export const PasswordEmailSentScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordEmailSent })),
);
export const PasswordConfirmationScreen = lazy(() =>
  loadPasswordScreens().then((module) => ({ default: module.PasswordConfirmation })),
);
export const PasswordResetFormScreen = lazy(() =>
  loadPasswordResetScreens().then((module) => ({ default: module.PasswordResetForm })),
);
export const PasswordResetConfirmationScreen = lazy(() =>
  loadPasswordResetScreens().then((module) => ({ default: module.PasswordResetConfirmation })),
);
