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

export default PasswordConfirmation;
