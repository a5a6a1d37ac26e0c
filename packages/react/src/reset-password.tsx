// <ResetPassword passwordResetToken>: SPEC §2 PasswordResetForm (methods/passwords/password-reset-form.tsx);
// a login-type token ('stytch_token_type=login', wire-format.md §7.1) shows 'Logging in' and authenticates the
// login link at once. Without the passwords product only a login-type token works (the configuration error).
// The form and PasswordConfirmation load on demand (methods/passwords/screens.ts), like the passkey registration
// screens: a page that mounts only the login widget does not download them.
import { Suspense } from 'react';
import type { Callbacks } from './callbacks';
import { type LoginConfig, resolveProducts } from './config';
import { MainScreen } from './main/main-screen';
import { PasswordResetConfirmationScreen, PasswordResetFormScreen } from './methods/passwords/screens';
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
  /**
   * Issue 27 item 2: the language (BCP 47, e.g. 'fr', 'pt-BR', 'ar'). Without it, or when no shipped locale serves
   * it: the page's <html lang>, then the browser's languages, then English. `strings` overrides still win per key.
   */
  locale?: string;
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
  locale,
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
      locale={locale}
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
    case 'password-confirmation':
      return (
        <Suspense fallback={null}>
          <PasswordResetConfirmationScreen />
        </Suspense>
      );
    default:
      return (
        <Suspense fallback={null}>
          <PasswordResetFormScreen token={token} />
        </Suspense>
      );
  }
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
