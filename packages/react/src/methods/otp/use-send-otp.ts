// The send shared by the three passcode tabs: SPEC §4 "E-mail or phone submit succeeds: OTPAuthenticate",
// wire-format.md §7.4 OTP_LOGIN_OR_CREATE, send failures in the Main banner (SPEC §8).
import type { OtpMethod } from '@gatehouse/protocol';
import { useCallback } from 'react';
import { eventData } from '../../callbacks';
import { loadErrorStrings } from '../../error-chunk';
import { describeError } from '../../errors';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { methodIdOf, otpSendOptions } from './otp-options';
import { OTP_TRANSITIONS } from './otp-transitions';
import { loadOtpAuthenticate } from './screens';

export function useSendOtp(method: OtpMethod) {
  const { client, config, strings, stringOverrides, state, emitEvent, emitError, locale } = useWidget();
  const dispatch = useScreenDispatch(OTP_TRANSITIONS);
  const submitting = state.screen === 'main.submitting';

  const send = useCallback(
    async (destination: string, displayDestination: string) => {
      dispatch({ type: 'otp-submitted' });
      loadOtpAuthenticate().catch(() => {
        // A failed chunk load surfaces when the screen renders.
      });
      // The forms are on screen from the start: the error texts load with the send (error-strings.ts).
      const errorStrings = loadErrorStrings(stringOverrides);
      // Issue 27 item 2: the widget's locale, so the server writes the text or e-mail in the language on screen.
      const options = { ...otpSendOptions(method, config.otpOptions), locale };
      // The countdown starts from the request, so it never outlasts the server's expiry.
      const sentAt = Date.now();
      try {
        const data = await client.otps[method].loginOrCreate(destination, options);
        emitEvent('OTP_LOGIN_OR_CREATE', eventData(data));
        const methodId = methodIdOf(data);
        if (methodId === null) throw new Error(strings.genericError);
        dispatch({
          type: 'otp-sent',
          otp: {
            method,
            destination,
            displayDestination,
            methodId,
            expiresAt: sentAt + options.expiration_minutes * 60_000,
          },
        });
      } catch (error) {
        const shown = describeError(error, strings.genericError, { ...strings, ...(await errorStrings) });
        dispatch({ type: 'otp-send-failed', banner: { variant: 'error', error: shown } });
        emitError(error);
      }
    },
    [client, config.otpOptions, method, strings, stringOverrides, dispatch, emitEvent, emitError, locale],
  );

  return { send, submitting };
}
