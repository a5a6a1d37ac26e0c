// SPEC §2 OTPConfirmation: 'Success' / 'Your passcode has been successfully verified.'
import { ScreenHeading } from '../../screen-heading';
import { useOtpStrings } from './otp-strings';

export function OtpConfirmation() {
  const strings = useOtpStrings();
  return (
    <>
      <ScreenHeading>{strings.otpConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.otpConfirmationText}</p>
    </>
  );
}

export default OtpConfirmation;
