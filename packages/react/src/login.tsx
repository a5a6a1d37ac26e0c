// <Login>: the sign-in and sign-up widget (SPEC §2 Main and the screens of the configured methods).
import { type ReactNode, Suspense } from 'react';
import type { Callbacks } from './callbacks';
import { configurationError, type LoginConfig } from './config';
import { MainScreen } from './main/main-screen';
import { CryptoScreen } from './methods/crypto/screens';
import { EmailConfirmationScreen } from './methods/email-magic-links/screens';
import { OtpAuthenticateScreen, OtpConfirmationScreen } from './methods/otp/screens';
import { PasskeyConfirmationScreen } from './methods/passkeys/screens';
import {
  PasswordConfirmationScreen,
  PasswordCreateOrLoginScreen,
  PasswordEmailSentScreen,
} from './methods/passwords/screens';
import { useGatehouse } from './provider';
import type { Strings } from './strings';
import type { StyleConfig } from './theme';
import { WidgetRoot } from './widget-root';
import { screenOf, type WidgetState } from './widget-state';

export interface LoginProps {
  config?: LoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  /** Overrides of the strings table (English default). */
  strings?: Partial<Strings>;
  /**
   * Issue 27 item 2: the language (BCP 47, e.g. 'fr', 'pt-BR', 'ar'). Without it, or when no shipped locale serves
   * it: the page's <html lang>, then the browser's languages, then English. `strings` overrides still win per key.
   */
  locale?: string;
}

function renderLoginScreen(state: WidgetState): ReactNode {
  // SPEC §2 crypto screens (issue 12): one lazy component routes them.
  if (state.screen.startsWith('crypto-'))
    return (
      <Suspense fallback={null}>
        <CryptoScreen />
      </Suspense>
    );
  switch (screenOf(state.screen)) {
    case 'email-confirmation':
      return (
        <Suspense fallback={null}>
          <EmailConfirmationScreen />
        </Suspense>
      );
    case 'otp-authenticate':
      return (
        <Suspense fallback={null}>
          <OtpAuthenticateScreen />
        </Suspense>
      );
    case 'otp-confirmation':
      return (
        <Suspense fallback={null}>
          <OtpConfirmationScreen />
        </Suspense>
      );
    case 'passkey-confirmation':
      return (
        <Suspense fallback={null}>
          <PasskeyConfirmationScreen />
        </Suspense>
      );
    case 'password-create-or-login':
      return (
        <Suspense fallback={null}>
          <PasswordCreateOrLoginScreen />
        </Suspense>
      );
    case 'password-forgot':
    case 'password-breached':
    case 'password-dedupe':
    case 'password-set-new':
      return (
        <Suspense fallback={null}>
          <PasswordEmailSentScreen />
        </Suspense>
      );
    case 'password-confirmation':
      return (
        <Suspense fallback={null}>
          <PasswordConfirmationScreen />
        </Suspense>
      );
    default:
      return <MainScreen />;
  }
}

export function Login({ config, styles, callbacks, strings, locale }: LoginProps) {
  const client = useGatehouse();
  return (
    <WidgetRoot
      client={client}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      locale={locale}
      mode="login"
      initialScreen="main"
      configError={configurationError(config)}
      renderScreen={renderLoginScreen}
      onFirstMount={(widget) => {
        // SPEC §7 event log: render_login_screen with the options (wire-format.md §4.12).
        widget.logEvent('render_login_screen', { options: config ?? {} });
      }}
    />
  );
}
