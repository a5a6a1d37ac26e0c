// <PasskeyRegistration>: SPEC §2 PasskeyRegistrationStart. Creating passkeys arrives with the passkeys issue
// (ROADMAP.md); already here: the signed-in check of SPEC §6 / §8 and 'Skip' (wire-format.md §7.4 PASSKEY_SKIP).
import { useEffect } from 'react';
import type { Callbacks } from './callbacks';
import type { LoginConfig } from './config';
import { Logo } from './main/main-screen';
import { useGatehouse, useUser } from './provider';
import { ScreenHeading } from './screen-heading';
import type { Strings } from './strings';
import type { StyleConfig } from './theme';
import { useWidget } from './widget-context';
import { WidgetRoot } from './widget-root';

export interface PasskeyRegistrationProps {
  config?: LoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  strings?: Partial<Strings>;
}

export function PasskeyRegistration({ config, styles, callbacks, strings }: PasskeyRegistrationProps) {
  const client = useGatehouse();
  const user = useUser();
  return (
    <WidgetRoot
      client={client}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      mode="passkey-registration"
      initialScreen={user !== null ? 'passkey-registration' : 'passkey-registration.no-user'}
      configError={null}
      renderScreen={() => <PasskeyRegistrationStart signedIn={user !== null} />}
    />
  );
}

function PasskeyRegistrationStart({ signedIn }: { signedIn: boolean }) {
  const { strings, state, dispatch, emitEvent } = useWidget();
  useEffect(() => {
    dispatch({ type: 'passkey-user-changed', signedIn });
  }, [signedIn, dispatch]);

  if (state.screen === 'passkey-registration.no-user') {
    // SPEC §8: the passkey screen without a user.
    return (
      <>
        <ScreenHeading>{strings.passkeyRegistrationTitle}</ScreenHeading>
        <p className="gh-config-error" role="alert">
          {strings.passkeyRegistrationWithoutUser}
        </p>
      </>
    );
  }
  return (
    <>
      <Logo />
      <ScreenHeading>{strings.passkeyRegistrationTitle}</ScreenHeading>
      <p className="gh-text">{strings.passkeyRegistrationUnavailable}</p>
      <button
        type="button"
        className="gh-button gh-button-secondary"
        onClick={() => emitEvent('PASSKEY_SKIP', {})}
      >
        {strings.skip}
      </button>
    </>
  );
}
