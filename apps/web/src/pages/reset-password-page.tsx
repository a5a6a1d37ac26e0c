// PLACEHOLDER: the password-reset page (SPEC §1 reset-password mode; ROADMAP issue 5 replaces it).
import type { AppClient } from '../app-client';
import { Link } from '../router';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

export interface ResetPasswordPageProps {
  client: AppClient;
}

export function ResetPasswordPage(_props: ResetPasswordPageProps) {
  useDocumentTitle(STRINGS.documentTitle.resetPassword);
  return (
    <section className="card" aria-labelledby="page-heading">
      <h1 id="page-heading">{STRINGS.resetPassword.heading}</h1>
      <p>{STRINGS.resetPassword.pending}</p>
      <p>
        <Link to="/">{STRINGS.resetPassword.backToSignIn}</Link>
      </p>
    </section>
  );
}
