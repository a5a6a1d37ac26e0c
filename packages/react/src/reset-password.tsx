// <ResetPassword passwordResetToken>: SPEC §2 PasswordResetForm. The password form arrives with the passwords
// issue (ROADMAP.md); already here: a login-type token ('stytch_token_type=login', wire-format.md §7.1) shows
// 'Logging in' and authenticates the login link at once, and the configuration check.
import { useEffect, useRef } from 'react';
import { BannerRegion } from './banner';
import type { Callbacks } from './callbacks';
import { type LoginConfig, resolveProducts, sessionDurationMinutes } from './config';
import { describeError } from './errors';
import { Logo, MainScreen } from './main/main-screen';
import { useGatehouse } from './provider';
import { ScreenHeading } from './screen-heading';
import type { Strings } from './strings';
import type { StyleConfig } from './theme';
import { useWidget } from './widget-context';
import { WidgetRoot } from './widget-root';
import { screenOf, type WidgetState } from './widget-state';

export interface ResetPasswordProps {
  passwordResetToken: string;
  config?: LoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  strings?: Partial<Strings>;
}

function tokenTypeFromLocation(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('stytch_token_type');
}

export function ResetPassword({
  passwordResetToken,
  config,
  styles,
  callbacks,
  strings,
}: ResetPasswordProps) {
  const client = useGatehouse();
  const loginToken = tokenTypeFromLocation() === 'login';
  const passwordsConfigured = resolveProducts(config).includes('passwords');
  return (
    <WidgetRoot
      client={client}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      mode="reset-password"
      initialScreen={loginToken ? 'password-reset.logging-in' : 'password-reset'}
      configError={loginToken || passwordsConfigured ? null : 'reset-password-without-passwords'}
      renderScreen={(state) => renderResetScreen(state, passwordResetToken)}
    />
  );
}

function renderResetScreen(state: WidgetState, token: string) {
  switch (screenOf(state.screen)) {
    case 'config-error':
      return <MainScreen />;
    case 'login-success':
      return <LoginSuccess />;
    default:
      return <PasswordResetScreen token={token} />;
  }
}

function PasswordResetScreen({ token }: { token: string }) {
  const { client, config, strings, state, dispatch, emitError } = useWidget();
  const startedRef = useRef(false);
  const loggingIn = state.screen === 'password-reset.logging-in';

  useEffect(() => {
    if (!loggingIn || startedRef.current) return;
    // Once per token, also under StrictMode's double effects: a login link works only once.
    startedRef.current = true;
    // SPEC §7: login-link authenticate from the reset screen uses default session_duration_minutes 30.
    client.magicLinks.authenticate(token, { session_duration_minutes: sessionDurationMinutes(config) }).then(
      () => dispatch({ type: 'login-succeeded' }),
      (error: unknown) => {
        // SPEC §8: login-link authenticate failures on the reset screen show an error under the button.
        dispatch({
          type: 'login-failed',
          banner: { variant: 'error', error: describeError(error, strings.genericError) },
        });
        emitError(error);
      },
    );
  }, [loggingIn, client, token, config, dispatch, emitError, strings.genericError]);

  return (
    <>
      <Logo />
      <ScreenHeading>{loggingIn ? strings.loggingIn : strings.resetPasswordTitle}</ScreenHeading>
      {loggingIn ? (
        <div className="gh-text" aria-busy="true">
          <span className="gh-spinner" aria-hidden="true" />
        </div>
      ) : state.banner === null ? (
        <p className="gh-text">{strings.resetPasswordUnavailable}</p>
      ) : null}
      <BannerRegion />
    </>
  );
}

/** SPEC §2 Login success: 'Success!' / 'You have successfully logged in.' */
export function LoginSuccess() {
  const { strings } = useWidget();
  return (
    <>
      <ScreenHeading>{strings.loginSuccessTitle}</ScreenHeading>
      <p className="gh-text">{strings.loginSuccessText}</p>
    </>
  );
}
