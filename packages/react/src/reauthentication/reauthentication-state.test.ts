// Issue 20 item 3: the step's finite state. Nothing starts while something is in flight; a failure goes back to
// waiting with its message; the e-mailed code is sent before it can be confirmed.
import { describe, expect, it } from 'vitest';
import {
  initialReauthenticationState,
  type ReauthenticationAction,
  type ReauthenticationState,
  reauthenticationReducer,
} from './reauthentication-state';

function run(state: ReauthenticationState, ...actions: ReauthenticationAction[]): ReauthenticationState {
  return actions.reduce(reauthenticationReducer, state);
}

describe('reauthenticationReducer', () => {
  it('starts on the best method, or unavailable', () => {
    expect(initialReauthenticationState(['totp', 'password']).screen).toBe('reauthentication.totp');
    expect(initialReauthenticationState([]).screen).toBe('reauthentication.unavailable');
  });

  it('confirms, fails with a message, confirms again, then retries', () => {
    const start = initialReauthenticationState(['passkey', 'totp']);
    const failed = run(start, { type: 'confirm-started' }, { type: 'confirm-failed', message: 'nope' });
    expect(failed).toMatchObject({ screen: 'reauthentication.passkey', error: 'nope' });
    const confirming = run(failed, { type: 'confirm-started' });
    expect(confirming).toMatchObject({ screen: 'reauthentication.passkey.confirming', error: null });
    // Nothing else starts while the passkey prompt is open.
    expect(run(confirming, { type: 'choose', method: 'totp' })).toBe(confirming);
    expect(run(confirming, { type: 'confirm-started' })).toBe(confirming);
    expect(run(confirming, { type: 'confirmed' }).screen).toBe('reauthentication.retrying');
  });

  it('switches only to an offered method, clearing the error', () => {
    const start = run(
      initialReauthenticationState(['passkey', 'totp']),
      { type: 'confirm-started' },
      { type: 'confirm-failed', message: 'nope' },
    );
    expect(run(start, { type: 'choose', method: 'password' })).toBe(start);
    expect(run(start, { type: 'choose', method: 'totp' })).toMatchObject({
      screen: 'reauthentication.totp',
      error: null,
    });
  });

  it('sends the e-mail code before it can be confirmed; a failed send or a wrong code keeps what was sent', () => {
    const start = initialReauthenticationState(['email-code']);
    expect(run(start, { type: 'confirm-started' })).toBe(start);
    const unsent = run(start, { type: 'send-started' }, { type: 'send-failed', message: 'down' });
    expect(unsent).toMatchObject({ screen: 'reauthentication.email-code', error: 'down', methodId: null });
    const sent = run(unsent, { type: 'send-started' }, { type: 'code-sent', methodId: 'email-1' });
    expect(sent).toMatchObject({
      screen: 'reauthentication.email-code.code-sent',
      methodId: 'email-1',
      error: null,
    });
    const wrong = run(sent, { type: 'confirm-started' }, { type: 'confirm-failed', message: 'wrong' });
    expect(wrong).toMatchObject({ screen: 'reauthentication.email-code.code-sent', error: 'wrong' });
    const resent = run(wrong, { type: 'send-started' }, { type: 'code-sent', methodId: 'email-2' });
    expect(resent.methodId).toBe('email-2');
    const resendFailed = run(resent, { type: 'send-started' }, { type: 'send-failed', message: 'down' });
    expect(resendFailed.screen).toBe('reauthentication.email-code.code-sent');
  });
});
