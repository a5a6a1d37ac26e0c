// The sign-in widget on the sign-in page: @gatehouse/react's <Login> inside its provider, with the app's standard
// configuration (widget-config.ts). In development and test the query string may replace parts of it
// (`?products=…&otp_methods=…&shadow=1&mount=plain`, see widget-config.ts) so E2E suites can mount other
// configurations; `mount=plain` goes through mountLogin() instead of the component, exercising both public APIs.
import { GatehouseProvider, Login, type LoginConfig, mountLogin, type WidgetClient } from '@gatehouse/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from './router';
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
    if (overrides === null) return { config, mount: 'react' };
    if (devTools === null) return null;
    // Production ignores the overrides: a link must not be able to reconfigure the sign-in page.
    return devTools ? applyWidgetOverrides(config, overrides) : { config, mount: 'react' };
  }, [options.origin, overrides, devTools]);
}

export function SignInWidget({ client, origin, fetchImpl }: SignInWidgetProps) {
  const setup = useWidgetSetup({ origin, fetchImpl });
  if (setup === null) return null;
  if (setup.mount === 'plain') return <PlainMountedLogin client={client} config={setup.config} />;
  return (
    <GatehouseProvider client={client}>
      <Login config={setup.config} />
    </GatehouseProvider>
  );
}

// Bumped by every mount so a deferred unmount can tell whether a newer mount took over the same element.
let plainMountGeneration = 0;

/** Mounts the widget into the page's #login element the way a plain (non-React) page would. */
function PlainMountedLogin({ client, config }: { client: WidgetClient; config: LoginConfig }) {
  useEffect(() => {
    plainMountGeneration += 1;
    const generation = plainMountGeneration;
    const widget = mountLogin({ client, elementId: '#login', config });
    return () => {
      // React refuses to unmount a root synchronously while it commits another one, so wait a microtask; and
      // skip it when this effect ran again (StrictMode, a new config) and re-rendered into the same element.
      queueMicrotask(() => {
        if (generation === plainMountGeneration) widget.unmount();
      });
    };
  }, [client, config]);
  return null;
}
