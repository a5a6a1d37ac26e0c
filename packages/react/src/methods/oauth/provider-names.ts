// The OAuth providers' display names for 'Continue with {provider}' (SPEC §2): brand names, written as their owners
// write them in every language, so the English table and every locale table (../../locales/*.ts) share this one.
export const PROVIDER_NAME_STRINGS = {
  providerGoogle: 'Google',
  providerMicrosoft: 'Microsoft',
  providerApple: 'Apple',
  providerGithub: 'GitHub',
  providerGitlab: 'GitLab',
  providerFacebook: 'Facebook',
  providerDiscord: 'Discord',
  providerSalesforce: 'Salesforce',
  providerSlack: 'Slack',
  providerAmazon: 'Amazon',
  providerBitbucket: 'Bitbucket',
  providerLinkedin: 'LinkedIn',
  providerCoinbase: 'Coinbase',
  providerTwitch: 'Twitch',
  providerTwitter: 'Twitter',
  providerTiktok: 'TikTok',
  providerSnapchat: 'Snapchat',
  providerFigma: 'Figma',
  providerYahoo: 'Yahoo',
} as const;
