// Entry point: read the public token the server injected, create the SDK client against this origin
// (the server serves both the app and /sdk/v1), and render the app.
import { createClient } from '@gatehouse/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ConfigurationError } from './app';
import { readPublicToken } from './app-client';
import { createLazyCaptcha } from './captcha';
import {
  activateLocale,
  applyDocumentLocale,
  browserLocaleSources,
  chooseLocale,
  loadEnglishWidgetStrings,
} from './locale';
import { SignInWidget } from './sign-in-widget';
import { STRINGS } from './strings';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

// Issue 27 item 2: the language is settled before the first render, so a French visitor never sees English first.
// English needs no wait (its table is in this chunk; the widget's error texts follow after the first render); another
// locale waits for its own small chunk. A promise, not a top-level await: with one, the bundler split the widget's
// modules out of this chunk into eight more preloaded files (+8.3 kB on the first load, measured;
// docs/localization-web.md).
const locale = chooseLocale(browserLocaleSources());
if (locale === 'en') {
  applyDocumentLocale(document, locale);
  start();
  void loadEnglishWidgetStrings();
} else {
  void activateLocale(locale).then(start);
}

function start(): void {
  const publicToken = readPublicToken(document);
  if (publicToken === null) {
    document.title = STRINGS.documentTitle.configurationError;
    root.render(<ConfigurationError />);
    return;
  }
  // Issue 9 item 3: the SDK may be asked for a proof-of-work captcha; its solver loads only when bootstrap says so.
  const captcha = createLazyCaptcha();
  const client = createClient(publicToken, { baseUrl: window.location.origin, captchaSolver: captcha.solve });
  void captcha.preloadWhenEnabled(client.bootstrap.get());
  root.render(
    <StrictMode>
      <App client={client} widget={<SignInWidget client={client} origin={window.location.origin} />} />
    </StrictMode>,
  );
}
