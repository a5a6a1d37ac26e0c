// The sign-in page (SPEC §2: the application shell at /_app, also served at /). The widget mounts in
// <div id="login">; SPEC §2 "Mounting fails with an error if the target element is not on the page".
//
// Issue 22 finding 1: a visitor who arrives here already signed in is taken to /account (the history entry is
// replaced, so Back does not return to a page that would only send them on again), as Clerk's <SignIn/> and
// Auth0's Universal Login do for a live session: offering the whole sign-in form to someone signed in invites a
// second sign-in nobody asked for. Only an arrival counts: a session that appears while the page is open was made by
// this page's widget, whose own success screen follows. In development the widget overrides of the query string
// (`?products=…`, widget-config.ts) make this page a bench where a developer mounts a given configuration, also
// signed in (the widget's secondary sign-ins add a factor, issue 20): there the widget stays, under a notice.
//
// Issue 22 finding 8: one visible heading. The page's h1, an intro line and the widget's header said nearly the same
// thing three times ("Sign in to Gatehouse", "Sign up or log in to continue.", "Sign up or log in"). The widget's
// header is SPEC §2's and changes with each screen ("Enter passcode", "Log In"…), so it is the one people see, as on
// Clerk's and Auth0's sign-in pages, where the card's title is the page's only heading; the site header already
// names the product. The h1 stays for assistive technology (page title, heading navigation: h1 page, h2 screen),
// visually hidden; the intro line is gone.
import { type ReactNode, useLayoutEffect, useState } from 'react';
import type { AppClient } from '../app-client';
import { Link, navigate, useSearch } from '../router';
import { STRINGS } from '../strings';
import { useSession, useUser } from '../use-client-state';
import { useDevTools } from '../use-dev-tools';
import { useDocumentTitle } from '../use-document-title';
import { parseWidgetOverrides } from '../widget-config';

export interface SignInPageProps {
  client: AppClient;
  /** The sign-in widget (main.tsx supplies @gatehouse/react's <Login>); null shows a placeholder. */
  widget: ReactNode;
  /** Injected in tests; the browser's fetch otherwise (GET /dev/project decides whether overrides apply). */
  fetchImpl?: typeof fetch;
}

/** 'leave' for a visitor who arrived signed in, 'stay' otherwise; null while the dev-tools answer is pending. */
function useArrivalDecision(client: AppClient, fetchImpl?: typeof fetch): 'leave' | 'stay' | null {
  const [arrivedSignedIn] = useState(() => client.session.getSync() !== null);
  const bench = parseWidgetOverrides(useSearch()) !== null;
  const devTools = useDevTools(fetchImpl, arrivedSignedIn && bench);
  if (!arrivedSignedIn) return 'stay';
  if (!bench) return 'leave';
  if (devTools === null) return null;
  return devTools ? 'stay' : 'leave';
}

export function SignInPage({ client, widget, fetchImpl }: SignInPageProps) {
  useDocumentTitle(STRINGS.documentTitle.signIn);
  const session = useSession(client);
  const user = useUser(client);
  const email = user?.emails[0]?.email ?? null;
  const decision = useArrivalDecision(client, fetchImpl);

  // Before paint: the sign-in form never flashes up for a signed-in visitor.
  useLayoutEffect(() => {
    if (decision === 'leave') navigate('/account', { replace: true });
  }, [decision]);
  // Nothing mounts meanwhile, the widget included (its passkey autofill would start a sign-in).
  if (decision !== 'stay') return null;

  return (
    <section className="sign-in" aria-labelledby="page-heading">
      <h1 id="page-heading" className="visually-hidden">
        {STRINGS.signIn.heading}
      </h1>
      {session ? (
        <p className="notice" data-testid="signed-in-notice">
          {email ? STRINGS.signIn.signedInAs(email) : STRINGS.signIn.signedIn}{' '}
          <Link to="/account">{STRINGS.signIn.goToAccount}</Link>
        </p>
      ) : null}
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
