// Issue 20 item 3: which ways to confirm "it's you" are offered, best first, for what the user has and the page
// enables; `second_factor_required` offers only the authenticator app.
import { APIError } from '@gatehouse/sdk';
import { describe, expect, it } from 'vitest';
import { fakeUser } from '../test-support/fake-client';
import { reauthenticationReasonOf } from './reauthentication-errors';
import { codeEmailOf, passwordEmailOf, reauthenticationMethods } from './reauthentication-methods';

const EVERYTHING = fakeUser({
  emails: [
    { email_id: 'email-1', email: 'unproven@example.com', verified: false },
    { email_id: 'email-2', email: 'ada@example.com', verified: true },
  ],
  webauthn_registrations: [
    {
      webauthn_registration_id: 'wr-1',
      name: 'Laptop',
      domain: 'localhost',
      user_agent: 'test',
      authenticator_type: 'platform',
      verified: true,
    },
  ],
  totps: [{ totp_id: 'totp-1', verified: true }],
  password: { password_id: 'password-1', requires_reset: false },
});

const ALL_ENABLED = { products: ['passkeys', 'passwords', 'otp'] as const, otpMethods: ['email'] as const };

describe('reauthenticationMethods', () => {
  it('orders passkey, authenticator app, password, e-mailed code', () => {
    expect(
      reauthenticationMethods({
        user: EVERYTHING,
        reason: 'reauthentication_required',
        enabled: ALL_ENABLED,
      }),
    ).toEqual(['passkey', 'totp', 'password', 'email-code']);
  });

  it('offers only what the page enables (the authenticator app needs no product)', () => {
    expect(
      reauthenticationMethods({
        user: EVERYTHING,
        reason: 'reauthentication_required',
        enabled: { products: ['emailMagicLinks', 'otp'], otpMethods: ['sms', 'whatsapp'] },
      }),
    ).toEqual(['totp']);
  });

  it('offers only what the user has: an unverified app, no password, an unproven address count for nothing', () => {
    const user = fakeUser({
      emails: [{ email_id: 'email-1', email: 'unproven@example.com', verified: false }],
      totps: [{ totp_id: 'totp-1', verified: false }],
    });
    expect(
      reauthenticationMethods({ user, reason: 'reauthentication_required', enabled: ALL_ENABLED }),
    ).toEqual([]);
    expect(
      reauthenticationMethods({ user: null, reason: 'reauthentication_required', enabled: ALL_ENABLED }),
    ).toEqual([]);
  });

  it('answers second_factor_required with the authenticator app alone', () => {
    expect(
      reauthenticationMethods({ user: EVERYTHING, reason: 'second_factor_required', enabled: ALL_ENABLED }),
    ).toEqual(['totp']);
  });

  it('signs in with the first verified address, and e-mails codes only to a verified one', () => {
    expect(passwordEmailOf(EVERYTHING)).toBe('ada@example.com');
    expect(codeEmailOf(EVERYTHING)).toBe('ada@example.com');
    const unproven = fakeUser({ emails: [{ email_id: 'e', email: 'new@example.com', verified: false }] });
    expect(passwordEmailOf(unproven)).toBe('new@example.com');
    expect(codeEmailOf(unproven)).toBeNull();
  });
});

describe('reauthenticationReasonOf', () => {
  const apiError = (error_type: string) => ({ status_code: 403, error_type, error_message: 'm' });

  it('recognises the two 403 answers and nothing else', () => {
    expect(reauthenticationReasonOf(apiError('reauthentication_required'))).toBe('reauthentication_required');
    expect(reauthenticationReasonOf(apiError('second_factor_required'))).toBe('second_factor_required');
    expect(reauthenticationReasonOf(apiError('last_authentication_factor'))).toBeNull();
    expect(reauthenticationReasonOf(new Error('reauthentication_required'))).toBeNull();
    expect(reauthenticationReasonOf(null)).toBeNull();
  });

  it("takes what the SDK's isAPIError takes (checked by the wire fields, not imported from the SDK)", () => {
    const sdkError = new APIError({
      status_code: 403,
      error_type: 'reauthentication_required',
      error_message: 'Confirm it is you.',
      error_url: '',
      request_id: 'request-id-test',
    });
    expect(reauthenticationReasonOf(sdkError)).toBe('reauthentication_required');
    // Without a number status_code or a string error_message it is no API error (a SchemaError, say).
    expect(
      reauthenticationReasonOf({ error_type: 'reauthentication_required', error_message: 'm' }),
    ).toBeNull();
    expect(
      reauthenticationReasonOf({
        status_code: '403',
        error_type: 'second_factor_required',
        error_message: 'm',
      }),
    ).toBeNull();
    expect(reauthenticationReasonOf({ status_code: 403, error_type: 'second_factor_required' })).toBeNull();
  });
});
