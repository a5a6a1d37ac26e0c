// SPEC §2 Main, Email tab with passwords: the e-mail input and 'Continue with email'. SPEC §4 password flow: the
// address is looked up (`users/search`, wire-format.md §7.2) and the user type decides the next screen — new →
// create, password → log in, passwordless → an automatic send (a login link, or a passcode when e-mail
// passcodes are enabled, otherwise a reset e-mail and PasswordSetNew).
import { type FormEvent, useState } from 'react';
import { EmailField } from '../../email-field';
import { describeError } from '../../errors';
import { isValidEmail } from '../../validation';
import { useWidget } from '../../widget-context';
import { loadEmailConfirmation } from '../email-magic-links/screens';
import { secondaryMethod, userTypeOf } from './password-options';
import { loadPasswordScreens } from './screens';
import { usePasswordSends } from './use-password-sends';

export function PasswordEmailForm() {
  const { client, config, products, strings, state, dispatch, emitError } = useWidget();
  const { sendReset, sendLoginLink, sendPasscode } = usePasswordSends();
  const [email, setEmail] = useState(state.email);
  const submitting = state.screen === 'main.submitting';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      // SPEC §5: 'Invalid email address' on the password form.
      dispatch({ type: 'email-invalid', email: address, message: strings.invalidEmailAddress });
      return;
    }
    dispatch({ type: 'email-submitted', email: address });
    loadPasswordScreens().catch(() => {
      // A failed chunk load surfaces when the screen renders.
    });
    try {
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
    } catch (error) {
      dispatch({
        type: 'email-send-failed',
        banner: { variant: 'error', error: describeError(error, strings.genericError) },
      });
      emitError(error);
    }
  };

  return (
    <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
      <EmailField value={email} onChange={setEmail} readOnly={submitting} />
      <button type="submit" className="gh-button gh-button-primary" aria-disabled={submitting}>
        {submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.continueWithEmail}
      </button>
    </form>
  );
}

export default PasswordEmailForm;
