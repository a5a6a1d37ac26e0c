// SPEC §2 PasswordResetForm (mountResetPassword / <ResetPassword>): 'Reset your password', the new password with
// its strength feedback (checked without an e-mail, wire-format.md §7.1), Continue disabled until valid_password
// (SPEC §5), and 'Login without a password', which redeems the token as a login link. A login-type token
// ('stytch_token_type=login') shows 'Logging in' with a spinner and authenticates at once. SPEC §4: success →
// PasswordConfirmation; SPEC §8: reset failures under the form, login-link failures under the button.
import { type FormEvent, useCallback, useEffect, useRef } from 'react';
import { BannerRegion } from '../../banner';
import { eventData } from '../../callbacks';
import { sessionDurationMinutes } from '../../config';
import { describeWidgetError } from '../../error-strings';
import { Logo } from '../../main/main-screen';
import { ScreenHeading } from '../../screen-heading';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { usePasswordStrings } from './password-strings';
import { PASSWORD_TRANSITIONS } from './password-transitions';
import { plainPasswordFeedback } from './zxcvbn-feedback';

export function PasswordResetForm({ token }: { token: string }) {
  const { client, config, state, emitEvent, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSWORD_TRANSITIONS);
  const strings = usePasswordStrings();
  const { password, onChange, strength, accepted } = useNewPassword(null);
  const startedRef = useRef(false);
  const loggingIn = state.screen === 'password-reset.logging-in';
  const busy = state.screen !== 'password-reset';

  const authenticateLink = useCallback(() => {
    // SPEC §7: login-link authenticate from the reset screen uses default session_duration_minutes 30.
    client.magicLinks.authenticate(token, { session_duration_minutes: sessionDurationMinutes(config) }).then(
      () => dispatch({ type: 'login-succeeded' }),
      (error: unknown) => {
        dispatch({
          type: 'login-failed',
          banner: { variant: 'error', error: describeWidgetError(error, strings.genericError, strings) },
        });
        emitError(error);
      },
    );
  }, [client, token, config, dispatch, emitError, strings]);

  useEffect(() => {
    // A login-type token: once, also under StrictMode's double effects (a login link works only once).
    if (!loggingIn || startedRef.current) return;
    startedRef.current = true;
    authenticateLink();
  }, [loggingIn, authenticateLink]);

  const loginWithoutPassword = () => {
    if (busy) return;
    startedRef.current = true;
    dispatch({ type: 'login-link-authenticating' });
    authenticateLink();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !accepted) return;
    dispatch({ type: 'password-reset-submitted' });
    try {
      const data = await client.passwords.resetByEmail({
        token,
        password,
        session_duration_minutes: sessionDurationMinutes(config),
      });
      emitEvent('PASSWORD_RESET_BY_EMAIL', eventData(data));
      dispatch({ type: 'password-authenticated' });
    } catch (error) {
      dispatch({
        type: 'password-reset-failed',
        // A weak_password answer carries zxcvbn's feedback: in plain words, like the strength feedback.
        message: plainPasswordFeedback(
          describeWidgetError(error, strings.genericError, strings).message,
          strings,
        ),
      });
      emitError(error);
    }
  };

  if (loggingIn) {
    return (
      <>
        <Logo />
        <ScreenHeading>{strings.loggingIn}</ScreenHeading>
        <div className="gh-text" aria-busy="true">
          <span className="gh-spinner" aria-hidden="true" />
        </div>
      </>
    );
  }

  return (
    <>
      <Logo />
      <ScreenHeading>{strings.resetPasswordTitle}</ScreenHeading>
      <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <NewPasswordFields
          password={password}
          onChange={onChange}
          strength={strength}
          accepted={accepted}
          busy={busy}
          submitting={state.screen === 'password-reset.submitting'}
        />
      </form>
      <button
        type="button"
        className="gh-button gh-button-secondary"
        onClick={loginWithoutPassword}
        aria-disabled={busy}
      >
        {strings.loginWithoutPassword}
      </button>
      <BannerRegion />
    </>
  );
}

export default PasswordResetForm;
