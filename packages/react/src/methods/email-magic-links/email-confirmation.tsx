// SPEC §2 EmailConfirmation: 'Check your email', 'An email was sent to {email}.', inbox links, 'Try again'
// (SPEC §4: clears the e-mail, returns to Main, logs email_try_again_clicked) and resend (SPEC §8 toasts).
import { eventData } from '../../callbacks';
import { describeWidgetError } from '../../error-strings';
import { ScreenHeading } from '../../screen-heading';
import { ScreenStyles } from '../../screen-styles';
import { SCREENS_CSS } from '../../screens-css';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { useEmailConfirmationStrings } from './email-confirmation-strings';
import { EMAIL_CONFIRMATION_TRANSITIONS } from './email-confirmation-transitions';
import { inboxLinks, senderDomain } from './inbox-links';
import { magicLinkOptions } from './magic-link-options';

export function EmailConfirmation() {
  const { client, config, state, bootstrap, emitEvent, emitError, logEvent, notify, locale } = useWidget();
  const dispatch = useScreenDispatch(EMAIL_CONFIRMATION_TRANSITIONS);
  const strings = useEmailConfirmationStrings();
  const email = state.email;
  const resending = state.screen === 'email-confirmation.resending';
  const links = inboxLinks(
    senderDomain({
      domainHint: config.emailMagicLinksOptions?.domainHint,
      emailDomains: bootstrap.emailDomains,
    }),
  );
  const [before, after] = splitOnce(strings.emailSentTo, '{email}');

  const tryAgain = () => {
    // SPEC §7 event log: email_try_again_clicked with the e-mail and type (wire-format.md §4.12).
    logEvent('email_try_again_clicked', { email, type: 'login_or_create_eml' });
    dispatch({ type: 'try-again' });
  };

  const resend = async () => {
    if (resending) return;
    dispatch({ type: 'resend-started' });
    try {
      const data = await client.magicLinks.email.loginOrCreate(email, {
        ...magicLinkOptions(config.emailMagicLinksOptions),
        locale,
      });
      emitEvent('MAGIC_LINK_LOGIN_OR_CREATE', eventData(data));
      notify('success', strings.emailResent);
    } catch (error) {
      notify('error', describeWidgetError(error, strings.genericError, strings).message);
      emitError(error);
    } finally {
      dispatch({ type: 'resend-finished' });
    }
  };

  return (
    <>
      <ScreenStyles css={SCREENS_CSS} />
      <ScreenHeading>{strings.checkYourEmail}</ScreenHeading>
      <p className="gh-text">
        {before}
        {after !== null ? (
          <>
            <strong dir="ltr">{email}</strong>
            {after}
          </>
        ) : null}
      </p>
      <div className="gh-inbox-links">
        <InboxLink href={links.gmail} text={strings.openGmail} newTab={strings.opensInNewTab} />
        <InboxLink href={links.yahoo} text={strings.openYahoo} newTab={strings.opensInNewTab} />
        <InboxLink href={links.outlook} text={strings.openOutlook} newTab={strings.opensInNewTab} />
      </div>
      <div className="gh-resend">
        <span>{strings.didNotGetIt}</span>
        <button type="button" className="gh-link-button" onClick={tryAgain}>
          {strings.tryAgain}
        </button>
        <button type="button" className="gh-link-button" onClick={resend} aria-disabled={resending}>
          {strings.resendEmail}
        </button>
      </div>
    </>
  );
}

function InboxLink({ href, text, newTab }: { href: string; text: string; newTab: string }) {
  return (
    <a className="gh-button gh-button-secondary" href={href} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="gh-visually-hidden"> {newTab}</span>
    </a>
  );
}

/** Splits a template at its placeholder so the e-mail renders as text inside <strong>, never as markup. */
function splitOnce(template: string, placeholder: string): [string, string | null] {
  const index = template.indexOf(placeholder);
  if (index === -1) return [template, null];
  return [template.slice(0, index), template.slice(index + placeholder.length)];
}

export default EmailConfirmation;
