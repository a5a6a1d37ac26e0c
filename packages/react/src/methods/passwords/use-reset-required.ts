// SPEC §4: "A 'reset_password' error sends a reset e-mail, then PasswordDedupe." Issue 10: a breached password
// answers the same error type and shows PasswordBreached. The error type alone does not say which, so the
// widget asks the strength check about the refused password while the reset e-mail goes out: breached →
// PasswordBreached, anything else (or no answer) → PasswordDedupe.
import { useCallback } from 'react';
import { describeWidgetError, useErrorStrings } from '../../error-strings';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { PASSWORD_TRANSITIONS } from './password-transitions';
import { usePasswordSends } from './use-password-sends';

export function useResetRequired() {
  const { client, emitError } = useWidget();
  const strings = useErrorStrings();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const { sendReset } = usePasswordSends();

  return useCallback(
    async (email: string, password: string) => {
      dispatch({ type: 'password-reset-requested' });
      const breached = client.passwords.strengthCheck({ email, password }).then(
        (result) => result.breached_password === true,
        () => false,
      );
      try {
        await sendReset(email);
        dispatch({
          type: 'password-reset-sent',
          screen: (await breached) ? 'password-breached' : 'password-dedupe',
        });
      } catch (error) {
        dispatch({
          type: 'password-reset-send-failed',
          banner: { variant: 'error', error: describeWidgetError(error, strings.genericError, strings) },
        });
        emitError(error);
      }
    },
    [client, strings, dispatch, emitError, sendReset],
  );
}
