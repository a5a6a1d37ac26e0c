// Issue 26 item 2: the login link's landing, /console/authenticate — the widget's useAuthenticateFromUrl redeems
// the token (as apps/web's /authenticate does), then on to the overview, replacing this history entry so Back does
// not replay a used link. A used or expired link says why and leads back to the sign-in.
import { useAuthenticateFromUrl } from '@gatehouse/react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { SESSION_CONFIG } from '../widget-config';

export function AuthenticateScreen() {
  useDocumentTitle(STRINGS.authenticate.title);
  const search = useLocation({ select: (location) => location.searchStr });
  const state = useAuthenticateFromUrl({ config: SESSION_CONFIG, search });
  const navigate = useNavigate();

  useEffect(() => {
    if (state.status === 'success') void navigate({ to: '/', replace: true });
  }, [state.status, navigate]);

  return (
    <main className="centered" id="main" data-screen="authenticate">
      {state.status === 'error' ? (
        <section className="card" aria-labelledby="page-heading" data-state="error">
          <h1 id="page-heading">{STRINGS.authenticate.failedHeading}</h1>
          <p role="alert" className="error">
            {state.error}
          </p>
          <p>
            <Link to="/" className="button button-primary">
              {STRINGS.authenticate.backToSignIn}
            </Link>
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="page-heading" aria-busy="true" data-state="authenticating">
          <h1 id="page-heading">{STRINGS.authenticate.heading}</h1>
          <p role="status" className="state">
            <span className="spinner" aria-hidden="true" />
            {STRINGS.authenticate.working}
          </p>
        </section>
      )}
    </main>
  );
}
