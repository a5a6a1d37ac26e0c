// The "Confirm it's you" step's part of the strings table (DESIGN convention 6; strings.ts explains why a lazily
// loaded part keeps its defaults beside its code): issue 20 item 3. Overridden through the widget's `strings` prop or
// `config.strings` like every other string; only the step (loaded when a change asks for it) uses them. The wrong
// e-mailed code reuses SPEC §8 'Invalid passcode, please try again.' and Cancel the table's `cancel`.
import { useMemo } from 'react';
import { ERROR_STRINGS } from '../error-strings';
import { PASSKEY_STRINGS } from '../methods/passkeys/passkey-strings';
import { resolveStringTable } from '../strings';
import { useWidget } from '../widget-context';

export const REAUTHENTICATION_STRINGS = {
  reauthenticationTitle: 'Confirm it’s you',
  reauthenticationRecentText:
    'For your security, this change needs a recent sign-in. Confirm it’s you to continue.',
  reauthenticationSecondFactorText: 'This change needs a code from your authenticator app first.',
  reauthenticationPasskeyText: 'Use one of your passkeys to confirm.',
  reauthenticationUsePasskey: 'Use a passkey',
  reauthenticationPasskeyFailed: 'Your passkey was not used. Try again, or choose another way.',
  reauthenticationTotpText: 'Enter the 6-digit code from your authenticator app.',
  reauthenticationTotpLabel: 'Authenticator app code',
  reauthenticationPasswordText: 'Enter your password.',
  reauthenticationEmailCodeText: 'We will email a 6-digit code to {email}.',
  reauthenticationSendCode: 'Email me a code',
  reauthenticationSending: 'Sending…',
  reauthenticationCodeSent: 'A 6-digit code was sent to {email}.',
  reauthenticationCodeLabel: 'Code from the email',
  reauthenticationSendNewCode: 'Send a new code',
  reauthenticationConfirm: 'Confirm',
  reauthenticationConfirming: 'Checking…',
  reauthenticationRetrying: 'Confirmed. Finishing your change…',
  reauthenticationOtherWays: 'Other ways to confirm',
  reauthenticationUsePasskeyInstead: 'Use a passkey instead',
  reauthenticationUseTotpInstead: 'Use your authenticator app instead',
  reauthenticationUsePasswordInstead: 'Use your password instead',
  reauthenticationUseEmailCodeInstead: 'Email me a code instead',
  reauthenticationUnavailable:
    'None of your sign-in methods can confirm it here. Sign out and sign in again, then make this change.',
} as const;

export type ReauthenticationStringKey = keyof typeof REAUTHENTICATION_STRINGS;

/** The widget's strings with the step's defaults resolved against the same overrides. */
export function useReauthenticationStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({
      ...strings,
      ...resolveStringTable(ERROR_STRINGS, stringOverrides),
      ...resolveStringTable(PASSKEY_STRINGS, stringOverrides),
      ...resolveStringTable(REAUTHENTICATION_STRINGS, stringOverrides),
    }),
    [strings, stringOverrides],
  );
}
