// SPEC §2 Main, Email tab with e-mail passcodes: a labelled e-mail input; SPEC §5 'Invalid email, please try
// again.' for a malformed address (nothing is sent).
import { type FormEvent, useState } from 'react';
import { EmailField } from '../../email-field';
import { isValidEmail } from '../../validation';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { useOtpStrings } from './otp-strings';
import { OTP_TRANSITIONS } from './otp-transitions';
import { useSendOtp } from './use-send-otp';

export function OtpEmailForm() {
  const { state } = useWidget();
  const dispatch = useScreenDispatch(OTP_TRANSITIONS);
  const strings = useOtpStrings();
  const { send, submitting } = useSendOtp('email');
  const [email, setEmail] = useState(state.otp?.method === 'email' ? state.otp.destination : '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      dispatch({ type: 'otp-invalid', message: strings.invalidEmail });
      return;
    }
    void send(address, address);
  };

  return (
    <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
      <EmailField value={email} onChange={setEmail} readOnly={submitting} />
      <button type="submit" className="gh-button gh-button-primary" aria-disabled={submitting}>
        {submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.continueWithEmailPasscode}
      </button>
    </form>
  );
}

export default OtpEmailForm;
