// Issue 20 item 1 (security-tests.md AT-06, Part 7 §10 races at READ COMMITTED): a session is written only while the
// credential its factor names still belongs to the user, checked under a lock of the user row. A first proof that
// resets an account (features/users/first-proof.ts) holds that row FOR UPDATE while it removes the credentials and
// ends the sessions; a sign-in that verified a squatter's wallet or passkey a moment before would otherwise write a
// fresh session for the stripped account after the reset committed.
import type { AuthenticationFactor } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';
import {
  cryptoWallets,
  oauthRegistrations,
  passwords,
  totpRecoveryCodes,
  totps,
  userEmails,
  userPhoneNumbers,
  webauthnRegistrations,
} from '../../infra/db/schema';

type FactorFields = Omit<AuthenticationFactor, 'last_authenticated_at'>;

function oauthRegistrationId(factor: FactorFields): string | null {
  for (const [key, value] of Object.entries(factor)) {
    if (key.endsWith('_oauth_factor') && value !== null && typeof value === 'object') {
      const id = (value as { id?: unknown }).id;
      if (typeof id === 'string') return id;
    }
  }
  return null;
}

/**
 * An SQL condition, true while the credential `factor` was issued for is still `userId`'s: the address or number
 * (owned, not a claim), the passkey, the wallet, the social account, the authenticator app or recovery code, or (a
 * password factor names none) the user's password. Null for a factor naming nothing this server keeps.
 */
export function factorCredentialHeld(factor: FactorFields, userId: string): SQL | null {
  if (factor.email_factor?.email_id) {
    return sql`EXISTS (SELECT 1 FROM ${userEmails} WHERE ${userEmails.id} = ${factor.email_factor.email_id}
      AND ${userEmails.userId} = ${userId} AND ${userEmails.claimSessionId} IS NULL)`;
  }
  if (factor.phone_number_factor?.phone_id) {
    return sql`EXISTS (SELECT 1 FROM ${userPhoneNumbers} WHERE ${userPhoneNumbers.id} = ${factor.phone_number_factor.phone_id}
      AND ${userPhoneNumbers.userId} = ${userId} AND ${userPhoneNumbers.claimSessionId} IS NULL)`;
  }
  if (factor.webauthn_factor?.webauthn_registration_id) {
    return sql`EXISTS (SELECT 1 FROM ${webauthnRegistrations}
      WHERE ${webauthnRegistrations.id} = ${factor.webauthn_factor.webauthn_registration_id}
      AND ${webauthnRegistrations.userId} = ${userId})`;
  }
  if (factor.crypto_wallet_factor?.crypto_wallet_id) {
    return sql`EXISTS (SELECT 1 FROM ${cryptoWallets} WHERE ${cryptoWallets.id} = ${factor.crypto_wallet_factor.crypto_wallet_id}
      AND ${cryptoWallets.userId} = ${userId})`;
  }
  if (factor.authenticator_app_factor?.totp_id) {
    return sql`EXISTS (SELECT 1 FROM ${totps} WHERE ${totps.id} = ${factor.authenticator_app_factor.totp_id}
      AND ${totps.userId} = ${userId})`;
  }
  if (factor.recovery_code_factor?.totp_recovery_code_id) {
    return sql`EXISTS (SELECT 1 FROM ${totpRecoveryCodes} JOIN ${totps} ON ${totps.id} = ${totpRecoveryCodes.totpId}
      WHERE ${totpRecoveryCodes.id} = ${factor.recovery_code_factor.totp_recovery_code_id} AND ${totps.userId} = ${userId})`;
  }
  const registrationId = oauthRegistrationId(factor);
  if (registrationId !== null) {
    return sql`EXISTS (SELECT 1 FROM ${oauthRegistrations} WHERE ${oauthRegistrations.id} = ${registrationId}
      AND ${oauthRegistrations.userId} = ${userId})`;
  }
  if (factor.delivery_method === 'knowledge') {
    return sql`EXISTS (SELECT 1 FROM ${passwords} WHERE ${passwords.userId} = ${userId})`;
  }
  return null;
}
