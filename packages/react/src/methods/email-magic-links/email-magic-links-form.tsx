// SPEC §2 Main, e-mail login link section: a labelled e-mail input and 'Continue with email'. SPEC §5 shape check
// ('Invalid email address'), SPEC §4 transition to EmailConfirmation, wire-format.md §7.4 MAGIC_LINK_LOGIN_OR_CREATE.
import { eventData } from '../../callbacks';
import { MainEmailForm } from '../../main-email-form';
import { useWidget } from '../../widget-context';
import { magicLinkOptions } from './magic-link-options';
import { loadEmailConfirmation } from './screens';

export function EmailMagicLinksForm() {
  const { client, config, dispatch, emitEvent, locale } = useWidget();
  const send = async (address: string) => {
    const data = await client.magicLinks.email.loginOrCreate(
      address,
      // Issue 27 item 2: the widget's locale, so the server writes the e-mail in the language on screen.
      { ...magicLinkOptions(config.emailMagicLinksOptions), locale },
    );
    emitEvent('MAGIC_LINK_LOGIN_OR_CREATE', eventData(data));
    dispatch({ type: 'email-sent' });
  };
  return <MainEmailForm preload={loadEmailConfirmation} send={send} />;
}

export default EmailMagicLinksForm;
