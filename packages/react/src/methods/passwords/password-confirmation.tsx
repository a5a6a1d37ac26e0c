// SPEC §2 PasswordConfirmation: where create, log in and the reset form lead (SPEC §4).
import { ScreenHeading } from '../../screen-heading';
import { useWidget } from '../../widget-context';

export function PasswordConfirmation() {
  const { strings } = useWidget();
  return (
    <>
      <ScreenHeading>{strings.passwordConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passwordConfirmationText}</p>
    </>
  );
}

export default PasswordConfirmation;
