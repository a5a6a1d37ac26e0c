// The password method's part of the strings table (DESIGN convention 6; strings.ts explains why it sits here): the
// password screens of SPEC §2 and the strength texts of SPEC §5 (verbatim). Overridden through the widget's
// `strings` prop or `config.strings` like every other string; only the password screens (loaded on demand) use them.
import { useMemo } from 'react';
import { ERROR_STRINGS } from '../../error-strings';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';

export const PASSWORD_STRINGS = {
  // SPEC §2 PasswordResetForm (here since issue 27: not in the sign-in form's first load).
  resetPasswordTitle: 'Reset your password',
  // SPEC §2 PasswordCreateOrLogin, login variant.
  passwordLoginTitle: 'Log In',
  passwordLabel: 'Password',
  showPassword: 'Show password',
  forgotPassword: 'Forgot Password?',
  // SPEC §2 PasswordCreateOrLogin, create variant and the choose-how-to-create screen.
  passwordCreateTitle: 'Create account',
  passwordCreateText: 'Finish creating your account by setting a password.',
  chooseHowToCreate: 'Choose how you would like to create your account.',
  emailMeLoginLink: 'Email me a login link',
  emailMeLoginCode: 'Email me a login code',
  // SPEC §2 PasswordForgot, PasswordBreached, PasswordSetNew, PasswordDedupe.
  passwordForgotTitle: 'Forgot password?',
  passwordForgotText: 'A link to reset your password was sent to you at {email}.',
  passwordBreachedTitle: 'Check your email to set a new password',
  passwordBreachedText:
    'A different site where you use the same password had a security issue recently. For your safety, an email was sent to you at {email} to reset your password.',
  passwordSetNewTitle: 'Check your email!',
  passwordSetNewText: 'A login link was sent to you at {email}.',
  passwordDedupeTitle: 'Check your email to set a new password!',
  passwordDedupeText:
    "We want to make sure your account is secure and that it's really you logging in! A link to set a new password was sent to you at {email}.",
  loginWithoutPassword: 'Login without a password',
  // SPEC §2 PasswordConfirmation (the same words as Login success).
  passwordConfirmationTitle: 'Success!',
  passwordConfirmationText: 'You have successfully logged in.',
  // Issue 22 finding 8: the reset form's PasswordConfirmation says what happened to the password (SPEC §2 fixes
  // 'You have successfully logged in.' for Login success only; after a reset the person changed a password, and
  // Clerk and Auth0 say so: "Password changed").
  passwordResetConfirmationTitle: 'Password changed',
  passwordResetConfirmationText: 'Your password has been changed and you are now logged in.',
  // SPEC §5 password strength: the zxcvbn meter and the LUDS and breached texts (verbatim).
  passwordStrength: 'Password strength: {score} of 4',
  passwordAccepted: 'Password accepted.',
  passwordNotAccepted: 'Password not accepted.',
  ludsMinimumLength: 'Must be at least {count} characters long',
  ludsComplexity: 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  requirementMet: 'Fulfilled:',
  requirementNotMet: 'Not fulfilled:',
  passwordBreachedWarning:
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  // Issue 22 finding 4: the show/hide toggle says what it will do (SPEC §2 names a show/hide toggle, not its words).
  hidePassword: 'Hide password',
  // Issue 22 finding 10: a new password's minimum length, under the label before anything is typed.
  passwordMinimumLengthHint: 'Use at least {count} characters.',
  // Issue 22 finding 6: zxcvbn's feedback (its English texts, as the server sends them: wire-format.md §4.10) in
  // plain words, by zxcvbn-feedback.ts.
  passwordHintKeyboardRow: 'Rows of keys next to each other are easy to guess.',
  passwordHintKeyboardPattern: 'Short keyboard patterns are easy to guess.',
  passwordHintRepeat: 'Repeated characters like “aaa” are easy to guess.',
  passwordHintRepeatPattern: 'Repeated patterns like “abcabcabc” are easy to guess.',
  passwordHintSequence: 'Sequences like “abc” or “123” are easy to guess.',
  passwordHintRecentYear: 'Recent years are easy to guess.',
  passwordHintDate: 'Dates are easy to guess.',
  passwordHintVeryCommon: 'This is one of the most used passwords.',
  passwordHintCommon: 'This is a commonly used password.',
  passwordHintSimilarToCommon: 'This is too close to a commonly used password.',
  passwordHintSingleWord: 'A single word is easy to guess.',
  passwordHintName: 'Names are easy to guess.',
  passwordHintPersonalData: 'Don’t use your name or email address in your password.',
  passwordHintBreached: 'This password has appeared in a data breach.',
  passwordHintSubstitution:
    'Swapping letters for look-alikes (like “@” for “a”) does not make a word harder to guess.',
  passwordHintReversed: 'Common words spelled backwards are easy to guess.',
  passwordHintAllCaps: 'Capitalize some letters, but not all of them.',
  passwordHintCapitalization: 'Capitalize more than the first letter.',
  passwordHintPersonalDates: 'Avoid dates and years that mean something to you.',
  passwordHintAvoidRecentYears: 'Avoid recent years.',
  passwordHintAvoidSequences: 'Avoid sequences like “abc” or “123”.',
  passwordHintAvoidRepeats: 'Avoid repeated words and characters.',
  passwordHintLongerPattern: 'Use longer keyboard patterns that change direction several times.',
  passwordHintMoreWords: 'Add a few less common words.',
  passwordHintUseWords: 'Use several words, but not a well-known phrase.',
  passwordHintNoSymbolsNeeded: 'A long password needs no symbols, numbers or capital letters to be strong.',
  passwordHintChangeElsewhere: 'If you use this password anywhere else, change it there too.',
} as const;

export type PasswordStringKey = keyof typeof PASSWORD_STRINGS;

/** The widget's strings with the password defaults resolved against the same overrides. */
export function usePasswordStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({
      ...strings,
      // The texts describeError shows for a failed call of this method's.
      ...resolveStringTable(ERROR_STRINGS, stringOverrides),
      ...resolveStringTable(PASSWORD_STRINGS, stringOverrides),
    }),
    [strings, stringOverrides],
  );
}
