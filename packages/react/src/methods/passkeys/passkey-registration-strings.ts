// The passkey registration screens' part of the strings table (DESIGN convention 6; strings.ts explains why it
// sits here). Issue 23 item 4: they load with those screens, not with every page's first load. Overridden through
// the widget's `strings` prop or `config.strings` like every other string.
import { useMemo } from 'react';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';
import { PASSKEY_STRINGS } from './passkey-strings';

export const PASSKEY_REGISTRATION_STRINGS = {
  // SPEC §2 PasskeyRegistrationStart / SPEC §8 (here since issue 27: not in the sign-in form's first load).
  passkeyRegistrationTitle: 'Set up a new Passkey',
  skip: 'Skip',
  // SPEC §2 PasskeyRegistrationSuccess and the list's Save.
  passkeyCreatedTitle: 'Passkey successfully created!',
  save: 'Save',
  passkeyRegistrationWithoutUser:
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  passkeyRegistrationText:
    'Passkeys let you sign in with your fingerprint, face or screen lock instead of a password or a code.',
  createPasskey: 'Create a Passkey',
  existingPasskeys: 'Existing Passkeys',
  noPasskeys: 'No passkeys yet.',
  setUpAnotherPasskey: 'Set up another Passkey',
  done: 'Done',
  editPasskey: 'Edit {name}',
  deletePasskey: 'Delete {name}',
  passkeyNameLabel: 'Passkey name',
  deleteWarning: 'Once deleted, the passkey cannot be restored.',
  deleteConfirm: 'Delete',
  // Issue 22 finding 3: the list's heading when nothing was created in this visit (after Skip, or once every passkey
  // is deleted); SPEC §2's 'Passkey successfully created!' stays for right after a creation. 'Done' ends on a
  // finished view; an empty name says so.
  yourPasskeys: 'Your passkeys',
  passkeysDoneTitle: 'All set',
  passkeysDoneText: 'Your passkeys are saved. You can sign in with any of them.',
  managePasskeys: 'Manage passkeys',
  passkeyNameRequired: 'Enter a name for this passkey.',
} as const;

/** The widget's strings with these defaults resolved against the same overrides. */
export function usePasskeyRegistrationStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({
      ...strings,
      ...resolveStringTable(PASSKEY_STRINGS, stringOverrides),
      ...resolveStringTable(PASSKEY_REGISTRATION_STRINGS, stringOverrides),
    }),
    [strings, stringOverrides],
  );
}
