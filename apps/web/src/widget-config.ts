// The web app's widget configuration (wire-format.md §7.2 StytchLoginConfig) and, in development and test only,
// the query-string overrides the E2E suites use to mount other configurations on the same sign-in page.
//
// Standard config: login links (SPEC §1) coming back to `${origin}/authenticate`, passcodes by text message and
// WhatsApp, and passkeys, with 30-minute sessions (SPEC §9 default session duration). E-mail passcodes are NOT in
// the standard list: SPEC §2 makes e-mail login links together with e-mail passcodes a configuration error.
//
// Development/test overrides (ignored unless GET /dev/project answers 200, i.e. outside production):
//   ?products=emailMagicLinks,otp,passkeys   replaces the product list (unknown names are dropped)
//   &otp_methods=sms,whatsapp,email          replaces otpOptions.methods (unknown names are dropped)
//   &shadow=1                                sets enableShadowDOM: true (SPEC §2 shadow DOM mounting)
//   &mount=plain                             mounts with mountLogin({ client, elementId: '#login', config })
//                                            instead of the <Login> component, so both public APIs are exercised
//   &oauth_providers=google,github           replaces oauthOptions.providers (unknown names are dropped)
//   &one_tap=embedded|floating               marks the google entry one_tap with that position (SPEC §2 One Tap)
//   &color_scheme=light|dark|auto            replaces colorScheme (issue 22 "Themes": the widget's own schemes)
//   &stay=1                                  keeps the widget's confirmation screen after a sign-in instead of
//                                            going on to /account (issue 22 finding 8), for suites that look at
//                                            SPEC §2's OTPConfirmation, PasswordConfirmation, PasskeyConfirmation…
import type { LoginConfig } from '@gatehouse/react';

type Product = NonNullable<LoginConfig['products']>[number];
type OtpMethod = NonNullable<LoginConfig['otpOptions']>['methods'][number];
type OAuthProviderType = NonNullable<LoginConfig['oauthOptions']>['providers'][number]['type'];
type ColorScheme = NonNullable<LoginConfig['colorScheme']>;

// Local copies of @gatehouse/protocol's PRODUCTS / OTP_METHODS (the app depends on the widget and SDK only);
// `satisfies` keeps them in step with the widget's types.
const KNOWN_PRODUCTS = [
  'oauth',
  'crypto',
  'emailMagicLinks',
  'otp',
  'passwords',
  'passkeys',
] as const satisfies readonly Product[];
const KNOWN_OTP_METHODS = ['sms', 'whatsapp', 'email'] as const satisfies readonly OtpMethod[];
/** SPEC §2's providers, in its order (a local copy of the protocol's OAUTH_PROVIDERS, like the lists above). */
export const KNOWN_OAUTH_PROVIDERS = [
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
] as const satisfies readonly OAuthProviderType[];

/** SPEC §9: the default session duration; the app asks for it explicitly. */
export const SESSION_DURATION_MINUTES = 30;

/**
 * Issue 22 "Themes": the app follows the system's light or dark setting (styles.css), so its widgets do too
 * (the widget's own default is 'light').
 */
export const COLOR_SCHEME = 'auto' satisfies LoginConfig['colorScheme'];

export type WidgetMount = 'react' | 'plain';

export interface WidgetSetup {
  config: LoginConfig;
  mount: WidgetMount;
  /** Issue 22 finding 8: a sign-in made in the widget goes on to /account (false only with the `stay=1` override). */
  landOnAccount: boolean;
}

export interface WidgetOverrides {
  products: Product[] | null;
  otpMethods: OtpMethod[] | null;
  shadow: boolean;
  mount: WidgetMount;
  oauthProviders: OAuthProviderType[] | null;
  oneTap: 'embedded' | 'floating' | null;
  colorScheme: ColorScheme | null;
  stay: boolean;
}

/**
 * Where password e-mails land (issue 10 item 4): the reset link AND the reset e-mail's login link both open
 * /reset-password, whose widget treats `stytch_token_type=login` as a login link ('Logging in', wire-format.md
 * §7.1) and anything else as a reset token. Used whenever `passwords` is among the products.
 */
export function passwordOptions(options: { origin: string }): NonNullable<LoginConfig['passwordOptions']> {
  const resetUrl = `${options.origin}/reset-password`;
  return { loginRedirectURL: resetUrl, resetPasswordRedirectURL: resetUrl };
}

