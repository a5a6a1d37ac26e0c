import type { OtpMethod } from './products';

// Route paths of the browser SDK API, relative to SDK_API_PREFIX (SPEC §7, wire-format.md §4).

export const SDK_API_PREFIX = '/sdk/v1';

export const ROUTES = {
  bootstrap: (publicToken: string) => `/projects/bootstrap/${encodeURIComponent(publicToken)}`,
  events: '/events',
  sessionsAuthenticate: '/sessions/authenticate',
  sessionsRevoke: '/sessions/revoke',
  /** Gatehouse's own (issue 13 item 3, no Stytch counterpart): the user's live sessions for the account page. */
  sessionsList: '/sessions/list',
  /** Gatehouse's own (issue 13 item 3): "Sign out everywhere else" ends every other session of the user. */
  sessionsRevokeOthers: '/sessions/revoke_others',
  /** Gatehouse's own (issue 22): the account page's "Sign out" on one other session of the user ({ session_id }). */
  sessionsRevokeOne: '/sessions/revoke_one',
  usersMe: '/users/me',
  usersSearch: '/users/search',
  userEmail: (id: string) => `/users/emails/${encodeURIComponent(id)}`,
  userPhoneNumber: (id: string) => `/users/phone_numbers/${encodeURIComponent(id)}`,
  userTotp: (id: string) => `/users/totps/${encodeURIComponent(id)}`,
  userOAuth: (id: string) => `/users/oauth/${encodeURIComponent(id)}`,
  userWebAuthnRegistration: (id: string) => `/users/webauthn_registrations/${encodeURIComponent(id)}`,
  userBiometricRegistration: (id: string) => `/users/biometric_registrations/${encodeURIComponent(id)}`,
  userCryptoWallet: (id: string) => `/users/crypto_wallets/${encodeURIComponent(id)}`,
  magicLinksEmailLoginOrCreate: '/magic_links/email/login_or_create',
  magicLinksEmailSendPrimary: '/magic_links/email/send/primary',
  magicLinksEmailSendSecondary: '/magic_links/email/send/secondary',
  magicLinksAuthenticate: '/magic_links/authenticate',
  /** Issue 9 item 3: an ALTCHA challenge for one protected call (POST { action }). */
  captchaChallenge: '/captcha/challenge',
  /** wire-format.md §4.5: one-time passcodes per channel. */
  otps: {
    loginOrCreate: (method: OtpMethod) => `/otps/${method}/login_or_create`,
    sendPrimary: (method: OtpMethod) => `/otps/${method}/send/primary`,
    sendSecondary: (method: OtpMethod) => `/otps/${method}/send/secondary`,
    authenticate: '/otps/authenticate',
  },
  /** wire-format.md §4.10: passwords (issue 10). */
  passwords: {
    create: '/passwords',
    authenticate: '/passwords/authenticate',
    emailResetStart: '/passwords/email/reset/start',
    emailReset: '/passwords/email/reset',
    existingPasswordReset: '/passwords/existing_password/reset',
    sessionReset: '/passwords/session/reset',
    strengthCheck: '/passwords/strength_check',
  },
  /** wire-format.md §4.6: OAuth (issue 11). The start and callback are browser redirects outside /sdk/v1. */
  oauth: {
    authenticate: '/oauth/authenticate',
    /** Gatehouse's own One Tap calls (the shapes of the client-side services' oneTapStart / oneTapSubmit, §8). */
    oneTapStart: '/oauth/google/onetap/start',
    oneTapSubmit: '/oauth/google/onetap/submit',
  },
  /** wire-format.md §4.7: crypto wallets (issue 12). */
  cryptoWallets: {
    authenticateStartPrimary: '/crypto_wallets/authenticate/start/primary',
    authenticateStartSecondary: '/crypto_wallets/authenticate/start/secondary',
    authenticate: '/crypto_wallets/authenticate',
  },
  /** wire-format.md §4.8: TOTP and recovery codes (issue 13). */
  totps: {
    create: '/totps',
    authenticate: '/totps/authenticate',
    recoveryCodes: '/totps/recovery_codes',
    recover: '/totps/recover',
  },
  /** wire-format.md §4.9: passkeys. */
  webauthn: {
    registerStart: '/webauthn/register/start',
    register: '/webauthn/register',
    authenticateStartPrimary: '/webauthn/authenticate/start/primary',
    authenticateStartSecondary: '/webauthn/authenticate/start/secondary',
    authenticate: '/webauthn/authenticate',
    update: (id: string) => `/webauthn/update/${encodeURIComponent(id)}`,
  },
} as const;

/** The six user sub-resources that DELETE /users/{kind}/{id} removes (wire-format.md §4.2). */
export const USER_RESOURCE_KINDS = [
  'emails',
  'phone_numbers',
  'totps',
  'oauth',
  'webauthn_registrations',
  'biometric_registrations',
  /** Issue 22: Stytch's users.deleteCryptoWallet (DELETE /users/crypto_wallets/{crypto_wallet_id}). */
  'crypto_wallets',
] as const;

export type UserResourceKind = (typeof USER_RESOURCE_KINDS)[number];

/** wire-format.md §1.3: the OAuth start (a top-level navigation) and the provider callback, under the API base. */
export const OAUTH_PUBLIC_ROUTES = {
  start: (provider: string) => `/v1/public/oauth/${encodeURIComponent(provider)}/start`,
  callback: (provider: string) => `/v1/public/oauth/${encodeURIComponent(provider)}/callback`,
} as const;

/**
 * Gatehouse's own (issue 20 item 6, security-tests.md XS-03): the header the client-side services page (wire-format.md
 * §8) puts on its One Tap calls, naming the origin of the site that framed it (the browser-set `event.origin` of the
 * message it answers). Those calls come from the server's own origin, which every project allows; the server checks
 * this origin against the token's project instead.
 */
export const FRAME_ORIGIN_HEADER = 'x-gatehouse-frame-origin';
