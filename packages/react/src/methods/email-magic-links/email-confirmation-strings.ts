// SPEC §2 EmailConfirmation's part of the strings table (DESIGN convention 6; strings.ts explains why it sits
// here). Issue 23 item 4: it loads with that screen, not with every page's first load. Overridden through the
// widget's `strings` prop or `config.strings` like every other string.
import { useMemo } from 'react';
import { ERROR_STRINGS } from '../../error-strings';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';

export const EMAIL_CONFIRMATION_STRINGS = {
  // SPEC §2 EmailConfirmation.
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openGmail: 'Open Gmail',
  openYahoo: 'Open Yahoo',
  openOutlook: 'Open Outlook',
  tryAgain: 'Try again',
} as const;

/** The widget's strings with these defaults resolved against the same overrides. */
export function useEmailConfirmationStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({
      ...strings,
      // The texts describeError shows for a failed call of this method's.
      ...resolveStringTable(ERROR_STRINGS, stringOverrides),
      ...resolveStringTable(EMAIL_CONFIRMATION_STRINGS, stringOverrides),
    }),
    [strings, stringOverrides],
  );
}
