// The OAuth method's part of the strings table (DESIGN convention 6; strings.ts explains why it sits here): the
// provider names of SPEC §2's buttons and the One Tap messages of SPEC §4/§8. Issue 23 item 4: they load with the
// OAuth section, not with every page's first load. Overridden through the widget's `strings` prop or
// `config.strings` like every other string.
import { useMemo } from 'react';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';
import { PROVIDER_NAME_STRINGS } from './provider-names';

export const OAUTH_STRINGS = {
  ...PROVIDER_NAME_STRINGS,
  // SPEC §2 One Tap (embedded or floating, with a spinner while loading). The region's name moved here from
  // strings.ts with issue 27 (the English first load stays as it was: strings.ts says why).
  oneTapRegion: 'Sign in with Google One Tap',
  oneTapLoading: 'Loading Google One Tap…',
  // SPEC §8 One Tap errors, shown only for test-mode public tokens (live tokens log them to the console).
  oneTapOriginNotAllowed:
    'One Tap cannot render because the current host is not allowed for this project. Add it to the authorized origins of the Google client and of the project.',
  oneTapInvalidClient:
    "One Tap cannot render because Google does not recognize the client ID. It must match the project's Google client.",
  oneTapConfigNotFound:
    'One Tap cannot render because no Google OAuth client is configured for this project.',
  oneTapNoLoginRedirectUrls: 'One Tap needs a login redirect URL. Set one for the project.',
  oneTapNoSignupRedirectUrls: 'One Tap needs a signup redirect URL. Set one for the project.',
  oneTapDefaultProviderNotAllowed:
    'One Tap cannot render because the default OAuth provider of this project is not compatible with One Tap.',
} as const;

/** The widget's strings with these defaults resolved against the same overrides. */
export function useOAuthStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({ ...strings, ...resolveStringTable(OAUTH_STRINGS, stringOverrides) }),
    [strings, stringOverrides],
  );
}
