// Issue 11: the preset table of the 19 providers of SPEC §2 (wire-format.md §1.3 provider path segments). The flow
// (features/oauth) looks a provider up here and merges the project file's overrides over it.
import type { OAuthProvider } from '@gatehouse/protocol';
import type { ProviderPreset } from '../preset';
import { amazonPreset } from './amazon';
import { applePreset } from './apple';
import { bitbucketPreset } from './bitbucket';
import { coinbasePreset } from './coinbase';
import { discordPreset } from './discord';
import { facebookPreset } from './facebook';
import { figmaPreset } from './figma';
import { githubPreset } from './github';
import { gitlabPreset } from './gitlab';
import { googlePreset } from './google';
import { linkedinPreset } from './linkedin';
import { microsoftPreset } from './microsoft';
import { salesforcePreset } from './salesforce';
import { slackPreset } from './slack';
import { snapchatPreset } from './snapchat';
import { tiktokPreset } from './tiktok';
import { twitchPreset } from './twitch';
import { twitterPreset } from './twitter';
import { yahooPreset } from './yahoo';

export const PRESETS: Record<OAuthProvider, ProviderPreset> = {
  google: googlePreset,
  microsoft: microsoftPreset,
  apple: applePreset,
  github: githubPreset,
  gitlab: gitlabPreset,
  facebook: facebookPreset,
  discord: discordPreset,
  salesforce: salesforcePreset,
  slack: slackPreset,
  amazon: amazonPreset,
  bitbucket: bitbucketPreset,
  linkedin: linkedinPreset,
  coinbase: coinbasePreset,
  twitch: twitchPreset,
  twitter: twitterPreset,
  tiktok: tiktokPreset,
  snapchat: snapchatPreset,
  figma: figmaPreset,
  yahoo: yahooPreset,
};

export {
  APPLE_CLIENT_SECRET_MAX_SECONDS,
  APPLE_ISSUER,
  type AppleClientSecretOptions,
  createAppleClientSecret,
} from './apple';
export { GOOGLE_ISSUER, GOOGLE_ISSUERS, GOOGLE_JWKS_URL } from './google';
export { expectedIssuer } from './issuer';
export { MICROSOFT_CONSUMER_TENANT, MICROSOFT_ISSUER_TEMPLATE } from './microsoft';
export { splitName } from './profile-fields';
