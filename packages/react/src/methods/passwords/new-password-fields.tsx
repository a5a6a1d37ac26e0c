// The new-password part of the create variant of PasswordCreateOrLogin and of PasswordResetForm (SPEC §2, §5):
// the password field with its strength feedback, and Continue, disabled until the server said valid_password for
// the password in the field, with a spinner while the call runs. Issue 22 finding 10: the minimum length is said
// before anything is typed (under the label, in the input's description), not only once a check refuses it.
import { useId, useState } from 'react';
import { formatMessage } from '../../message-format';
import { useWidget } from '../../widget-context';
import { PasswordField } from './password-field';
import { minimumPasswordLength } from './password-options';
import { usePasswordStrings } from './password-strings';
import { StrengthFeedback } from './strength-feedback';
import { isAccepted, useStrengthCheck } from './use-strength-check';

/** A new password as typed, checked by the server on every change (SPEC §5); `accepted` once it is valid. */
export function useNewPassword(email: string | null) {
  const strength = useStrengthCheck(email);
  const [password, setPassword] = useState('');
  const onChange = (value: string) => {
    setPassword(value);
    strength.check(value);
  };
  return { password, onChange, strength, accepted: isAccepted(strength, password) };
}

export function NewPasswordFields(props: {
  password: string;
  onChange: (value: string) => void;
  strength: ReturnType<typeof useStrengthCheck>;
  /** Continue may be pressed (valid_password for this password, nothing running). */
  accepted: boolean;
  busy: boolean;
  submitting: boolean;
}) {
  const { strings, state, bootstrap, locale } = useWidget();
  const passwordStrings = usePasswordStrings();
  const feedbackId = useId();
  // Issue 27 item 1: the count in the locale's digits and plural form.
  const hint = formatMessage(
    passwordStrings.passwordMinimumLengthHint,
    { count: minimumPasswordLength(bootstrap.passwordConfig) },
    locale,
  );
  const { strength, accepted, busy } = props;
  return (
    <>
      <PasswordField
        value={props.password}
        onChange={props.onChange}
        autoComplete="new-password"
        readOnly={busy}
        error={state.fieldError ?? strength.error}
        describedBy={feedbackId}
        hint={hint}
      >
        <StrengthFeedback id={feedbackId} result={strength.result} />
      </PasswordField>
      <button
        type="submit"
        className="gh-button gh-button-primary"
        disabled={!accepted}
        aria-disabled={busy || !accepted}
      >
        {props.submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.continue}
      </button>
    </>
  );
}
