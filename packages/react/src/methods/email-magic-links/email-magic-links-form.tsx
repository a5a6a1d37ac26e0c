// SPEC §2 Main, e-mail login link section: a labelled e-mail input and 'Continue with email'. SPEC §5 shape check
// ('Invalid email address'), SPEC §4 transition to EmailConfirmation, wire-format.md §7.4 MAGIC_LINK_LOGIN_OR_CREATE.
import { type FormEvent, useState } from 'react';
import { eventData } from '../../callbacks';
import { EmailField } from '../../email-field';
import { describeError } from '../../errors';
import { isValidEmail } from '../../validation';
import { useWidget } from '../../widget-context';
import { magicLinkOptions } from './magic-link-options';
import { loadEmailConfirmation } from './screens';

export function EmailMagicLinksForm() {
  const { client, config, strings, state, dispatch, emitEvent, emitError } = useWidget();
  const [email, setEmail] = useState(state.email);
  const submitting = state.screen === 'main.submitting';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      dispatch({ type: 'email-invalid', email: address, message: strings.invalidEmailAddress });
      return;
    }
    dispatch({ type: 'email-submitted', email: address });
    loadEmailConfirmation().catch(() => {
      // A failed chunk load surfaces when the screen renders; nothing to do here.
    });
    try {
      const data = await client.magicLinks.email.loginOrCreate(
        address,
        magicLinkOptions(config.emailMagicLinksOptions),
      );
      emitEvent('MAGIC_LINK_LOGIN_OR_CREATE', eventData(data));
      dispatch({ type: 'email-sent' });
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

export default EmailMagicLinksForm;
