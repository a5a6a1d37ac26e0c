// The application frame: landmarks (banner, navigation, main, contentinfo), the page for the current path,
// and in development a link to the dev outbox. Everything renders inside <GatehouseProvider> so pages can embed
// widget pieces (the authenticate hook, passkey registration on the account page).
import { GatehouseProvider, type WidgetClient } from '@gatehouse/react';
import { type ReactNode, useRef, useSyncExternalStore } from 'react';
import type { AppClient } from './app-client';
import { LanguagePicker } from './language-picker';
import { currentLocale, subscribeLocale } from './locale';
import { AccountPage } from './pages/account-page';
import { AuthenticatePage } from './pages/authenticate-page';
import { NotFoundPage } from './pages/not-found-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SignInPage } from './pages/sign-in-page';
import { Link, matchRoute, type RouteName, usePathname } from './router';
import type { StepUpClient } from './step-up/step-up-client';
import { StepUpGate } from './step-up/step-up-gate';
import { STRINGS } from './strings';
import { useDevToolsAvailable } from './use-dev-tools';
import { usePageHeadingFocus } from './use-page-heading-focus';

export interface AppProps {
  /** The SDK client (`createClient()` of @gatehouse/sdk); tests pass test-support's fake. */
  client: WidgetClient & AppClient & StepUpClient;
  /** The sign-in widget element, rendered on the sign-in page. */
  widget: ReactNode;
  /** Injected in tests; the browser's fetch otherwise. */
  fetchImpl?: typeof fetch;
}

function Page({
  route,
  client,
  widget,
  fetchImpl,
}: {
  route: RouteName;
  client: AppClient;
  widget: ReactNode;
  fetchImpl?: typeof fetch;
}) {
  switch (route) {
    case 'sign-in':
      return <SignInPage client={client} widget={widget} fetchImpl={fetchImpl} />;
    case 'account':
      return <AccountPage client={client} />;
    case 'authenticate':
      return <AuthenticatePage />;
    case 'reset-password':
      return <ResetPasswordPage client={client} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function App({ client, widget, fetchImpl }: AppProps) {
  const pathname = usePathname();
  const route = matchRoute(pathname);
  const devTools = useDevToolsAvailable(fetchImpl);
  const mainRef = useRef<HTMLElement>(null);
  usePageHeadingFocus(pathname, mainRef);
  // Issue 27 item 2: a new language (the footer's picker) remounts the frame and the page under it, so every
  // component renders from the new table; nothing on these pages is worth keeping across a change of language.
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
  return (
    <GatehouseProvider client={client}>
      <div className="layout" key={locale}>
        <header className="site-header">
          <Link to="/" className="brand">
            {STRINGS.productName}
          </Link>
          <nav aria-label={STRINGS.navigation.label}>
            <ul className="nav-list">
              <li>
                <Link to="/" aria-current={route === 'sign-in' ? 'page' : undefined}>
                  {STRINGS.navigation.signIn}
                </Link>
              </li>
              <li>
                <Link to="/account" aria-current={route === 'account' ? 'page' : undefined}>
                  {STRINGS.navigation.account}
                </Link>
              </li>
            </ul>
          </nav>
        </header>
        <main id="main" className="site-main" ref={mainRef}>
          {/* Issue 13 item 1: a session still waiting for its required second factor is stepped up first. */}
          <StepUpGate client={client} route={route}>
            <Page route={route} client={client} widget={widget} fetchImpl={fetchImpl} />
          </StepUpGate>
        </main>
        <footer className="site-footer">
          <LanguagePicker />
          {devTools ? (
            <nav aria-label={STRINGS.footer.label}>
              {/* A server-rendered page, so a plain link (full navigation), not the in-app router. */}
              <a href="/dev/outbox">{STRINGS.footer.devOutbox}</a>{' '}
              <span className="muted">— {STRINGS.footer.devOutboxHint}</span>
            </nav>
          ) : null}
        </footer>
      </div>
    </GatehouseProvider>
  );
}

/** Shown instead of the app when the page carries no public token (opened without the server). */
export function ConfigurationError() {
  return (
    <main id="main" className="site-main">
      <section className="card" aria-labelledby="page-heading">
        <h1 id="page-heading">{STRINGS.configurationError.heading}</h1>
        <p>{STRINGS.configurationError.missingToken}</p>
      </section>
    </main>
  );
}
