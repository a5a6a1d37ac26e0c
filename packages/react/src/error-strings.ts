// Issue 22 finding 6's texts: what a person reads for the error types whose server error_message is written for
// developers (errors.ts ERROR_TYPE_STRINGS). They are shown only after a call failed, a network round trip after the
// first paint, so they are not in every page's first load (issue 23 item 4, issue 27: the English first load must
// not grow, bench widget-size). The screens shown after a call import this file; the code on screen from the start
// (Main's e-mail form, the passcode forms, the social buttons, the passkey button, useAuthenticateFromUrl,
// loadWidgetStrings) loads it through error-chunk.ts when a call starts. No file the package's entry imports
// statically may import this one, or esbuild puts it back in the first load. Overridden through `strings` like every
// other key.
//
// The code that draws a failure rides in the same chunk, re-exported here so that one request brings all of it: the
// banner (./banner-message.tsx, which banner.tsx draws) and ErrorText (help links, also in toasts and the "Confirm
// it's you" step): import them from here, not from their files, or they become chunks of their own.
import { useMemo } from 'react';
import { type DisplayError, describeError, type ErrorStrings } from './errors';
import { resolveStringTable } from './strings';

export { BannerMessage, BannerStyles } from './banner-message';
export { ErrorText } from './error-text';

import { useWidget } from './widget-context';

export const ERROR_STRINGS = {
  // SPEC §8: a wrong passcode reads the same whether the client or the server found it. (SPEC §5's 'Invalid phone
  // number', which the phone form's own check shows before any call, stays in the first load's table.)
  invalidPasscode: 'Invalid passcode, please try again.',
  loginLinkUnusable: 'This login link has expired or has already been used. Please request a new one.',
  startedInOtherBrowser:
    'This sign-in has to be finished in the browser where it was started. Please start again here.',
  socialSignInUnusable: 'This sign-in has expired or has already been completed. Please start again.',
  emailTaken: 'This email address is already used by another account.',
  phoneNumberTaken: 'This phone number is already used by another account.',
} as const;

export type ErrorTexts = { readonly [Key in keyof typeof ERROR_STRINGS]: string };

/** The widget's strings with the error texts, each resolved against its overrides (locale, config, prop). */
export function useErrorStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({ ...strings, ...resolveStringTable(ERROR_STRINGS, stringOverrides) }),
    [strings, stringOverrides],
  );
}

/**
 * describeError for the widget's own screens, typed to need the error texts: a table without them (the context's
 * `strings`) would show the fallback for those error types instead, which describeError allows for pages that pass
 * DEFAULT_STRINGS. The method's strings hooks (useOtpStrings, …) and useErrorStrings give a table with them.
 */
export const describeWidgetError: (
  error: unknown,
  fallback: string,
  strings: ErrorStrings & ErrorTexts,
) => DisplayError = describeError;
