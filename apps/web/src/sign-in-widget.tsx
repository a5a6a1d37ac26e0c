// The sign-in widget on the sign-in page: @gatehouse/react's <Login> inside its provider, with the app's standard
// configuration (widget-config.ts). In development and test the query string may replace parts of it
// (`?products=…&otp_methods=…&shadow=1&mount=plain`, see widget-config.ts) so E2E suites can mount other
// configurations; `mount=plain` goes through mountLogin() instead of the component, exercising both public APIs.
//
// Issue 22 finding 8: a sign-in made here (passcode, password, passkey, wallet) goes on to /account, as a login
// link does (pages/authenticate-page.tsx) and as Clerk's <SignIn/> and Auth0's Universal Login go on to the app
// after a sign-in: the widget's confirmation screen ("Success") was a dead end on the sign-in page. The history
// entry is replaced, so Back does not return to a sign-in form that would only send a signed-in visitor on again.
// A login link sent from here comes back through /authenticate; OAuth leaves the page for the provider.
import {
  type Callbacks,
  GatehouseProvider,
  Login,
  type LoginConfig,
  mountLogin,
  type WidgetClient,
  type WidgetEventType,
} from '@gatehouse/react';
import { useEffect, useMemo } from 'react';
import { navigate, useSearch } from './router';
import { LOCALE } from './strings';
import { useDevTools } from './use-dev-tools';
import {
  applyWidgetOverrides,
  parseWidgetOverrides,
  standardLoginConfig,
  type WidgetSetup,
} from './widget-config';

export interface SignInWidgetProps {
  client: WidgetClient;
  /** The app's origin; login links land on `${origin}/authenticate`. */
  origin: string;
  /** Injected in tests; the browser's fetch otherwise (for GET /dev/project). */
  fetchImpl?: typeof fetch;
}

/** Which configuration to mount: null while the dev-tools answer that decides on the overrides is pending. */
export function useWidgetSetup(options: { origin: string; fetchImpl?: typeof fetch }): WidgetSetup | null {
  const search = useSearch();
  const overrides = useMemo(() => parseWidgetOverrides(search), [search]);
  // Only ask the server when the query carries overrides: the standard page renders at once.
  const devTools = useDevTools(options.fetchImpl, overrides !== null);
  return useMemo(() => {
    const config = standardLoginConfig({ origin: options.origin });
    const standard: WidgetSetup = { config, mount: 'react', landOnAccount: true };
    if (overrides === null) return standard;
    if (devTools === null) return null;
    // Production ignores the overrides: a link must not be able to reconfigure the sign-in page.
    return devTools ? applyWidgetOverrides(config, overrides) : standard;
  }, [options.origin, overrides, devTools]);
}

/** The widget events (wire-format.md §7.4) after which the visitor holds a session: the sign-ins. */
export const SIGNED_IN_EVENTS: ReadonlySet<WidgetEventType> = new Set<WidgetEventType>([
  'OTP_AUTHENTICATE',
  'PASSWORD_CREATE',
  'PASSWORD_AUTHENTICATE',
  'PASSKEY_AUTHENTICATE',
  'CRYPTO_WALLET_AUTHENTICATE',
]);

/** Issue 22 finding 8: on to the account page after a sign-in (see the top of this file). */
const LAND_ON_ACCOUNT: Callbacks = {
  onEvent: (event) => {
    if (SIGNED_IN_EVENTS.has(event.type)) navigate('/account', { replace: true });
  },
};

export function SignInWidget({ client, origin, fetchImpl }: SignInWidgetProps) {
  const setup = useWidgetSetup({ origin, fetchImpl });
  if (setup === null) return null;
  const callbacks = setup.landOnAccount ? LAND_ON_ACCOUNT : undefined;
  if (setup.mount === 'plain')
    return <PlainMountedLogin client={client} config={setup.config} callbacks={callbacks} />;
  return (
    <GatehouseProvider client={client}>
      {/* Issue 27 item 2: the widget speaks the app's language. */}
      <Login config={setup.config} callbacks={callbacks} locale={LOCALE} />
    </GatehouseProvider>
  );
}

// Bumped by every mount so a deferred unmount can tell whether a newer mount took over the same element.
let plainMountGeneration = 0;

/** Mounts the widget into the page's #login element the way a plain (non-React) page would. */
function PlainMountedLogin({
  client,
  config,
  callbacks,
}: {
  client: WidgetClient;
  config: LoginConfig;
  callbacks: Callbacks | undefined;
}) {
  useEffect(() => {
    plainMountGeneration += 1;
    const generation = plainMountGeneration;
    const widget = mountLogin({ client, elementId: '#login', config, callbacks, locale: LOCALE });
    return () => {
      // React refuses to unmount a root synchronously while it commits another one, so wait a microtask; and
      // skip it when this effect ran again (StrictMode, a new config) and re-rendered into the same element.
      queueMicrotask(() => {
        if (generation === plainMountGeneration) widget.unmount();
      });
    };
  }, [client, config, callbacks]);
  return null;
}
