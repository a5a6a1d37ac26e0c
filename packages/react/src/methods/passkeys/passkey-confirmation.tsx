// SPEC §2 PasskeyConfirmation: 'Success' / 'Your Passkey has been successfully authenticated.'
import { ScreenHeading } from '../../screen-heading';
import { usePasskeyStrings } from './passkey-strings';

export function PasskeyConfirmation() {
  const strings = usePasskeyStrings();
  return (
    <>
      <ScreenHeading>{strings.passkeyConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passkeyConfirmationText}</p>
    </>
  );
}

export default PasskeyConfirmation;
