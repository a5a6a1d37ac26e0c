// The passcode screens, loaded on demand. A form starts loading OTPAuthenticate as soon as it sends, so the
// screen is ready when the answer arrives.
import { lazy } from 'react';

export const loadOtpAuthenticate = () => import('./otp-authenticate');
export const loadOtpConfirmation = () => import('./otp-confirmation');

export const OtpAuthenticateScreen = lazy(loadOtpAuthenticate);
export const OtpConfirmationScreen = lazy(loadOtpConfirmation);
