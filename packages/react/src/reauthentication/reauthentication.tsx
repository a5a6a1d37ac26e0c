// <Reauthentication>: the "Confirm it's you" step (issue 20 item 3) for pages outside the widget, such as the web
// app's account page: rendered where the refused change was asked for, in the widget's frame (theme, strings table,
// `config.enableShadowDOM`), for the request of a `useReauthentication()` guard. The page's `config` says which
// methods the project enables (`products`, `otpOptions.methods`; reauthentication-methods.ts) and the session length
// of the confirming sign-in (`sessionOptions`). Needs <GatehouseProvider>, like the other widget components.
import { Suspense } from 'react';
import type { Callbacks } from '../callbacks';
import type { LoginConfig } from '../config';
import { useGatehouse } from '../provider';
import type { Strings } from '../strings';
import type { StyleConfig } from '../theme';
import { WidgetRoot } from '../widget-root';
import { ReauthenticationStepScreen } from './screens';
import type { ReauthenticationRequest } from './use-reauthentication';

export interface ReauthenticationProps {
  /** The open confirmation (`useReauthentication().request`). */
  request: ReauthenticationRequest;
  config?: LoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  strings?: Partial<Strings>;
  /**
   * Issue 27 item 2: the language (BCP 47, e.g. 'fr', 'pt-BR', 'ar'). Without it, or when no shipped locale serves
   * it: the page's <html lang>, then the browser's languages, then English. `strings` overrides still win per key.
   */
  locale?: string;
}

export function Reauthentication({
  request,
  config,
  styles,
  callbacks,
  strings,
  locale,
}: ReauthenticationProps) {
  const client = useGatehouse();
  return (
    <WidgetRoot
      client={client}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      locale={locale}
      mode="reauthentication"
      initialScreen="reauthentication"
      configError={null}
      renderScreen={() => (
        <Suspense fallback={null}>
          <ReauthenticationStepScreen request={request} />
        </Suspense>
      )}
    />
  );
}
