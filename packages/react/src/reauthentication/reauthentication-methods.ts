// Issue 20 item 3: which ways of confirming "it's you" a person is offered, best first: a passkey (they have one and
// the page enables passkeys), a code from their authenticator app (a verified TOTP), their password (they have one,
// the page enables passwords and they have an e-mail address to sign in with), a six-digit code e-mailed to a
// verified address (the page enables e-mail passcodes). Each is a secondary sign-in on the current session with a
// credential the user already holds, which moves sessions.authenticated_at to now on the server.
// `second_factor_required` is satisfied only by the authenticator app (features/totps/second-factor.ts counts
// `totp` / `recovery_code` factors), so it offers that alone.
import type { OtpMethod, Product, User } from '@gatehouse/protocol';
import type { ReauthenticationReason } from './reauthentication-errors';

export type ReauthenticationMethod = 'passkey' | 'totp' | 'password' | 'email-code';

/** The order of preference. */
export const REAUTHENTICATION_METHODS: readonly ReauthenticationMethod[] = [
  'passkey',
  'totp',
  'password',
  'email-code',
];

/** What the page says the project enables (LoginConfig.products and otpOptions.methods). */
export interface EnabledMethods {
  products: readonly Product[];
  otpMethods: readonly OtpMethod[];
}

/** The address a password sign-in names: the first verified e-mail, else the first one. */
export function passwordEmailOf(user: User): string | null {
  const email = user.emails.find((item) => item.verified) ?? user.emails[0];
  return email?.email ?? null;
}

/** The address a code is e-mailed to: only a verified one (a code to an unproven address proves nothing). */
export function codeEmailOf(user: User): string | null {
  return user.emails.find((item) => item.verified)?.email ?? null;
}

function offers(method: ReauthenticationMethod, user: User, enabled: EnabledMethods): boolean {
  switch (method) {
    case 'passkey':
      return (
        enabled.products.includes('passkeys') &&
        user.webauthn_registrations.some((registration) => registration.verified)
      );
    case 'totp':
      return user.totps.some((totp) => totp.verified);
    case 'password':
      return (
        enabled.products.includes('passwords') && user.password !== null && passwordEmailOf(user) !== null
      );
    case 'email-code':
      return (
        enabled.products.includes('otp') && enabled.otpMethods.includes('email') && codeEmailOf(user) !== null
      );
  }
}

/** The methods this person can confirm with, best first (empty: none, they must sign in again). */
export function reauthenticationMethods(options: {
  user: User | null;
  reason: ReauthenticationReason;
  enabled: EnabledMethods;
}): ReauthenticationMethod[] {
  const { user, reason, enabled } = options;
  if (user === null) return [];
  const candidates: readonly ReauthenticationMethod[] =
    reason === 'second_factor_required' ? ['totp'] : REAUTHENTICATION_METHODS;
  return candidates.filter((method) => offers(method, user, enabled));
}
