// SPEC §2 Main, Email tab with e-mail passcodes: a labelled e-mail input; SPEC §5 'Invalid email, please try
// again.' for a malformed address (nothing is sent).
import { type FormEvent, useId, useState } from 'react';
import { emailInputAutocomplete } from '../../config';
import { isValidEmail } from '../../validation';
import { useWidget } from '../../widget-context';
import { FieldError } from './field-error';
import { useSendOtp } from './use-send-otp';

export function OtpEmailForm() {
  const { products, strings, state, dispatch } = useWidget();
  const { send, submitting } = useSendOtp('email');
  const [email, setEmail] = useState(state.otp?.method === 'email' ? state.otp.destination : '');
  const inputId = useId();
  const errorId = useId();

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
      <label className="gh-label" htmlFor={inputId}>
        {strings.emailLabel}
      </label>
      <input
        id={inputId}
        className="gh-input"
        type="email"
        name="email"
        inputMode="email"
        autoComplete={emailInputAutocomplete(products)}
        autoCapitalize="none"
        spellCheck={false}
        required
        placeholder={strings.emailPlaceholder}
        value={email}
        readOnly={submitting}
        aria-invalid={state.fieldError !== null}
        aria-describedby={state.fieldError !== null ? errorId : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FieldError id={errorId} message={state.fieldError} />
      <button type="submit" className="gh-button gh-button-primary" aria-disabled={submitting}>
        {submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.continueWithEmailPasscode}
      </button>
    </form>
  );
}

export default OtpEmailForm;
