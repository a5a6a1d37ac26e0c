// SPEC §2 PasswordCreateOrLogin. Login variant (user type password): 'Log In', the read-only e-mail, the password
// with its show/hide toggle, 'Forgot Password?' and Continue. Create variant (user type new): 'Finish creating
// your account by setting a password.' with the strength feedback, Continue disabled until valid_password
// (SPEC §5); with a login link or e-mail passcode configured it is the choose-how-to-create screen ('Choose how
// you would like to create your account.' and 'Email me a login link / code'). SPEC §4 transitions; SPEC §7
// session_duration_minutes; wire-format.md §7.4 PASSWORD_CREATE / PASSWORD_AUTHENTICATE.
import { type FormEvent, useState } from 'react';
import { BackButton } from '../../back-button';
import { BannerRegion } from '../../banner';
import { eventData } from '../../callbacks';
import { sessionDurationMinutes } from '../../config';
import { describeWidgetError } from '../../error-strings';
import { ScreenHeading } from '../../screen-heading';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { PasswordField, ReadOnlyEmail } from './password-field';
import { errorTypeOf, secondaryMethod } from './password-options';
import { usePasswordStrings } from './password-strings';
import { PASSWORD_TRANSITIONS } from './password-transitions';
import { usePasswordSends } from './use-password-sends';
import { useResetRequired } from './use-reset-required';
import { plainPasswordFeedback } from './zxcvbn-feedback';

export function PasswordCreateOrLogin() {
  const { state } = useWidget();
  return state.passwordType === 'password' ? <PasswordLogin /> : <PasswordCreate />;
}

/**
 * Signs in with `password` (SPEC §4): create for a new user, authenticate for a password user; a `reset_password`
 * answer sends the reset e-mail (PasswordDedupe or PasswordBreached), any other error shows under the field.
 */
function usePasswordSubmit(kind: 'create' | 'authenticate') {
  const { client, config, state, emitEvent, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const strings = usePasswordStrings();
  const resetRequired = useResetRequired();
  return async (password: string) => {
    const email = state.email;
    dispatch({ type: 'password-submitted' });
    try {
      const options = { email, password, session_duration_minutes: sessionDurationMinutes(config) };
      const data =
        kind === 'create'
          ? await client.passwords.create(options)
          : await client.passwords.authenticate(options);
      emitEvent(kind === 'create' ? 'PASSWORD_CREATE' : 'PASSWORD_AUTHENTICATE', eventData(data));
      dispatch({ type: 'password-authenticated' });
    } catch (error) {
      emitError(error);
      if (errorTypeOf(error) === 'reset_password') {
        await resetRequired(email, password);
        return;
      }
      // A weak_password answer carries zxcvbn's feedback: in plain words, like the strength feedback.
      const message = plainPasswordFeedback(
        describeWidgetError(error, strings.genericError, strings).message,
        strings,
      );
      dispatch({ type: 'password-failed', message });
    }
  };
}

function PasswordLogin() {
  const { state, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const strings = usePasswordStrings();
  const { sendReset } = usePasswordSends();
  const submit = usePasswordSubmit('authenticate');
  const [password, setPassword] = useState('');
  const email = state.email;
  const busy = state.screen !== 'password-create-or-login';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || password === '') return;
    await submit(password);
  };

  const forgot = async () => {
    if (busy) return;
    // SPEC §4: 'Forgot Password?' sends a reset e-mail, then PasswordForgot.
    dispatch({ type: 'password-reset-requested' });
    try {
      await sendReset(email);
      dispatch({ type: 'password-reset-sent', screen: 'password-forgot' });
    } catch (error) {
      dispatch({
        type: 'password-reset-send-failed',
        banner: { variant: 'error', error: describeWidgetError(error, strings.genericError, strings) },
      });
      emitError(error);
    }
  };

  return (
    <>
      <BackButton />
      <ScreenHeading>{strings.passwordLoginTitle}</ScreenHeading>
      <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <ReadOnlyEmail email={email} />
        <PasswordField
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          readOnly={busy}
          error={state.fieldError}
        />
        <button type="submit" className="gh-button gh-button-primary" aria-disabled={busy}>
          {state.screen === 'password-create-or-login.submitting' ? (
            <span className="gh-spinner" aria-hidden="true" />
          ) : null}
          {strings.continue}
        </button>
      </form>
      <button type="button" className="gh-link-button gh-forgot" onClick={forgot} aria-disabled={busy}>
        {strings.forgotPassword}
      </button>
      <BannerRegion />
    </>
  );
}

function PasswordCreate() {
  const { config, products, state, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const strings = usePasswordStrings();
  const { sendLoginLink, sendPasscode } = usePasswordSends();
  const submit = usePasswordSubmit('create');
  const email = state.email;
  const { password, onChange, strength, accepted } = useNewPassword(email);
  const busy = state.screen !== 'password-create-or-login';
  const secondary = secondaryMethod(config, products);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !accepted) return;
    await submit(password);
  };

  const sendInstead = async () => {
    if (busy) return;
    dispatch({ type: 'password-login-link-started' });
    try {
      if (secondary === 'email-passcode') {
        dispatch({ type: 'otp-sent', otp: await sendPasscode(email) });
      } else {
        await sendLoginLink(email);
        dispatch({ type: 'password-login-link-sent' });
      }
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
      {secondary !== null ? (
        <>
          <ScreenHeading>{strings.chooseHowToCreate}</ScreenHeading>
          <button
            type="button"
            className="gh-button gh-button-secondary"
            onClick={sendInstead}
            aria-disabled={busy}
          >
            {state.screen === 'password-create-or-login.sending-link' ? (
              <span className="gh-spinner" aria-hidden="true" />
            ) : null}
            {secondary === 'email-passcode' ? strings.emailMeLoginCode : strings.emailMeLoginLink}
          </button>
          <div className="gh-divider">{strings.dividerText}</div>
        </>
      ) : (
        <ScreenHeading>{strings.passwordCreateTitle}</ScreenHeading>
      )}
      <p className="gh-text">{strings.passwordCreateText}</p>
      <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <ReadOnlyEmail email={email} />
        <NewPasswordFields
          password={password}
          onChange={onChange}
          strength={strength}
          accepted={accepted}
          busy={busy}
          submitting={state.screen === 'password-create-or-login.submitting'}
        />
      </form>
      <BannerRegion />
    </>
  );
}

export default PasswordCreateOrLogin;
