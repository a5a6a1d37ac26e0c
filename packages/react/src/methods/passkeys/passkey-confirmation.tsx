// SPEC §2 PasskeyConfirmation: 'Success' / 'Your Passkey has been successfully authenticated.'
import { ScreenHeading } from '../../screen-heading';
import { useWidget } from '../../widget-context';

export function PasskeyConfirmation() {
  const { strings } = useWidget();
  return (
    <>
      <ScreenHeading>{strings.passkeyConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passkeyConfirmationText}</p>
    </>
  );
}

export default PasskeyConfirmation;
