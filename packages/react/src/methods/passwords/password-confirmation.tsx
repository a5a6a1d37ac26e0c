// SPEC §2 PasswordConfirmation: where create, log in and the reset form lead (SPEC §4).
import { ScreenHeading } from '../../screen-heading';
import { usePasswordStrings } from './password-strings';

export function PasswordConfirmation() {
  const strings = usePasswordStrings();
  return (
    <>
      <ScreenHeading>{strings.passwordConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passwordConfirmationText}</p>
    </>
  );
}

/**
 * PasswordConfirmation as the reset form reaches it (SPEC §4 "The reset form, on success, goes to
 * PasswordConfirmation"): the texts say the password was changed (issue 22 finding 8), not just "logged in".
 */
export function PasswordResetConfirmation() {
  const strings = usePasswordStrings();
  return (
    <>
      <ScreenHeading>{strings.passwordResetConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passwordResetConfirmationText}</p>
    </>
  );
}

export default PasswordConfirmation;
