// The password-reset page (issue 10 item 4; SPEC §1 reset-password mode, §2 PasswordResetForm). Password e-mails
// land here (widget-config.ts passwordOptions): `?stytch_token_type=reset_password&token=…` shows the widget's
// reset form, `stytch_token_type=login` its 'Logging in' with a spinner (the widget reads the type from the query
// itself and authenticates the login link at once). The widget shows its own confirmation on success; the page
// then offers the way to the account. A link without a token gets a message and the way back, no widget.
// Issue 22 finding 8: with the widget, its screen title ('Reset your password', then 'Password changed') is the one
// visible heading, as on the sign-in page; the page's h1 stays for assistive technology, visually hidden.
import { ResetPassword } from '@gatehouse/react';
import { useMemo } from 'react';
import type { AppClient } from '../app-client';
import { Link, useSearch } from '../router';
import { LOCALE, STRINGS } from '../strings';
import { useSession } from '../use-client-state';
import { useDocumentTitle } from '../use-document-title';
import { resetPasswordConfig } from '../widget-config';

export interface ResetPasswordPageProps {
  client: AppClient;
}

export function ResetPasswordPage({ client }: ResetPasswordPageProps) {
  useDocumentTitle(STRINGS.documentTitle.resetPassword);
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const session = useSession(client);
  const config = useMemo(() => resetPasswordConfig({ origin: window.location.origin }), []);

  if (!token) {
    return (
      <section className="card" aria-labelledby="page-heading" data-state="error">
        <h1 id="page-heading">{STRINGS.resetPassword.heading}</h1>
        <p role="alert" className="error">
          {STRINGS.resetPassword.missingToken}
        </p>
        <p className="muted">{STRINGS.resetPassword.missingTokenHint}</p>
        <p>
          <Link to="/" className="button">
            {STRINGS.resetPassword.backToSignIn}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="sign-in" aria-labelledby="page-heading">
      <h1 id="page-heading" className="visually-hidden">
        {STRINGS.resetPassword.heading}
      </h1>
      <div id="reset-password" className="login-container">
        {/* Keyed by the token: a new link opened in the same tab starts a fresh widget. */}
        {/* Issue 27 item 2: the widget speaks the app's language. */}
        <ResetPassword key={token} passwordResetToken={token} config={config} locale={LOCALE} />
      </div>
      {session ? (
        <p className="notice" data-testid="reset-signed-in">
          <Link to="/account">{STRINGS.resetPassword.continueToAccount}</Link>
        </p>
      ) : (
        <p>
          <Link to="/">{STRINGS.resetPassword.backToSignIn}</Link>
        </p>
      )}
    </section>
  );
}
