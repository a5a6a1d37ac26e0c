// Issue 26 item 2: "operators sign in through the widget" — the operators project's <Login>, e-mail login links
// landing on /console/authenticate, and passkeys.
import { Login } from '@gatehouse/react';
import { useMemo } from 'react';
import { useServices } from '../console-context';
import { STRINGS } from '../strings';
import { ThemeToggle, useTheme } from '../theme';
import { useDocumentTitle } from '../use-document-title';
import { consoleLoginConfig } from '../widget-config';

export function SignInScreen() {
  useDocumentTitle(STRINGS.signIn.title);
  const { origin } = useServices();
  const { widgetScheme } = useTheme();
  const config = useMemo(
    () => consoleLoginConfig({ origin, colorScheme: widgetScheme }),
    [origin, widgetScheme],
  );
  return (
    <main className="centered" id="main" data-screen="sign-in">
      <div className="sign-in">
        <p className="product-name">{STRINGS.productName}</p>
        <h1 id="page-heading">{STRINGS.signIn.heading}</h1>
        <p className="muted">{STRINGS.signIn.intro}</p>
        <Login config={config} />
        <ThemeToggle />
      </div>
    </main>
  );
}
