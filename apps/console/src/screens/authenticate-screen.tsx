// Issue 26 item 2: the login link's landing, /console/authenticate — the widget's useAuthenticateFromUrl redeems
// the token (as apps/web's /authenticate does), then on to the overview, replacing this history entry so Back does
// not replay a used link. A used or expired link says why and leads back to the sign-in.
import { useAuthenticateFromUrl } from '@gatehouse/react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignInDocumentTitle, useSignInText } from '../sign-in-strings';
import { SESSION_CONFIG } from '../widget-config';

export function AuthenticateScreen() {
  // Issue 27 item 1: the landing speaks the sign-in's language (sign-in-strings.ts), with its own lang and dir.
  const text = useSignInText();
  const { strings } = text;
  useSignInDocumentTitle(text, strings.authenticate.title);
  const search = useLocation({ select: (location) => location.searchStr });
  const state = useAuthenticateFromUrl({ config: SESSION_CONFIG, search });
  const navigate = useNavigate();

  useEffect(() => {
    if (state.status === 'success') void navigate({ to: '/', replace: true });
  }, [state.status, navigate]);

  return (
    <main className="centered" id="main" data-screen="authenticate" lang={text.locale} dir={text.dir}>
      {state.status === 'error' ? (
        <section className="card" aria-labelledby="page-heading" data-state="error">
          <h1 id="page-heading">{strings.authenticate.failedHeading}</h1>
          <p role="alert" className="error">
            {state.error}
          </p>
          <p>
            <Link to="/" className="button button-primary">
              {strings.authenticate.backToSignIn}
            </Link>
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="page-heading" aria-busy="true" data-state="authenticating">
          <h1 id="page-heading">{strings.authenticate.heading}</h1>
          <p role="status" className="state">
            <span className="spinner" aria-hidden="true" />
            {strings.authenticate.working}
          </p>
        </section>
      )}
    </main>
  );
}
