// Every user-visible string of the web application (DESIGN.md convention 6: one strings table).
// The widget's own texts live in @gatehouse/react; these are the application's frame around it.
export const STRINGS = {
  productName: 'Gatehouse',
  documentTitle: {
    signIn: 'Sign in · Gatehouse',
    account: 'Your account · Gatehouse',
    authenticate: 'Signing you in · Gatehouse',
    resetPassword: 'Reset your password · Gatehouse',
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
  },
  signIn: {
    heading: 'Sign in to Gatehouse',
    intro: 'Sign up or log in to continue.',
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
    userSection: 'User',
    sessionSection: 'Session',
    emails: 'E-mail addresses',
    noEmails: 'No e-mail address',
    verified: 'verified',
    unverified: 'not verified',
    userId: 'User ID',
    sessionId: 'Session ID',
    sessionStarted: 'Started',
    sessionExpires: 'Expires',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signOutFailed: 'Sign-out failed. Please try again.',
    passkeysSection: 'Passkeys',
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
  },
  authenticate: {
    heading: 'Signing you in',
    // Shown when the link cannot be used (expired, already used, incomplete); the reason is the server's
    // error_message (SPEC §8), shown under this heading.
    failedHeading: 'This sign-in link did not work',
    failedHint: 'Login links work once and expire. Request a new one from the sign-in page.',
    // Issue 11: a social sign-in that came back with an error or an unusable token.
    oauthFailedHeading: 'Social sign-in did not complete',
    oauthFailedHint: 'Go back to the sign-in page and try again, or choose another way to sign in.',
    // The error_description the server appended (its own text, shown as plain text).
    providerDetail: 'Details:',
    backToSignIn: 'Back to sign in',
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
} as const;
