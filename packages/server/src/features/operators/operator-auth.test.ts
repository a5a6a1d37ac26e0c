// Issue 26 item 2: which sessions show an operator's second factor (operator-auth.ts secondFactorOf), case by case.
import { describe, expect, it } from 'vitest';
import { type HeldCredential, secondFactorOf } from './operator-auth';

const STARTED = 1_000_000;
const passkey = (id: string, created_ms: number): HeldCredential => ({ kind: 'webauthn', id, created_ms });
const viaPasskey = (id: string) => ({
  type: 'webauthn',
  webauthn_factor: { webauthn_registration_id: id, domain: 'localhost', user_agent: '' },
});
const viaLink = { type: 'magic_link', email_factor: { email_id: 'email-1', email_address: 'a@example.com' } };

describe('the second factor of an operator’s session', () => {
  it('none held: not enrolled, whatever the session shows', () => {
    expect(secondFactorOf({ credentials: [], factors: [viaLink], sessionStartedMs: STARTED })).toEqual({
      enrolled: false,
      inSession: false,
      kinds: [],
    });
  });

  it('a credential older than the session counts once the session used it; a login link alone never does', () => {
    const credentials = [passkey('old', STARTED - 1)];
    expect(secondFactorOf({ credentials, factors: [viaLink], sessionStartedMs: STARTED }).inSession).toBe(
      false,
    );
    expect(
      secondFactorOf({ credentials, factors: [viaLink, viaPasskey('old')], sessionStartedMs: STARTED })
        .inSession,
    ).toBe(true);
  });

  it('the first credential, made by this session, counts; a later one made by a session that did not show the first does not', () => {
    expect(
      secondFactorOf({
        credentials: [passkey('first', STARTED + 10)],
        factors: [viaLink, viaPasskey('first')],
        sessionStartedMs: STARTED,
      }).inSession,
    ).toBe(true);
    expect(
      secondFactorOf({
        credentials: [passkey('first', STARTED - 10), passkey('intruder', STARTED + 10)],
        factors: [viaLink, viaPasskey('intruder')],
        sessionStartedMs: STARTED,
      }),
    ).toEqual({ enrolled: true, inSession: false, kinds: ['webauthn'] });
  });

  it('a factor whose credential is gone does not count; an authenticator app and its recovery codes do', () => {
    expect(
      secondFactorOf({
        credentials: [passkey('kept', STARTED - 10)],
        factors: [viaPasskey('deleted')],
        sessionStartedMs: STARTED,
      }).inSession,
    ).toBe(false);
    const app: HeldCredential[] = [
      { kind: 'totp', id: 'totp-1', created_ms: STARTED - 10 },
      { kind: 'recovery_code', id: 'code-1', created_ms: STARTED - 10 },
    ];
    for (const factor of [
      { type: 'totp', authenticator_app_factor: { totp_id: 'totp-1' } },
      { type: 'recovery_code', recovery_code_factor: { totp_recovery_code_id: 'code-1' } },
    ]) {
      expect(
        secondFactorOf({ credentials: app, factors: [factor], sessionStartedMs: STARTED }).inSession,
      ).toBe(true);
    }
    expect(secondFactorOf({ credentials: app, factors: [], sessionStartedMs: STARTED }).kinds).toEqual([
      'totp',
    ]);
    // Recovery codes alone (their app gone) are no second factor held.
    expect(secondFactorOf({ credentials: [app[1]!], factors: [], sessionStartedMs: STARTED }).enrolled).toBe(
      false,
    );
  });

  it('names the kinds held, a passkey first, each once (the console offers only those)', () => {
    const credentials: HeldCredential[] = [
      { kind: 'totp', id: 'totp-1', created_ms: STARTED - 30 },
      { kind: 'recovery_code', id: 'code-1', created_ms: STARTED - 30 },
      passkey('one', STARTED - 20),
      passkey('two', STARTED - 10),
    ];
    expect(secondFactorOf({ credentials, factors: [viaLink], sessionStartedMs: STARTED })).toEqual({
      enrolled: true,
      inSession: false,
      kinds: ['webauthn', 'totp'],
    });
  });
});
