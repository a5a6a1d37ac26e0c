// SPEC §2 / §4 / §8 and §9 (issue 11 item 2): Google One Tap for a google provider marked one_tap.
//   1. POST onetap/start → the Google client id, a CSRF token, the callback id (and maybe a nonce / script URL);
//   2. load Google's GSI script (./google-identity), initialize it, prompt — embedded in the widget
//      (prompt_parent_id; 47px high by default, re-measured on resize debounced 100 ms) or floating per `position`,
//      with a spinner while loading;
//   3. Google hands over a credential (an ID token) → onetap/submit, and the SDK navigates to the redirect_url.
// Any failure (start refused, empty client id, script not loading, prompt not displayed or skipped, submit refused)
// shows the plain Google button instead. The SPEC §8 texts appear only for test-mode public tokens; live pages
// log to the console.
import { useEffect, useId, useRef, useState } from 'react';
import type { OAuthProviderOptions } from '../../config';
import { useWidget } from '../../widget-context';
import { GOOGLE_SCRIPT_URL, type GoogleAccountsId, loadGoogleIdentity } from './google-identity';
import { oneTapPosition } from './oauth-options';
import { useOAuthStrings } from './oauth-strings';
import {
  errorTypeForGoogleReason,
  isTestToken,
  ONE_TAP_ERROR_STRINGS,
  oneTapErrorType,
} from './one-tap-errors';
import { ProviderButton } from './provider-button';

/** SPEC §9: "One Tap embedded height 47px default; resize handler debounced 100 ms". */
export const ONE_TAP_EMBEDDED_HEIGHT_PX = 47;
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;

type Phase = { kind: 'loading' } | { kind: 'prompted' } | { kind: 'failed'; errorType: string | null };

export function OneTap({ entry }: { entry: OAuthProviderOptions }) {
  const { client, config } = useWidget();
  const strings = useOAuthStrings();
  const position = oneTapPosition(entry.position);
  // useId gives ':r1:'-style ids; Google looks the parent up with document.getElementById, which accepts them.
  const containerId = `gh-one-tap-${useId()}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [height, setHeight] = useState(ONE_TAP_EMBEDDED_HEIGHT_PX);
  const latest = useRef({ config, strings });
  latest.current = { config, strings };

  useEffect(() => {
    let active = true;
    let google: GoogleAccountsId | null = null;
    const fail = (error: unknown, errorType: string | null) => {
      if (!active) return;
      active = false;
      google?.cancel?.();
      if (errorType === null || !isTestToken(client.publicToken)) {
        console.error(
          'Gatehouse: Google One Tap failed, showing the Google button instead.',
          errorType ?? '',
          error,
        );
      }
      setPhase({ kind: 'failed', errorType });
    };

    const run = async () => {
      const started = await client.oauth.googleOneTap.start();
      if (!active) return;
      // wire-format.md §8: an empty client id means no Google OAuth client is configured.
      if (!started.google_client_id) {
        fail(new Error('The server answered no Google client id.'), 'oauth_config_not_found');
        return;
      }
      google = await loadGoogleIdentity(started.google_script_url || GOOGLE_SCRIPT_URL);
      if (!active) return;
      // Inside a shadow root Google cannot find the parent by id, so One Tap floats there.
      const embedded = position === 'embedded' && containerRef.current?.getRootNode() === document;
      const { oauthOptions } = latest.current.config;
      google.initialize({
        client_id: started.google_client_id,
        nonce: started.nonce,
        ...(embedded ? { prompt_parent_id: containerId } : {}),
        cancel_on_tap_outside: false,
        context: 'signin',
        itp_support: true,
        callback: (response) => {
          if (!active) return;
          if (typeof response?.credential !== 'string' || response.credential === '') {
            fail(new Error('Google One Tap returned no credential.'), null);
            return;
          }
          client.oauth.googleOneTap
            .submit({
              id_token: response.credential,
              csrf_token: started.csrf_token,
              oauth_callback_id: started.oauth_callback_id,
              ...(oauthOptions?.loginRedirectURL
                ? { login_redirect_url: oauthOptions.loginRedirectURL }
                : {}),
              ...(oauthOptions?.signupRedirectURL
                ? { signup_redirect_url: oauthOptions.signupRedirectURL }
                : {}),
            })
            .catch((error: unknown) => fail(error, oneTapErrorType(error)));
        },
      });
      google.prompt((notification) => {
        if (notification.isNotDisplayed?.()) {
          const reason = notification.getNotDisplayedReason?.();
          fail(
            new Error(`Google One Tap was not displayed (${reason ?? 'unknown'}).`),
            errorTypeForGoogleReason(reason),
          );
        } else if (notification.isSkippedMoment?.()) {
          const reason = notification.getSkippedReason?.();
          fail(new Error(`Google One Tap was skipped (${reason ?? 'unknown'}).`), null);
        }
      });
      // With FedCM Google reports no display moment, so the prompt being asked for ends the loading state.
      if (active) setPhase({ kind: 'prompted' });
    };
    run().catch((error: unknown) => fail(error, oneTapErrorType(error)));
    return () => {
      active = false;
      google?.cancel?.();
    };
  }, [client, position, containerId]);

  // SPEC §9: the embedded container follows the height of Google's frame, measured when the frame appears and on
  // window resizes, debounced by 100 ms.
  useEffect(() => {
    const container = containerRef.current;
    if (phase.kind !== 'prompted' || position !== 'embedded' || container === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const frameHeight = container.querySelector('iframe')?.offsetHeight ?? 0;
      setHeight(frameHeight > 0 ? frameHeight : ONE_TAP_EMBEDDED_HEIGHT_PX);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, ONE_TAP_RESIZE_DEBOUNCE_MS);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(container, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [phase.kind, position]);

  if (phase.kind === 'failed') {
    const messageKey = phase.errorType === null ? undefined : ONE_TAP_ERROR_STRINGS[phase.errorType];
    return (
      <>
        {messageKey !== undefined && isTestToken(client.publicToken) ? (
          <p className="gh-field-error" role="alert" data-one-tap-error={phase.errorType}>
            {strings[messageKey]}
          </p>
        ) : null}
        <ProviderButton entry={entry} />
      </>
    );
  }

  const loading = phase.kind === 'loading';
  return (
    <div
      className="gh-one-tap"
      data-one-tap-position={position}
      data-one-tap-state={phase.kind}
      aria-busy={loading}
      style={{ position: 'relative' }}
    >
      {loading ? (
        <div
          role="status"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            height: ONE_TAP_EMBEDDED_HEIGHT_PX,
            ...(position === 'embedded' ? { position: 'absolute', inset: 0 } : {}),
          }}
        >
          <span className="gh-spinner" aria-hidden="true" />
          <span className="gh-visually-hidden">{strings.oneTapLoading}</span>
        </div>
      ) : null}
      {position === 'embedded' ? (
        <div id={containerId} ref={containerRef} data-one-tap-container="" style={{ height }} />
      ) : null}
    </div>
  );
}