/** The app's standard sign-in configuration. */
export function standardLoginConfig(options: { origin: string }): LoginConfig {
  const authenticateUrl = `${options.origin}/authenticate`;
  return {
    products: ['emailMagicLinks', 'otp', 'passkeys'],
    emailMagicLinksOptions: { loginRedirectURL: authenticateUrl, signupRedirectURL: authenticateUrl },
    otpOptions: { methods: ['sms', 'whatsapp'] },
    // Not in the standard products yet; here so the `?products=…passwords` overrides send the app's URLs.
    passwordOptions: passwordOptions(options),
    // Issue 11: social sign-in comes back to /authenticate (stytch_token_type=oauth); every provider of SPEC §2,
    // used when `oauth` is among the products (a project enables the ones it has client ids for).
    oauthOptions: {
      loginRedirectURL: authenticateUrl,
      signupRedirectURL: authenticateUrl,
      providers: KNOWN_OAUTH_PROVIDERS.map((type) => ({ type })),
    },
    sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
    colorScheme: COLOR_SCHEME,
  };
}

/**
 * The /reset-password page's widget (SPEC §2 PasswordResetForm): passwords (the reset mode refuses to run
 * without it) and login links for its 'Login without a password', which come back to /authenticate.
 */
export function resetPasswordConfig(options: { origin: string }): LoginConfig {
  const authenticateUrl = `${options.origin}/authenticate`;
  return {
    products: ['passwords', 'emailMagicLinks'],
    emailMagicLinksOptions: { loginRedirectURL: authenticateUrl, signupRedirectURL: authenticateUrl },
    passwordOptions: passwordOptions(options),
    sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
    colorScheme: COLOR_SCHEME,
  };
}

/** For the widget pieces outside the sign-in page (authenticate, passkey registration): the session length. */
export const SESSION_CONFIG: LoginConfig = {
  sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
  colorScheme: COLOR_SCHEME,
};

/**
 * The account page's widget pieces (passkey registration, "Confirm it's you", issue 20 item 3): the session length
 * and the products the step may confirm with (reauthentication-methods.ts in @gatehouse/react) — passkeys, a
 * password, and a code e-mailed to a verified address (the `otp` product of the standard sign-in; its e-mail
 * channel, which the sign-in page leaves out only because SPEC §2 forbids it beside login links on Main). Each is
 * offered only to a user who has it; the authenticator app needs no product.
 */
export const ACCOUNT_CONFIG: LoginConfig = {
  products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys'],
  otpOptions: { methods: ['email'] },
  sessionOptions: { sessionDurationMinutes: SESSION_DURATION_MINUTES },
  colorScheme: COLOR_SCHEME,
};

const OVERRIDE_KEYS = [
  'products',
  'otp_methods',
  'shadow',
  'mount',
  'oauth_providers',
  'one_tap',
  'color_scheme',
  'stay',
] as const;
const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const satisfies readonly ColorScheme[];

function parseList<T extends string>(raw: string | null, known: readonly T[]): T[] | null {
  if (raw === null) return null;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is T => (known as readonly string[]).includes(name));
  return [...new Set(names)];
}

/** The overrides in a query string, or null when it has none of the override keys. */
export function parseWidgetOverrides(search: string): WidgetOverrides | null {
  const params = new URLSearchParams(search);
  if (!OVERRIDE_KEYS.some((key) => params.has(key))) return null;
  return {
    products: parseList(params.get('products'), KNOWN_PRODUCTS),
    otpMethods: parseList(params.get('otp_methods'), KNOWN_OTP_METHODS),
    shadow: params.get('shadow') === '1',
    mount: params.get('mount') === 'plain' ? 'plain' : 'react',
    oauthProviders: parseList(params.get('oauth_providers'), KNOWN_OAUTH_PROVIDERS),
    oneTap:
      params.get('one_tap') === 'embedded' || params.get('one_tap') === 'floating'
        ? (params.get('one_tap') as 'embedded' | 'floating')
        : null,
    colorScheme: COLOR_SCHEMES.find((scheme) => scheme === params.get('color_scheme')) ?? null,
    stay: params.get('stay') === '1',
  };
}

/** The standard setup with the overrides applied (lists replace the standard ones). */
export function applyWidgetOverrides(config: LoginConfig, overrides: WidgetOverrides): WidgetSetup {
  const next: LoginConfig = { ...config };
  if (overrides.products !== null) next.products = overrides.products;
  if (overrides.otpMethods !== null) {
    next.otpOptions = { ...config.otpOptions, methods: overrides.otpMethods };
  }
  if (overrides.shadow) next.enableShadowDOM = true;
  if (overrides.colorScheme !== null) next.colorScheme = overrides.colorScheme;
  if (overrides.oauthProviders !== null || overrides.oneTap !== null) {
    const types =
      overrides.oauthProviders ?? (config.oauthOptions?.providers ?? []).map((entry) => entry.type);
    next.oauthOptions = {
      ...config.oauthOptions,
      providers: types.map((type) =>
        type === 'google' && overrides.oneTap !== null
          ? { type, one_tap: true, position: overrides.oneTap }
          : { type },
      ),
    };
  }
  return { config: next, mount: overrides.mount, landOnAccount: !overrides.stay };
}
