// wire-format.md §7.2 (StytchLoginConfig) and SPEC §3 "Widget configuration".
import type { OAuthProvider, OtpMethod, Product } from '@gatehouse/protocol';
import { CONSTANTS, DEFAULT_PRODUCTS } from '@gatehouse/protocol';
import type { Strings } from './strings';
import type { ColorScheme } from './theme';

export interface EmailMagicLinksOptions {
  loginRedirectURL?: string;
  signupRedirectURL?: string;
  loginExpirationMinutes?: number;
  signupExpirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  /** Never sent by the widget (wire-format.md §7.2). */
  createUserAsPending?: boolean;
  /** Only picks the sender domain of the inbox links (wire-format.md §7.2). */
  domainHint?: string;
}

export interface OAuthProviderOptions {
  type: OAuthProvider;
  one_tap?: boolean;
  position?: 'embedded' | 'floating' | 'embeddedOnly' | 'floatingOrEmbedded' | 'forceLegacyEmbedded';
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

export interface OAuthOptions {
  loginRedirectURL?: string;
  signupRedirectURL?: string;
  providers: OAuthProviderOptions[];
}

export interface OtpOptions {
  methods: OtpMethod[];
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
}

export interface PasswordOptions {
  loginRedirectURL?: string;
  resetPasswordRedirectURL?: string;
  loginExpirationMinutes?: number;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
}

export interface SessionOptions {
  sessionDurationMinutes: number;
}

export interface LoginConfig {
  products?: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  passwordOptions?: PasswordOptions;
  sessionOptions?: SessionOptions;
  enableShadowDOM?: boolean;
  /**
   * Issue 22 "Themes": which default colours the widget uses. 'light' (the default: SPEC §9 colours, the host page
   * decides), 'dark', or 'auto' (follows prefers-color-scheme, live). The `styles` values the integrator set win
   * in either scheme. Here rather than in `styles` so StyleConfig stays wire-format.md §7.3, and so one config
   * themes every mount (Login, ResetPassword, PasskeyRegistration, Reauthentication).
   */
  colorScheme?: ColorScheme;
  /** Overrides of the strings table (English default); the `strings` prop wins over this. */
  strings?: Partial<Strings>;
}

/** SPEC §1: the default product list is e-mail login links only. */
export function resolveProducts(config: LoginConfig | null | undefined): readonly Product[] {
  return config?.products ?? DEFAULT_PRODUCTS;
}

export type ConfigurationErrorKind =
  | 'passkeys-only'
  | 'eml-and-email-otp'
  | 'reset-password-without-passwords';

/** SPEC §2 Main: the two configuration errors that replace the form. */
export function configurationError(config: LoginConfig | null | undefined): ConfigurationErrorKind | null {
  const products = resolveProducts(config);
  if (products.length === 1 && products[0] === 'passkeys') return 'passkeys-only';
  if (
    products.includes('emailMagicLinks') &&
    products.includes('otp') &&
    (config?.otpOptions?.methods ?? []).includes('email')
  ) {
    return 'eml-and-email-otp';
  }
  return null;
}

/** SPEC §9 default session duration (30 minutes) unless `sessionOptions` says otherwise. */
export function sessionDurationMinutes(config: LoginConfig | null | undefined): number {
  return config?.sessionOptions?.sessionDurationMinutes ?? CONSTANTS.defaultSessionDurationMinutes;
}

/**
 * wire-format.md §4.9 / SPEC §2: with passkeys configured, e-mail inputs offer passkeys in the browser's autofill
 * (`username webauthn`); otherwise they autofill an e-mail address.
 */
export function emailInputAutocomplete(products: readonly Product[]): string {
  return products.includes('passkeys') ? 'username webauthn' : 'email';
}
