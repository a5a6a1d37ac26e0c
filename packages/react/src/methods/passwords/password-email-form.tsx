// SPEC §2 Main, Email tab with passwords: the e-mail input and 'Continue with email'. SPEC §4 password flow: the
// address is looked up (`users/search`, wire-format.md §7.2) and the user type decides the next screen — new →
// create, password → log in, passwordless → an automatic send (a login link, or a passcode when e-mail
// passcodes are enabled, otherwise a reset e-mail and PasswordSetNew).
import { MainEmailForm } from '../../main-email-form';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { loadEmailConfirmation } from '../email-magic-links/screens';
import { secondaryMethod, userTypeOf } from './password-options';
import { PASSWORD_TRANSITIONS } from './password-transitions';
import { loadPasswordScreens } from './screens';
import { usePasswordSends } from './use-password-sends';

export function PasswordEmailForm() {
  const { client, config, products, strings } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const { sendReset, sendLoginLink, sendPasscode } = usePasswordSends();
  const send = async (address: string) => {
    const userType = userTypeOf(await client.user.search(address));
    if (userType === null) throw new Error(strings.genericError);
    if (userType !== 'passwordless') {
      dispatch({ type: 'password-user-found', userType });
      return;
    }
    const method = secondaryMethod(config, products);
    if (method === 'login-link') {
      loadEmailConfirmation().catch(() => {});
      await sendLoginLink(address);
      dispatch({ type: 'email-sent' });
    } else if (method === 'email-passcode') {
      dispatch({ type: 'otp-sent', otp: await sendPasscode(address) });
    } else {
      await sendReset(address);
      dispatch({ type: 'password-reset-sent', screen: 'password-set-new' });
    }
  };
  return <MainEmailForm preload={loadPasswordScreens} send={send} />;
}

export default PasswordEmailForm;
