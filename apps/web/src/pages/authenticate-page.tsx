// PLACEHOLDER: the login-link callback page. Another engineer replaces this file when login links land
// (ROADMAP issue 2/3); keep the export name and props so app.tsx needs no change.
import type { AppClient } from '../app-client';
import { Link } from '../router';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

export interface AuthenticatePageProps {
  client: AppClient;
}

export function AuthenticatePage(_props: AuthenticatePageProps) {
  useDocumentTitle(STRINGS.documentTitle.authenticate);
  return (
    <section className="card" aria-labelledby="page-heading">
      <h1 id="page-heading">{STRINGS.authenticate.heading}</h1>
      <p>{STRINGS.authenticate.pending}</p>
      <p>
        <Link to="/">{STRINGS.authenticate.backToSignIn}</Link>
      </p>
    </section>
  );
}
