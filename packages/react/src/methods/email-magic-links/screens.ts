// The login-link screens, loaded on demand. The form starts loading EmailConfirmation as soon as it sends, so
// the screen is ready when the answer arrives.
import { lazy } from 'react';

export const loadEmailConfirmation = () => import('./email-confirmation');

export const EmailConfirmationScreen = lazy(loadEmailConfirmation);
