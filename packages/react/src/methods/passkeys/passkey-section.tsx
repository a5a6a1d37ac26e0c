// SPEC §2 Main, passkeys: the 'Login with a Passkey' button shows when passkeys are enabled and either the browser
// cannot autofill passkeys or no e-mail-type method exists. Otherwise passkeys come through the e-mail input's
// autofill (`autocomplete="username webauthn"`, config.ts): conditional mediation starts on mount — never a modal
// prompt — and is retried up to 5 times (SPEC §4 "Autofill retries count down from 5", SPEC §9). SPEC §7: the
// widget's authenticate adds conditional_mediation, is_passkey and an abort signal.
//
// Issue 22 finding 1: autofill is something the page offers, not something the person asked for, so it only starts
// when it can succeed and it never complains about a failure the person had no part in. With a session held the
// SDK asks /webauthn/authenticate/start/secondary, which answers 404 for a user without passkeys: a signed-in user
// without a passkey gets no autofill at all (before, six 404s and six "Passkey registration not found" banners).
// And a start that fails for any other reason (the server is down, a rate limit) is neither shown nor retried:
// only a failure after the browser was asked (the person picked a passkey, or the browser refused) counts. A browser
// that offers autofill and then refuses it as not supported gets the button instead.
import { CONSTANTS } from '@gatehouse/protocol';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { eventData } from '../../callbacks';
import { sessionDurationMinutes } from '../../config';
import { loadErrorChunk } from '../../error-chunk';
import { mainLayout } from '../../main/sections';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { assertAuthenticated, isAbort, isNotSupported, passkeySignInMessage } from './passkey-errors';
import { PASSKEY_SIGN_IN_TRANSITIONS } from './passkey-sign-in-transitions';
import { usePasskeyStrings } from './passkey-strings';
import { loadPasskeyConfirmation } from './screens';

type Autofill = 'checking' | 'supported' | 'unsupported';

export function PasskeySection() {
  const { client, config, products } = useWidget();
  const hasEmailInput = useMemo(
    () => mainLayout({ config, products }).tabs.some((tab) => tab.id === 'email'),
    [config, products],
  );
  const [autofill, setAutofill] = useState<Autofill>(hasEmailInput ? 'checking' : 'unsupported');

  useEffect(() => {
    if (!hasEmailInput) {
      setAutofill('unsupported');
      return;
    }
    let active = true;
    client.webauthn.browserSupportsAutofill().then(
      (supported) => {
        if (active) setAutofill(supported ? 'supported' : 'unsupported');
      },
      () => {
        if (active) setAutofill('unsupported');
      },
    );
    return () => {
      active = false;
    };
  }, [client, hasEmailInput]);

  const canSucceed = useAutofillCanSucceed();
  const autofillRefused = useCallback(() => setAutofill('unsupported'), []);
  usePasskeyAutofill(autofill === 'supported' && canSucceed, autofillRefused);
  return autofill === 'unsupported' ? <PasskeyButton /> : null;
}

/**
 * False while a session is held by a user with no passkey: the secondary start would answer 404
 * (webauthn_registration_not_found) and nothing could be offered. Without a session the primary start asks for any
 * discoverable passkey, which the server always answers.
 */
function useAutofillCanSucceed(): boolean {
  const { client } = useWidget();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const offSession = client.session.onChange(onChange);
      const offUser = client.user.onChange(onChange);
      return () => {
        offSession();
        offUser();
      };
    },
    [client],
  );
  const read = () =>
    client.session.getSync() === null || (client.user.getSync()?.webauthn_registrations?.length ?? 0) > 0;
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * `onUnsupported`: the browser said it cannot autofill after all (a conditional request refused with
 * NotSupportedError, as Chromium's headless shell does with no authenticator): the button takes over, and asking
 * again would only start five more ceremonies at the server for nothing.
 */
function usePasskeyAutofill(enabled: boolean, onUnsupported: () => void) {
  const { client, config, emitEvent, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSKEY_SIGN_IN_TRANSITIONS);
  const strings = usePasskeyStrings();
  const latest = useRef({ strings, emitEvent, emitError });
  latest.current = { strings, emitEvent, emitError };
  const duration = sessionDurationMinutes(config);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const run = async () => {
      for (let retriesLeft = CONSTANTS.passkeyAutofillRetries; ; retriesLeft -= 1) {
        let offered = false;
        try {
          const data = await client.webauthn.authenticate({
            is_passkey: true,
            conditional_mediation: true,
            signal: controller.signal,
            session_duration_minutes: duration,
            onCredentialRequest: () => {
              offered = true;
              // A refusal from here on shows a banner, drawn with the error chunk (error-chunk.ts).
              void loadErrorChunk();
            },
          });
          if (controller.signal.aborted) return;
          assertAuthenticated(data);
          loadPasskeyConfirmation().catch(() => {});
          latest.current.emitEvent('PASSKEY_AUTHENTICATE', eventData(data));
          dispatch({ type: 'passkey-authenticated' });
          return;
        } catch (error) {
          if (isAbort(error, controller.signal)) return;
          if (isNotSupported(error)) {
            onUnsupported();
            return;
          }
          // The start failed before anything was offered: the person did nothing, so nothing is shown, and asking
          // again would only get the same answer.
          if (!offered) return;
          const message = passkeySignInMessage(error, latest.current.strings);
          if (message !== null) {
            dispatch({
              type: 'show-banner',
              banner: { variant: 'error', error: { message, helpUrl: null } },
            });
            latest.current.emitError(error);
          }
          if (retriesLeft <= 0) return;
        }
      }
    };
    void run();
    // Leaving Main (or unmounting) ends the pending autofill request.
    return () => controller.abort();
  }, [enabled, client, duration, dispatch, onUnsupported]);
}

function PasskeyButton() {
  const { client, config, state, emitEvent, emitError } = useWidget();
  const dispatch = useScreenDispatch(PASSKEY_SIGN_IN_TRANSITIONS);
  const strings = usePasskeyStrings();
  const controllerRef = useRef<AbortController | null>(null);
  const busy = state.screen === 'main.passkey-authenticating';

  useEffect(() => () => controllerRef.current?.abort(), []);

  const onClick = async () => {
    if (state.screen !== 'main') return;
    dispatch({ type: 'passkey-started' });
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    loadPasskeyConfirmation().catch(() => {});
    // A failure shows a banner, drawn with the error chunk (error-chunk.ts).
    void loadErrorChunk();
    try {
      const data = await client.webauthn.authenticate({
        is_passkey: true,
        conditional_mediation: false,
        signal: controller.signal,
        session_duration_minutes: sessionDurationMinutes(config),
      });
      if (controller.signal.aborted) return;
      assertAuthenticated(data);
      emitEvent('PASSKEY_AUTHENTICATE', eventData(data));
      dispatch({ type: 'passkey-authenticated' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = passkeySignInMessage(error, strings);
      dispatch({
        type: 'passkey-failed',
        banner: message === null ? null : { variant: 'error', error: { message, helpUrl: null } },
      });
      emitError(error);
    }
  };

  return (
    <button type="button" className="gh-button gh-button-secondary" onClick={onClick} aria-disabled={busy}>
      {busy ? <span className="gh-spinner" aria-hidden="true" /> : null}
      {strings.loginWithPasskey}
    </button>
  );
}

export default PasskeySection;
