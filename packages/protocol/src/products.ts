// SPEC §1 / §3: products, providers, wallets; SPEC §9 constants shared by SDK, widget and server.

export const PRODUCTS = ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'] as const;
export type Product = (typeof PRODUCTS)[number];

/** SPEC §1: the default product list is e-mail login links only. */
export const DEFAULT_PRODUCTS: readonly Product[] = ['emailMagicLinks'];

export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];

/** SPEC §9 business constants. */
export const CONSTANTS = {
  sdkVersion: '4.13.1',
  sessionRefreshIntervalMs: 180_000,
  refreshBackoffBaseMs: 2000,
  refreshBackoffExponentCap: 7,
  refreshBackoffJitterMs: 175,
  intermediateSessionTokenLifetimeMinutes: 10,
  telemetryBatchSize: 15,
  telemetryBatchIntervalMs: 800,
  passcodeLength: 6,
  defaultPasscodeExpiryMinutes: 5,
  defaultMagicLinkExpiryMinutes: 30,
  defaultSessionDurationMinutes: 30,
  passkeyAutofillRetries: 5,
  defaultPhoneRegion: 'US',
  progressBarAnimationMs: 10_000,
} as const;
