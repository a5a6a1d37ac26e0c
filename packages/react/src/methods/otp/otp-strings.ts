// The passcode methods' part of the strings table (DESIGN convention 6; strings.ts explains why it sits here): the
// phone and e-mail passcode forms, OTPAuthenticate and OTPConfirmation of SPEC §2 with their exact texts. Issue 23
// item 4: they load with those screens, not with every page's first load. Overridden through the widget's
// `strings` prop or `config.strings` like every other string.
import { useMemo } from 'react';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';

export const OTP_STRINGS = {
  // SPEC §2 Main, passcode tabs (SPEC §5 messages).
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  countryOption: '{country} (+{code})',
  // Issue 22 finding 9: what the closed country selector shows ('US +1'); the options keep the full names.
  countryCompact: '{region} +{code}',
  phonePlaceholder: '(201) 555-0123',
  continueWithText: 'Continue with text message',
  continueWithWhatsApp: 'Continue with WhatsApp',
  continueWithEmailPasscode: 'Continue with email',
  invalidEmail: 'Invalid email, please try again.',
  // SPEC §2 OTPAuthenticate and the SPEC §8 resend toast.
  enterPasscode: 'Enter passcode',
  passcodeSentTo: 'A 6-digit passcode was sent to you at {destination}.',
  passcodeLabel: 'One-time passcode',
  verifyingPasscode: 'Verifying passcode...',
  codeExpiresIn: 'Your code expires in {time}.',
  codeExpired: 'Your code has expired.',
  didNotGetCode: "Didn't get it?",
  resendCode: 'Resend code',
  codeResent: 'Code resent',
  // SPEC §2 OTPConfirmation.
  otpConfirmationTitle: 'Success',
  otpConfirmationText: 'Your passcode has been successfully verified.',
  // SPEC §8: a passcode refused because it expired.
  passcodeExpired: 'This passcode has expired. Use “Resend code” to get a new one.',
} as const;

/** The widget's strings with the passcode defaults resolved against the same overrides. */
export function useOtpStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({ ...strings, ...resolveStringTable(OTP_STRINGS, stringOverrides) }),
    [strings, stringOverrides],
  );
}
