// The passkey screens, loaded on demand.
import { lazy } from 'react';

export const loadPasskeyConfirmation = () => import('./passkey-confirmation');
export const loadPasskeyRegistrationScreens = () => import('./passkey-registration-screens');

export const PasskeyConfirmationScreen = lazy(loadPasskeyConfirmation);
export const PasskeyRegistrationStartScreen = lazy(() =>
  loadPasskeyRegistrationScreens().then((module) => ({ default: module.PasskeyRegistrationStart })),
);
export const PasskeyRegistrationSuccessScreen = lazy(() =>
  loadPasskeyRegistrationScreens().then((module) => ({ default: module.PasskeyRegistrationSuccess })),
);
export const PasskeyRegistrationNoUserScreen = lazy(() =>
  loadPasskeyRegistrationScreens().then((module) => ({ default: module.PasskeyRegistrationNoUser })),
);
