// SPEC §2 social button 'Continue with {provider}' (wire-format.md §7.2: the click calls
// `oauth.<type>.start({ login_redirect_url, signup_redirect_url, custom_scopes, provider_params })`).
import { useEffect, useState } from 'react';
import type { OAuthProviderOptions } from '../../config';
import { loadErrorStrings } from '../../error-chunk';
import { describeError } from '../../errors';
import { formatString } from '../../strings';
import { useWidget } from '../../widget-context';
import { PROVIDER_NAME_STRINGS, startOptions } from './oauth-options';
import { useOAuthStrings } from './oauth-strings';
import { ProviderLogo } from './provider-logos';

/** One provider's button: starts the redirect flow with oauthOptions' redirect URLs and the entry's extras. */
export function ProviderButton({ entry }: { entry: OAuthProviderOptions }) {
  const { client, config, dispatch, emitError, stringOverrides } = useWidget();
  const strings = useOAuthStrings();
  const [starting, setStarting] = useState(false);

  // Back from the provider may restore this page from the back/forward cache with the button still disabled.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async () => {
    setStarting(true);
    // The section is on screen from the start: the error texts load with a click, not with it (error-strings.ts).
    const errorStrings = loadErrorStrings(stringOverrides);
    try {
      // Resolves once the navigation was asked for; the button stays disabled while the page unloads.
      await client.oauth[entry.type].start(startOptions(config.oauthOptions, entry));
    } catch (error) {
      const shown = describeError(error, strings.genericError, { ...strings, ...(await errorStrings) });
      setStarting(false);
      dispatch({ type: 'show-banner', banner: { variant: 'error', error: shown } });
      emitError(error);
    }
  };

  return (
    <button
      type="button"
      className="gh-button gh-button-secondary gh-oauth-button"
      data-provider={entry.type}
      disabled={starting}
      onClick={start}
    >
      <ProviderLogo provider={entry.type} />
      <span>
        {formatString(strings.continueWithProvider, { provider: strings[PROVIDER_NAME_STRINGS[entry.type]] })}
      </span>
    </button>
  );
}
