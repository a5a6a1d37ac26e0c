// Every user-visible string of the web application (DESIGN.md convention 6: one strings table).
// The widget's own texts live in @gatehouse/react; these are the application's frame around it.
//
// Issue 27 item 1: this English table is the reference every locale follows. Each locale (locales/<tag>.ts) is typed
// `WebStrings`, so a missing key, an extra key or a function whose parameters differ fails the typecheck;
// strings.test.ts catches what types cannot (a function dropping a parameter, a placeholder English lacks). English
// stays in the main chunk; the others load on demand (locale.ts).
import type { LocaleTag } from '@gatehouse/protocol';
import { DEFAULT_STRINGS, type Strings } from '@gatehouse/react';

export const EN_STRINGS = {
  productName: 'Gatehouse',
  documentTitle: {
    signIn: 'Sign in · Gatehouse',
    account: 'Your account · Gatehouse',
    authenticate: 'Signing you in · Gatehouse',
    resetPassword: 'Reset your password · Gatehouse',
    stepUp: 'Two-step verification · Gatehouse',
    notFound: 'Page not found · Gatehouse',
    configurationError: 'Configuration error · Gatehouse',
  },
  navigation: {
    label: 'Main',
    signIn: 'Sign in',
    account: 'Account',
  },
  footer: {
    label: 'Developer tools',
    devOutbox: 'Dev outbox',
    devOutboxHint: 'e-mails and text messages sent in development',
    // Issue 27 item 2: the footer's language picker.
    language: 'Language',
  },
  signIn: {
    heading: 'Sign in to Gatehouse',
    widgetPlaceholder: 'The sign-in widget is not available in this build.',
    signedInAs: (email: string) => `You are signed in as ${email}.`,
    signedIn: 'You are signed in.',
    goToAccount: 'Go to your account',
  },
  account: {
    heading: 'Your account',
    loading: 'Loading your account…',
    signedOut: 'You are not signed in.',
    backToSignIn: 'Sign in',
    emails: 'E-mail addresses',
    noEmails: 'No e-mail address',
    verified: 'verified',
    unverified: 'not verified',
    // Issue 22: when a session (a device in the sessions list) signed in.
    sessionStarted: 'Signed in',
    // Issue 13 item 3: the current session's own sign-out is "Sign out of this device".
    signOut: 'Sign out of this device',
    signingOut: 'Signing out…',
    signOutFailed: 'Sign-out failed. Please try again.',
    passkeysSection: 'Passkeys',
    // Issue 13 item 3: the sections of the account page. Texts the server sends (error_message) are shown as sent.
    loadFailed: 'This could not be loaded. It will be tried again shortly.',
    retry: 'Try again',
    remove: 'Remove',
    removing: 'Removing…',
    removeItem: (item: string) => `Remove ${item}`,
    removed: (item: string) => `${item} was removed.`,
    // Shown when the server gives no reason of its own (it does for the last sign-in method: 409).
    removeFailed: 'This could not be removed. Please try again.',
    contactSection: 'E-mail addresses and phone numbers',
    phoneNumbers: 'Phone numbers',
    noPhoneNumbers: 'No phone number',
    addEmailHeading: 'Add an e-mail address',
    addPhoneHeading: 'Add a phone number',
    newEmailLabel: 'New e-mail address',
    newPhoneLabel: 'New phone number (with country code, e.g. +14155550123)',
    sendCode: 'Send code',
    sendingCode: 'Sending…',
    sendLinkInstead: 'Send a login link instead',
    codeSentTo: (destination: string) => `A 6-digit code was sent to ${destination}.`,
    linkSentTo: (destination: string) =>
      `A login link was sent to ${destination}. Open it in this browser to add the address.`,
    codeLabel: 'Code',
    verify: 'Verify',
    verifying: 'Verifying…',
    cancel: 'Cancel',
    sendFailed: 'The code could not be sent. Please check the address and try again.',
    verifyFailed: 'This code did not work. Please check it and try again.',
    contactAdded: (destination: string) => `${destination} was added.`,
    totpSection: 'Authenticator app',
    totpOff: 'No authenticator app is set up. One adds a code from your phone as a second step.',
    totpOn: 'An authenticator app is set up.',
    totpSetUp: 'Set up an authenticator app',
    totpStarting: 'Starting…',
    totpStartFailed: 'The set-up could not start. Please try again.',
    totpScan: 'Scan this QR code with your authenticator app.',
    totpQrAlt: 'QR code to add this account to an authenticator app',
    totpSecretLabel: 'Or enter this key by hand:',
    recoveryCodesHeading: 'Recovery codes',
    recoveryCodesHint:
      'Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.',
    copyCodes: 'Copy codes',
    codesCopied: 'The recovery codes were copied.',
    copyFailed: 'The codes could not be copied; select them and copy them by hand.',
    downloadCodes: 'Download codes',
    recoveryCodesFileName: 'gatehouse-recovery-codes.txt',
    savedCodes: 'I saved my recovery codes',
    totpCodeLabel: 'Code from the app',
    totpConfirm: 'Finish set-up',
    totpConfirmHint: 'Save your recovery codes and tick the box first.',
    totpEnabled: 'The authenticator app is set up.',
    totpRemoveLabel: 'Remove the authenticator app',
    totpName: 'The authenticator app',
    recoveryCodesRemaining: (count: number) =>
      count === 1 ? '1 recovery code left.' : `${count} recovery codes left.`,
    sessionsSection: 'Active sessions',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    lastActive: 'Last active',
    ipAddress: 'IP address',
    signOutOthers: 'Sign out everywhere else',
    signingOutOthers: 'Signing out…',
    signedOutOthers: (count: number) =>
      count === 1 ? 'Signed out of 1 other session.' : `Signed out of ${count} other sessions.`,
    signOutOthersFailed: 'The other sessions could not be signed out. Please try again.',
    noOtherSessions: 'No other session is signed in.',
    // Issue 22: "Sign out" on one other session (POST /sessions/revoke_one).
    signOutSession: 'Sign out',
    signOutSessionLabel: (device: string) => `Sign out ${device}`,
    confirmSignOutSessionTitle: (device: string) => `Sign out ${device}?`,
    confirmSignOutSession: 'That device or browser will be signed out of this account at once.',
    signedOutSession: (device: string) => `Signed out ${device}.`,
    signOutSessionFailed: 'That session could not be signed out. Please try again.',
    dismiss: 'Dismiss',
    dismissToast: (message: string) => `Dismiss: ${message}`,
    notifications: 'Notifications',
    // Issue 11 item 4: linked social accounts, each with an unlink button.
    providersSection: 'Linked accounts',
    noProviders: 'No social account is linked.',
    unlink: 'Unlink',
    unlinkProvider: (provider: string) => `Unlink ${provider}`,
    unlinking: 'Unlinking…',
    unlinked: (provider: string) => `${provider} was unlinked.`,
    // Shown when the server gives no reason of its own (it does for the last sign-in method).
    unlinkFailed: 'This account could not be unlinked. Please try again.',
    providerNames: {
      google: 'Google',
      microsoft: 'Microsoft',
      apple: 'Apple',
      github: 'GitHub',
      gitlab: 'GitLab',
      facebook: 'Facebook',
      discord: 'Discord',
      salesforce: 'Salesforce',
      slack: 'Slack',
      amazon: 'Amazon',
      bitbucket: 'Bitbucket',
      linkedin: 'LinkedIn',
      coinbase: 'Coinbase',
      twitch: 'Twitch',
      twitter: 'Twitter',
      tiktok: 'TikTok',
      snapchat: 'Snapchat',
      figma: 'Figma',
      yahoo: 'Yahoo',
    } as Record<string, string>,
    // Issue 22 Deliver 2: the redesigned account page (profile, passkeys list, confirmation dialogs, last way in).
    profileSection: 'Profile',
    nameLabel: 'Name',
    primaryEmailLabel: 'E-mail address',
    primaryPhoneLabel: 'Phone number',
    memberSince: 'Member since',
    passkeysIntro: 'Passkeys sign you in with your fingerprint, face or screen lock.',
    noPasskeysYet: 'You have no passkeys yet. Add one to sign in without a password or a code.',
    passkeyCreated: 'Added',
    passkeyLastUsed: 'Last used',
    passkeyNeverUsed: 'Not used yet',
    unnamedPasskey: 'Passkey',
    addPasskey: 'Add a passkey',
    addingPasskey: 'Adding…',
    passkeyAdded: 'The passkey was added.',
    passkeyAddFailed: 'The passkey was not added. Please try again.',
    rename: 'Rename',
    renamePasskey: (name: string) => `Rename ${name}`,
    passkeyNameLabel: 'Passkey name',
    save: 'Save',
    saving: 'Saving…',
    passkeyNameEmpty: 'Enter a name for this passkey.',
    passkeyRenamed: (name: string) => `The passkey is now called ${name}.`,
    renameFailed: 'The passkey could not be renamed. Please try again.',
    deletePasskey: (name: string) => `Delete ${name}`,
    delete: 'Delete',
    deleting: 'Deleting…',
    confirmRemoveTitle: (item: string) => `Remove ${item}?`,
    confirmRemoveEmail:
      'You will no longer be able to sign in with this e-mail address or receive messages at it.',
    confirmRemovePhone:
      'You will no longer be able to sign in with this phone number or receive codes at it.',
    confirmRemoveTotpTitle: 'Remove the authenticator app?',
    confirmRemoveTotp:
      'Two-step sign-in turns off: signing in will no longer ask for a code from the app, and your recovery codes stop working.',
    confirmDeletePasskeyTitle: (name: string) => `Delete the passkey ${name}?`,
    confirmDeletePasskey:
      'You will no longer be able to sign in with this passkey. It may still appear in your password manager; remove it there too.',
    confirmUnlinkTitle: (provider: string) => `Unlink ${provider}?`,
    confirmUnlink: (provider: string) => `You will no longer be able to sign in with ${provider}.`,
    confirmSignOutOthersTitle: 'Sign out everywhere else?',
    confirmSignOutOthers: 'Every other device and browser signed in to this account will be signed out.',
    // Issue 22 Deliver 2: the last way to sign in cannot be removed; the page says why before any click.
    lastWayToSignIn: 'This is your only way to sign in. Add another one before removing it.',
    walletsSection: 'Wallets',
    // Issue 22: removing a wallet (DELETE /users/crypto_wallets/{id}).
    removeWallet: (address: string) => `Remove wallet ${address}`,
    removeWalletConfirm: 'Remove',
    removingWallet: 'Removing…',
    confirmRemoveWalletTitle: 'Remove this wallet?',
    confirmRemoveWallet: (address: string) =>
      `You will no longer be able to sign in with the wallet ${address}.`,
    walletRemoved: (address: string) => `The wallet ${address} was removed.`,
    walletRemoveFailed: 'The wallet could not be removed. Please try again.',
    noWallets: 'No wallet is linked.',
  },
  authenticate: {
    heading: 'Signing you in',
    // Shown when the link cannot be used (expired, already used, incomplete); the reason (the widget's describeError,
    // SPEC §8) is shown under this heading.
    failedHeading: 'This sign-in link did not work',
    failedHint: 'Login links work once and expire. Request a new one from the sign-in page.',
    // Issue 11: a social sign-in that came back with an error or an unusable token.
    oauthFailedHeading: 'Social sign-in did not complete',
    oauthFailedHint: 'Go back to the sign-in page and try again, or choose another way to sign in.',
    // The error_description the server appended (its own text, shown as plain text).
    providerDetail: 'Details:',
    backToSignIn: 'Back to sign in',
  },
  // Issue 13 item 1: the second-factor step-up (apps/web/src/step-up) when the project requires it.
  stepUp: {
    heading: 'Two-step verification',
    codeIntro: 'Enter the code from your authenticator app',
    codeLabel: '6-digit code',
    codeHint: 'Open your authenticator app and type the 6-digit code it shows for this account.',
    verify: 'Verify',
    verifying: 'Verifying…',
    useRecoveryCode: 'Use a recovery code',
    recoveryIntro: 'Enter one of the recovery codes you saved when you set up your authenticator app',
    recoveryLabel: 'Recovery code',
    recoveryHint: 'Each recovery code works once.',
    useRecoveryCodeSubmit: 'Use recovery code',
    useAuthenticatorApp: 'Use your authenticator app instead',
    // Issue 20 item 5: the server answered totp_locked (too many wrong codes in a row).
    totpLocked:
      'Your authenticator app is locked after too many wrong codes. Enter one of your recovery codes to continue; using one unlocks the app.',
    signOut: 'Sign out',
    checking: 'Checking your sign-in…',
    // Shown when the server's answer carries no error_message (a network failure, for example).
    genericError: 'That did not work. Please check your connection and try again.',
  },
  resetPassword: {
    // The widget's own title is 'Reset your password' (SPEC §2 PasswordResetForm), so the page says something else.
    heading: 'Password reset',
    missingToken: 'This reset link is incomplete.',
    missingTokenHint: 'Reset links work once and expire. Request a new one from the sign-in page.',
    continueToAccount: 'Continue to your account',
    backToSignIn: 'Back to sign in',
  },
  notFound: {
    heading: 'Page not found',
    body: 'There is nothing at this address.',
    backToSignIn: 'Go to the sign-in page',
  },
  configurationError: {
    heading: 'Configuration error',
    missingToken:
      'This page has no public token. Open it through the Gatehouse server (npm start) rather than as a file or from the Vite dev server alone.',
  },
};

/** The shape every locale's table has: English's keys, strings as strings, functions with English's parameters. */
export type WebStrings = typeof EN_STRINGS;

/**
 * The table the app renders from, and its locale. Issue 27 item 2: the app holds one language at a time; locale.ts
 * switches both (activateLocale) and the app re-renders from its root (App is keyed by the locale), so components
 * read `STRINGS` at render time and need no context of their own. English until a locale is activated.
 */
export let STRINGS: WebStrings = EN_STRINGS;
export let LOCALE: LocaleTag = 'en';
/**
 * The widget's own texts the app shows outside the widget (the authenticate page's "Success!", the widget's error
 * texts on the account page), in the same language: @gatehouse/react's table for LOCALE.
 */
export let WIDGET_STRINGS: Strings = DEFAULT_STRINGS;

/** Issue 27 item 2: makes `strings` (the table of `locale`) the one the app renders from. */
export function setActiveStrings(
  locale: LocaleTag,
  strings: WebStrings,
  widgetStrings: Strings = DEFAULT_STRINGS,
): void {
  LOCALE = locale;
  STRINGS = strings;
  WIDGET_STRINGS = widgetStrings;
}
