// <PasskeyRegistration>: SPEC §2 PasskeyRegistrationStart and PasskeyRegistrationSuccess for a signed-in user
// (SPEC §6; without one, SPEC §8 'Error: Cannot use PasskeyRegistration component without active user
// authenticated.'). The screens load on demand (methods/passkeys).
import { Suspense, useEffect, useState } from 'react';
import type { Callbacks } from './callbacks';
import type { LoginConfig } from './config';
import {
  PasskeyRegistrationNoUserScreen,
  PasskeyRegistrationStartScreen,
  PasskeyRegistrationSuccessScreen,
} from './methods/passkeys/screens';
import { useGatehouse, useUser } from './provider';
import type { Strings } from './strings';
import type { StyleConfig } from './theme';
import { useWidget } from './widget-context';
import { WidgetRoot } from './widget-root';
import { screenOf, type WidgetState } from './widget-state';

export interface PasskeyRegistrationProps {
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

export function PasskeyRegistration({
  config,
  styles,
  callbacks,
  strings,
  locale,
}: PasskeyRegistrationProps) {
  const client = useGatehouse();
  const user = useUser();
  const signedIn = user !== null;
  // Issue 22 finding 3: whether a passkey was created in this visit (set when the start screen is left: true after a
  // creation, false after Skip). SPEC §2 fixes 'Passkey successfully created!' for right after a creation; otherwise
  // the list has its own heading. Kept here: the widget mounts each screen afresh.
  const [justCreated, setJustCreated] = useState(false);
  return (
    <WidgetRoot
      client={client}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      locale={locale}
      mode="passkey-registration"
      initialScreen={signedIn ? 'passkey-registration' : 'passkey-registration.no-user'}
      configError={null}
      renderScreen={(state) => (
        <PasskeyRegistrationScreens
          state={state}
          signedIn={signedIn}
          justCreated={justCreated}
          onStartLeft={setJustCreated}
        />
      )}
    />
  );
}

function PasskeyRegistrationScreens({
  state,
  signedIn,
  justCreated,
  onStartLeft,
}: {
  state: WidgetState;
  signedIn: boolean;
  justCreated: boolean;
  onStartLeft: (created: boolean) => void;
}) {
  const { dispatch } = useWidget();
  useEffect(() => {
    dispatch({ type: 'passkey-user-changed', signedIn });
  }, [signedIn, dispatch]);

  if (state.screen === 'passkey-registration.no-user') return <NoUser />;
  return (
    <Suspense fallback={null}>
      {screenOf(state.screen) === 'passkey-registration-success' ? (
        <PasskeyRegistrationSuccessScreen justCreated={justCreated} />
      ) : (
        <PasskeyRegistrationStartScreen onLeave={onStartLeft} />
      )}
    </Suspense>
  );
}

function NoUser() {
  // SPEC §8: the passkey screen without a user; its texts load with the passkey registration screens.
  return (
    <Suspense fallback={null}>
      <PasskeyRegistrationNoUserScreen />
    </Suspense>
  );
}
