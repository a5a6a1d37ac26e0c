// SPEC §3 oauthOptions → the start options of one provider (wire-format.md §7.2: an OAuth button calls
// `oauth.<type>.start({ login_redirect_url, signup_redirect_url, custom_scopes, provider_params })`).
import { OAUTH_PROVIDERS } from '@gatehouse/protocol';
import type { OAuthStartOptions } from '../../client-contract';
import type { OAuthOptions, OAuthProviderOptions } from '../../config';
import type { OAUTH_STRINGS } from './oauth-strings';

/** The configured providers in their configured order; unknown types and repeats are left out. */
export function configuredProviders(options: OAuthOptions | undefined): OAuthProviderOptions[] {
  const seen = new Set<string>();
  return (options?.providers ?? []).filter((entry) => {
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(entry?.type) || seen.has(entry.type)) return false;
    seen.add(entry.type);
    return true;
  });
}

/** Only the options that are set, so the SDK builds the URL with exactly those parameters. */
export function startOptions(
  options: OAuthOptions | undefined,
  entry: OAuthProviderOptions,
): OAuthStartOptions {
  const start: OAuthStartOptions = {};
  if (options?.loginRedirectURL) start.login_redirect_url = options.loginRedirectURL;
  if (options?.signupRedirectURL) start.signup_redirect_url = options.signupRedirectURL;
  if (entry.custom_scopes && entry.custom_scopes.length > 0) start.custom_scopes = entry.custom_scopes;
  if (entry.provider_params && Object.keys(entry.provider_params).length > 0)
    start.provider_params = entry.provider_params;
  return start;
}

export type OneTapPosition = 'embedded' | 'floating';

/**
 * wire-format.md §7.2 positions: the embedded ones render inside the widget; 'floating' and 'floatingOrEmbedded'
 * let Google float the prompt over the page. Embedded when not given.
 */
export function oneTapPosition(position: OAuthProviderOptions['position']): OneTapPosition {
  return position === 'floating' || position === 'floatingOrEmbedded' ? 'floating' : 'embedded';
}

export const PROVIDER_NAME_STRINGS = {
  google: 'providerGoogle',
  microsoft: 'providerMicrosoft',
  apple: 'providerApple',
  github: 'providerGithub',
  gitlab: 'providerGitlab',
  facebook: 'providerFacebook',
  discord: 'providerDiscord',
  salesforce: 'providerSalesforce',
  slack: 'providerSlack',
  amazon: 'providerAmazon',
  bitbucket: 'providerBitbucket',
  linkedin: 'providerLinkedin',
  coinbase: 'providerCoinbase',
  twitch: 'providerTwitch',
  twitter: 'providerTwitter',
  tiktok: 'providerTiktok',
  snapchat: 'providerSnapchat',
  figma: 'providerFigma',
  yahoo: 'providerYahoo',
} as const satisfies Record<(typeof OAUTH_PROVIDERS)[number], keyof typeof OAUTH_STRINGS>;
