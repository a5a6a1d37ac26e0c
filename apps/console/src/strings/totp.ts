// Issue 26: the console's strings for the authenticator app as the operator's second factor
// (screens/second-factor-*.tsx), part of STRINGS (../strings.ts).

export const TOTP_STRINGS = {
  /** Issue 26 item 2: the authenticator app (TOTP) as the operator's second factor (second-factor-screen.tsx). */
  totp: {
    choiceHeading: 'Or use an authenticator app',
    choiceBody:
      'An app on your phone or computer that shows a new 6-digit code every 30 seconds (1Password, Google Authenticator, Microsoft Authenticator, Authy…).',
    setUp: 'Set up an authenticator app',
    heading: 'Set up an authenticator app',
    starting: 'Preparing your authenticator app…',
    startFailed: 'The authenticator app could not be prepared.',
    tryAgain: 'Try again',
    usePasskeyInstead: 'Use a passkey instead',
    scanStep: '1. Scan this QR code with the app.',
    qrAlt: 'QR code to add the Gatehouse console to your authenticator app',
    secretLabel: 'Or type this key into the app:',
    copySecret: 'Copy the key',
    secretCopied: 'Key copied.',
    codesStep: '2. Save your recovery codes.',
    codesHeading: 'Recovery codes',
    codesHint:
      'Each code lets you in once if you lose the app. They are shown only now: keep them in a password manager or a safe place.',
    copyCodes: 'Copy the codes',
    downloadCodes: 'Download the codes',
    codesCopied: 'Codes copied.',
    copyFailed: 'Copying did not work here. Select the text and copy it, or download the file.',
    codesFileName: 'gatehouse-console-recovery-codes.txt',
    savedCodes: 'I saved my recovery codes',
    confirmStep: '3. Enter the code the app shows.',
    codeLabel: '6-digit code from the app',
    savedFirst: 'Tick “I saved my recovery codes” first.',
    confirm: 'Confirm and continue',
    enterCode: 'Enter a code from your authenticator app',
    or: 'or',
    submitCode: 'Confirm the code',
    checkingCode: 'Checking the code…',
    wrongCode:
      'That code is not right. Enter the newest code the app shows for the Gatehouse console (codes change every 30 seconds).',
    tooMany: 'Too many tries. Wait a few minutes, then try again with a new code.',
    codeFailed: 'The code could not be checked.',
    confirmed: 'Confirmed.',
    useRecoveryCode: 'Lost the app? Use a recovery code',
    useAppCode: 'Use a code from the app',
    recoveryLabel: 'Recovery code',
    submitRecovery: 'Use the recovery code',
    wrongRecovery: 'That recovery code is not right, or it was used already.',
  },
} as const;
