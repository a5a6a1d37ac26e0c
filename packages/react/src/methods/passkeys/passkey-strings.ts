// The passkey button's and PasskeyConfirmation's part of the strings table (DESIGN convention 6; strings.ts
// explains why it sits here). Issue 23 item 4: they load with the passkey section, not with every page's first
// load. Overridden through the widget's `strings` prop or `config.strings` like every other string.
import { useMemo } from 'react';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';

export const PASSKEY_STRINGS = {
  // SPEC §2 Main passkey button and PasskeyConfirmation.
  loginWithPasskey: 'Login with a Passkey',
  passkeyConfirmationTitle: 'Success',
  passkeyConfirmationText: 'Your Passkey has been successfully authenticated.',
  // SPEC §8 passkey messages (verbatim), here since issue 27 (strings.ts says why); also read by the passkey
  // registration screens and the "Confirm it's you" step, whose hooks resolve this table too.
  passkeyRegistrationNotFound:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  passkeyUnknownError: 'Unknown error occurred during passkey authentication. Please try again.',
  passkeyNotCreated:
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
} as const;

/** The widget's strings with these defaults resolved against the same overrides. */
export function usePasskeyStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({ ...strings, ...resolveStringTable(PASSKEY_STRINGS, stringOverrides) }),
    [strings, stringOverrides],
  );
}
