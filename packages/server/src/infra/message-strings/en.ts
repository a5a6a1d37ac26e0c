// Issue 27 item 1: the English texts of every e-mail and text message the server sends — the reference catalog.
// Every other locale file is typed against this one (a missing key fails the typecheck), and
// message-strings.test.ts fails when a translation uses a placeholder this file's text lacks. These texts are the
// ones SPEC and the English tests read: change them only with both.
//
// `{name}` is a placeholder filled by the template (never re-read: a project name holding "{code}" stays text).
// An object is a plural message, chosen by Intl.PluralRules on `{count}`; `other` is required, English needs no more.
export const en = {
  // E-mail layout shared by the link e-mails.
  'email.pasteLink': 'Or paste this link into your browser:',

  // Login link e-mail (features/magic-links/email-template.ts).
  'magicLink.login.subject': 'Your login link for {project}',
  'magicLink.login.action': 'Log in',
  'magicLink.login.intro': 'Click the link below to log in to {project}.',
  'magicLink.signup.subject': 'Finish signing up to {project}',
  'magicLink.signup.action': 'Finish signing up',
  'magicLink.signup.intro': 'Click the link below to finish creating your {project} account.',
  'magicLink.outro':
    'This link expires in {lifetime} and works once. If you did not ask for it, you can ignore this e-mail.',

  // Passcode e-mail and SMS/WhatsApp text (features/otps/templates.ts).
  'otp.sms': '{code} is your {project} passcode. It expires in {lifetime}. Do not share it with anyone.',
  'otp.login.subject': 'Your passcode for {project}',
  'otp.login.intro': 'Enter this passcode to log in to {project}:',
  'otp.signup.subject': 'Your passcode to finish signing up to {project}',
  'otp.signup.intro': 'Enter this passcode to finish creating your {project} account:',
  'otp.outro':
    'This passcode expires in {lifetime} and works once. If you did not ask for it, you can ignore this e-mail.',

  // Password reset e-mail (features/passwords/reset-email.ts).
  'reset.requested.subject': 'Reset your {project} password',
  'reset.requested.intro': 'Click the link below to set a new password for your {project} account.',
  'reset.belowPolicy.subject': 'Please choose a new {project} password',
  'reset.belowPolicy.intro':
    'You just signed in to {project} with a password shorter than {project} now asks for. It still works, but please click the link below to choose a new one.',
  'reset.action': 'Reset password',
  'reset.outro':
    'This link expires in {lifetime} and works once. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',

  // BF-01 sign-in after failed passwords (features/passwords/sign-in-notice-email.ts).
  'signInAfterFailures.subject': {
    other: 'New sign-in to your {project} account after {count} failed attempts',
  },
  'signInAfterFailures.intro': {
    other:
      'Someone signed in to your {project} account with your password on {when}, after {count} failed attempts in a row.',
  },
  'signInAfterFailures.advice':
    'If this was you, there is nothing to do. If it was not you, someone may know your password: reset it now with "Forgot password?" on the {project} sign-in page.',

  // Security notices (features/notices/templates.ts): the layout's labels and shared sentences.
  'notice.label.changed': 'Changed',
  'notice.label.signedIn': 'Signed in',
  'notice.label.lastAttempt': 'Last attempt',
  'notice.label.device': 'Device',
  'notice.label.ip': 'IP address',
  'notice.unknownDevice': 'Unknown device',
  'notice.unknownIp': 'unknown',
  'notice.ifYou.nothing': 'If this was you, there is nothing to do.',
  'notice.takeBack':
    'If it was not you, someone else may be signed in to your account. Sign in to {project} yourself now, {remove}, review your passkeys, authenticator app and sessions, and reset your password with “Forgot password?” on the sign-in page.',
  'notice.takeBack.plain':
    'If it was not you, someone else may be signed in to your account. Sign in to {project} yourself now, review your passkeys, authenticator app and sessions, and reset your password with “Forgot password?” on the sign-in page.',
  'notice.remove.passkey': 'remove this passkey',
  'notice.remove.authenticator': 'remove the authenticator app',
  'notice.remove.setUpAuthenticatorAgain': 'set up your authenticator app again',
  'notice.remove.email': 'remove this address',
  'notice.remove.phone': 'remove this phone number',
  'notice.closing':
    "This is an automatic security notice from {project}. It contains no link and never asks for a password or a code: to act on it, open the {project} sign-in page yourself. If you need help, contact {project}'s support.",
  'notice.sms': '{project}: {what} on {when} ({device}, IP {ip}). {advice}',
  'notice.sms.takeBack': 'Not you? Sign in, check passkeys and sessions, reset your password.',
  'notice.sms.resetAndReview': 'Not you? Reset your password now and review your sessions.',

  'notice.passwordSet.subject': 'A password was set on your {project} account',
  'notice.passwordSet.happened':
    'A password was set on your {project} account. It can now be used to sign in.',
  'notice.passwordSet.ifNotYou':
    'If it was not you, someone else can now sign in with that password. Reset it now with “Forgot password?” on the {project} sign-in page, then sign in and review your passkeys, authenticator app and sessions.',
  'notice.passwordSet.sms': 'a password was set on your account',

  'notice.passwordChanged.subject': 'Your {project} password was changed',
  'notice.passwordChanged.happened':
    'The password of your {project} account was changed. Your other sessions were signed out.',
  'notice.passwordChanged.ifNotYou':
    'If it was not you, someone else knows your new password. Reset it now with “Forgot password?” on the {project} sign-in page, then sign in and review your passkeys, authenticator app and sessions.',
  'notice.passwordChanged.sms': 'your password was changed',

  'notice.passkeyAdded.subject': 'A passkey was added to your {project} account',
  'notice.passkeyAdded.happened':
    'A passkey named “{name}” was added to your {project} account. It can be used to sign in.',
  'notice.passkeyAdded.sms': 'a passkey was added to your account',

  'notice.passkeyRemoved.subject': 'A passkey was removed from your {project} account',
  'notice.passkeyRemoved.happened':
    'The passkey named “{name}” was removed from your {project} account. It can no longer be used to sign in.',
  'notice.passkeyRemoved.sms': 'a passkey was removed from your account',

  'notice.totpAdded.subject': 'An authenticator app was added to your {project} account',
  'notice.totpAdded.happened':
    'An authenticator app was set up for two-step verification on your {project} account. Its codes can now be used to sign in.',
  'notice.totpAdded.sms': 'an authenticator app was added to your account',

  'notice.totpRemoved.subject': 'An authenticator app was removed from your {project} account',
  'notice.totpRemoved.happened':
    'The authenticator app was removed from your {project} account. Signing in no longer asks for its codes, and its recovery codes no longer work.',
  'notice.totpRemoved.sms': 'the authenticator app was removed from your account',

  'notice.emailAdded.subject': 'An e-mail address was added to your {project} account',
  'notice.emailAdded.happened':
    'The e-mail address {email} was added to your {project} account. It can be used to sign in.',
  'notice.emailAdded.sms': 'an e-mail address was added to your account',

  'notice.phoneAdded.subject': 'A phone number was added to your {project} account',
  'notice.phoneAdded.happened':
    'The phone number {phone} was added to your {project} account. It can be used to sign in.',
  'notice.phoneAdded.sms': 'a phone number was added to your account',

  'notice.recoveryCodeUsed.subject': 'A recovery code was used to sign in to your {project} account',
  'notice.recoveryCodeUsed.happened':
    'Someone signed in to your {project} account with one of its recovery codes. {left}',
  'notice.recoveryCodeUsed.left': {
    one: '{count} recovery code is left.',
    other: '{count} recovery codes are left.',
  },
  'notice.recoveryCodeUsed.ifYouNoneLeft':
    'If this was you, set up your authenticator app again to get new recovery codes.',
  'notice.recoveryCodeUsed.sms': 'a recovery code was used to sign in ({count} left)',

  'notice.passwordLocked.subject': 'Password sign-in to your {project} account is locked',
  'notice.passwordLocked.happened': {
    other:
      'Your {project} password can no longer be used to sign in: it was entered wrongly {count} times in a row.',
  },
  'notice.passwordLocked.ifYou':
    'To sign in with a password again, reset it with “Forgot password?” on the {project} sign-in page.',
  'notice.passwordLocked.ifNotYou':
    "If these attempts were not you, someone is trying to guess your password. Reset it all the same, and choose one that you use nowhere else. If you cannot sign in, contact {project}'s support.",
  'notice.passwordLocked.sms': {
    other: 'password sign-in is locked after {count} failed attempts in a row',
  },
  'notice.passwordLocked.smsAdvice': 'Reset your password to sign in with it again.',

  'notice.totpLocked.subject': 'Authenticator codes are locked on your {project} account',
  'notice.totpLocked.happened': {
    other:
      'Codes from your authenticator app can no longer be used to sign in to your {project} account: {count} wrong codes were entered in a row.',
  },
  'notice.totpLocked.ifYou':
    'To sign in, use one of your recovery codes instead, then set up your authenticator app again.',
  'notice.totpLocked.ifNotYou':
    "If these attempts were not you, someone got past your first sign-in step: reset your password, and review your sessions after signing in with a recovery code. If you cannot sign in, contact {project}'s support.",
  'notice.totpLocked.sms': {
    other: 'authenticator codes are locked after {count} failed attempts in a row',
  },
  'notice.totpLocked.smsAdvice': 'Use a recovery code to sign in.',
} as const;
