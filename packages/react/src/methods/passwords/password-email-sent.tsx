// SPEC §2 PasswordForgot ('Forgot password?'), PasswordBreached ('Check your email to set a new password'),
// PasswordDedupe ('Check your email to set a new password!') and PasswordSetNew ('Check your email!'): the
// address the e-mail went to, 'Resend email' (SPEC §8 toast 'Email resent' or an error toast) and, where a login
// link is configured, 'Login without a password' (SPEC §4: a login link, then EmailConfirmation).
import { BackButton } from '../../back-button';
import { BannerRegion } from '../../banner';
import { describeWidgetError } from '../../error-strings';
import { ScreenHeading } from '../../screen-heading';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { PASSWORD_EMAIL_SCREENS, type PasswordEmailScreen, screenOf } from '../../widget-state';
import { loadEmailConfirmation } from '../email-magic-links/screens';
import { type PasswordStringKey, usePasswordStrings } from './password-strings';
import { PASSWORD_TRANSITIONS } from './password-transitions';
import { usePasswordSends } from './use-password-sends';

const TEXTS: Record<
  PasswordEmailScreen,
  { title: PasswordStringKey; text: PasswordStringKey; loginLink: boolean }
> = {
  'password-forgot': { title: 'passwordForgotTitle', text: 'passwordForgotText', loginLink: true },
  'password-breached': { title: 'passwordBreachedTitle', text: 'passwordBreachedText', loginLink: true },
  'password-dedupe': { title: 'passwordDedupeTitle', text: 'passwordDedupeText', loginLink: true },
  // A passwordless user's reset e-mail: no password to do without.
  'password-set-new': { title: 'passwordSetNewTitle', text: 'passwordSetNewText', loginLink: false },
};

export function PasswordEmailSent() {
  const { products, state, emitError, notify } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const strings = usePasswordStrings();
  const { sendReset, sendLoginLink } = usePasswordSends();
  const current = screenOf(state.screen);
  const screen = (PASSWORD_EMAIL_SCREENS as readonly string[]).includes(current)
    ? (current as PasswordEmailScreen)
    : 'password-forgot';
  const texts = TEXTS[screen];
  const email = state.email;
  const busy = state.screen !== screen;
  const [before, after] = splitOnce(strings[texts.text], '{email}');

  const resend = async () => {
    if (busy) return;
    dispatch({ type: 'password-resend-started' });
    try {
      await sendReset(email);
      notify('success', strings.emailResent);
    } catch (error) {
      notify('error', describeWidgetError(error, strings.genericError, strings).message);
      emitError(error);
    } finally {
      dispatch({ type: 'password-resend-finished' });
    }
  };

  const loginWithoutPassword = async () => {
    if (busy) return;
    dispatch({ type: 'password-login-link-started' });
    loadEmailConfirmation().catch(() => {});
    try {
      await sendLoginLink(email);
      dispatch({ type: 'password-login-link-sent' });
    } catch (error) {
      dispatch({
        type: 'password-login-link-failed',
        banner: { variant: 'error', error: describeWidgetError(error, strings.genericError, strings) },
      });
      emitError(error);
    }
  };

  return (
    <>
      <BackButton />
      <ScreenHeading>{strings[texts.title]}</ScreenHeading>
      <p className="gh-text">
        {before}
        {after !== null ? (
          <>
            <strong dir="ltr">{email}</strong>
            {after}
          </>
        ) : null}
      </p>
      <p className="gh-resend">
        <span>{strings.didNotGetIt}</span>
        <button type="button" className="gh-link-button" onClick={resend} aria-disabled={busy}>
          {strings.resendEmail}
        </button>
      </p>
      {texts.loginLink && products.includes('emailMagicLinks') ? (
        <button
          type="button"
          className="gh-button gh-button-secondary"
          onClick={loginWithoutPassword}
          aria-disabled={busy}
        >
          {state.screen.endsWith('.sending-link') ? <span className="gh-spinner" aria-hidden="true" /> : null}
          {strings.loginWithoutPassword}
        </button>
      ) : null}
      <BannerRegion />
    </>
  );
}

/** Splits a template at its placeholder so the e-mail renders as text inside <strong>, never as markup. */
function splitOnce(template: string, placeholder: string): [string, string | null] {
  const index = template.indexOf(placeholder);
  if (index === -1) return [template, null];
  return [template.slice(0, index), template.slice(index + placeholder.length)];
}

export default PasswordEmailSent;
