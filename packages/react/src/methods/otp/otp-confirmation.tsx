// SPEC §2 OTPConfirmation: 'Success' / 'Your passcode has been successfully verified.'
import { ScreenHeading } from '../../screen-heading';
import { useWidget } from '../../widget-context';

export function OtpConfirmation() {
  const { strings } = useWidget();
  return (
    <>
      <ScreenHeading>{strings.otpConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.otpConfirmationText}</p>
    </>
  );
}

export default OtpConfirmation;
