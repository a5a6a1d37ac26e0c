// The login-link callback page (issue 3 item 4): the link in the e-mail is
// `{redirect}?stytch_token_type=magic_links&token=…` (wire-format.md §9); the widget's useAuthenticateFromUrl
// redeems it with the app's 30-minute session (SPEC §9). While it runs the page says 'Logging in'; on success
// ('Success!' / 'You have successfully logged in.', SPEC §2 "Login success") it goes to /account, replacing this
// history entry so Back does not replay a used link. An expired or used link shows why (the widget's describeError:
// the server's error_message, or the strings table's text where that is written for developers, issue 22 finding
// 6) and the way back to the sign-in page.
import { useAuthenticateFromUrl } from '@gatehouse/react';
import { useEffect } from 'react';
import { Link, navigate, useSearch } from '../router';
import { STRINGS, WIDGET_STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { SESSION_CONFIG } from '../widget-config';

export function AuthenticatePage() {
  useDocumentTitle(STRINGS.documentTitle.authenticate);
  const search = useSearch();
  const state = useAuthenticateFromUrl({ config: SESSION_CONFIG, search, strings: WIDGET_STRINGS });

  useEffect(() => {
    if (state.status === 'success') navigate('/account', { replace: true });
  }, [state.status]);

  if (state.status === 'error') {
    // Issue 11: a social sign-in failure (an oauth token, or the provider's error appended to the redirect).
    const social = state.tokenType === 'oauth' || state.detail !== undefined;
    return (
      <section className="card" aria-labelledby="page-heading" data-state="error">
        <h1 id="page-heading">
          {social ? STRINGS.authenticate.oauthFailedHeading : STRINGS.authenticate.failedHeading}
        </h1>
        <p role="alert" className="error" data-testid="authenticate-error">
          {state.error}
        </p>
        {state.detail !== undefined ? (
          <p className="muted" data-testid="authenticate-error-detail">
            {STRINGS.authenticate.providerDetail} {state.detail}
          </p>
        ) : null}
        <p className="muted">
          {social ? STRINGS.authenticate.oauthFailedHint : STRINGS.authenticate.failedHint}
        </p>
        <p>
          <Link to="/" className="button">
            {STRINGS.authenticate.backToSignIn}
          </Link>
        </p>
      </section>
    );
  }

  if (state.status === 'success') {
    return (
      <section className="card" aria-labelledby="page-heading" data-state="success">
        <h1 id="page-heading">{WIDGET_STRINGS.loginSuccessTitle}</h1>
        <p role="status">{WIDGET_STRINGS.loginSuccessText}</p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="page-heading" aria-busy="true" data-state="authenticating">
      <h1 id="page-heading">{STRINGS.authenticate.heading}</h1>
      <p role="status" className="logging-in">
        <span className="spinner" aria-hidden="true" />
        {WIDGET_STRINGS.loggingIn}
      </p>
    </section>
  );
}
