// needsSecondFactor (issue 13 item 1): the app's "is this session signed in yet" question when the project
// requires a second factor.
import { type AuthenticationFactor, DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { needsSecondFactor } from './second-factor';

const REQUIRED = { ...DEFAULT_BOOTSTRAP, secondFactorRequired: true };
const OPTIONAL = DEFAULT_BOOTSTRAP;

const at = '2030-01-01T00:00:00Z';
const EMAIL: AuthenticationFactor = {
  type: 'magic_link',
  delivery_method: 'email',
  last_authenticated_at: at,
  email_factor: { email_id: 'email-test-1', email_address: 'ada@example.com' },
};
const TOTP: AuthenticationFactor = {
  type: 'totp',
  delivery_method: 'authenticator_app',
  last_authenticated_at: at,
  authenticator_app_factor: { totp_id: 'totp-test-1' },
};
const RECOVERY: AuthenticationFactor = {
  type: 'recovery_code',
  delivery_method: 'recovery_code',
  last_authenticated_at: at,
  recovery_code_factor: { totp_recovery_code_id: 'totp-recovery-code-test-1' },
};

const session = (...factors: AuthenticationFactor[]) => ({ authentication_factors: factors });
const withTotp = { totps: [{ totp_id: 'totp-test-1', verified: true }] };
const pendingTotp = { totps: [{ totp_id: 'totp-test-1', verified: false }] };
const noTotp = { totps: [] };

describe('needsSecondFactor', () => {
  it('is true for a first-factor session of a user with a verified app when the project requires it', () => {
    expect(needsSecondFactor(session(EMAIL), withTotp, REQUIRED)).toBe(true);
  });

  it('is false once the session has a totp or a recovery_code factor', () => {
    expect(needsSecondFactor(session(EMAIL, TOTP), withTotp, REQUIRED)).toBe(false);
    expect(needsSecondFactor(session(EMAIL, RECOVERY), withTotp, REQUIRED)).toBe(false);
  });

  it('is false when the project does not require it', () => {
    expect(needsSecondFactor(session(EMAIL), withTotp, OPTIONAL)).toBe(false);
  });

  it('is false for a user without a verified app (an unconfirmed enrolment does not count)', () => {
    expect(needsSecondFactor(session(EMAIL), noTotp, REQUIRED)).toBe(false);
    expect(needsSecondFactor(session(EMAIL), pendingTotp, REQUIRED)).toBe(false);
  });

  it('is false without a session or a user', () => {
    expect(needsSecondFactor(null, withTotp, REQUIRED)).toBe(false);
    expect(needsSecondFactor(session(EMAIL), null, REQUIRED)).toBe(false);
  });
});
