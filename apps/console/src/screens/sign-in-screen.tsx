// Issue 26 item 2: "operators sign in through the widget" — the operators project's <Login>, e-mail login links
// landing on /console/authenticate, and passkeys.
// Issue 27 item 1: in the operator's language (sign-in-strings.ts), which the widget gets too; the screen carries
// its own lang and dir, the console beyond it stays English.
import { Login } from '@gatehouse/react';
import { useMemo } from 'react';
import { useServices } from '../console-context';
import { useSignInDocumentTitle, useSignInText } from '../sign-in-strings';
import { ThemeToggle, useTheme } from '../theme';
import { consoleLoginConfig } from '../widget-config';

/**
 * The widget's `locale` prop (BCP 47) comes with the widget's own localization (packages/react); this typed view
 * passes it whether or not this checkout's @gatehouse/react declares it yet.
 */

export function SignInScreen() {
  const text = useSignInText();
  const { strings } = text;
  useSignInDocumentTitle(text, strings.signIn.title);
  const { origin } = useServices();
  const { widgetScheme } = useTheme();
  const config = useMemo(
    () => consoleLoginConfig({ origin, colorScheme: widgetScheme }),
    [origin, widgetScheme],
  );
  return (
    <main className="centered" id="main" data-screen="sign-in" lang={text.locale} dir={text.dir}>
      <div className="sign-in">
        <p className="product-name">{strings.productName}</p>
        <h1 id="page-heading">{strings.signIn.heading}</h1>
        <p className="muted">{strings.signIn.intro}</p>
        <Login config={config} locale={text.locale} />
        <ThemeToggle labels={strings.theme} />
      </div>
    </main>
  );
}
