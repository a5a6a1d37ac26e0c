// The sign-in page (SPEC §2: the application shell at /_app, also served at /). The widget mounts in
// <div id="login">; SPEC §2 "Mounting fails with an error if the target element is not on the page".
import type { ReactNode } from 'react';
import type { AppClient } from '../app-client';
import { Link } from '../router';
import { STRINGS } from '../strings';
import { useSession, useUser } from '../use-client-state';
import { useDocumentTitle } from '../use-document-title';

export interface SignInPageProps {
  client: AppClient;
  /** The sign-in widget (main.tsx supplies @gatehouse/react's <Login>); null shows a placeholder. */
  widget: ReactNode;
}

export function SignInPage({ client, widget }: SignInPageProps) {
  useDocumentTitle(STRINGS.documentTitle.signIn);
  const session = useSession(client);
  const user = useUser(client);
  const email = user?.emails[0]?.email ?? null;

  return (
    <section className="sign-in" aria-labelledby="page-heading">
      <h1 id="page-heading">{STRINGS.signIn.heading}</h1>
      {session ? (
        <p className="notice" data-testid="signed-in-notice">
          {email ? STRINGS.signIn.signedInAs(email) : STRINGS.signIn.signedIn}{' '}
          <Link to="/account">{STRINGS.signIn.goToAccount}</Link>
        </p>
      ) : (
        <p className="muted">{STRINGS.signIn.intro}</p>
      )}
      <div id="login" className="login-container">
        {widget ?? (
          <p className="placeholder" data-testid="widget-placeholder">
            {STRINGS.signIn.widgetPlaceholder}
          </p>
        )}
      </div>
    </section>
  );
}
