// Issue 20 item 3: the "Confirm it's you" step. A change answered `reauthentication_required` (or
// `second_factor_required`) opens it; the person confirms with a method they have and the page enables, best first
// (reauthentication-methods.ts), each a secondary sign-in on this session (SPEC §4 "secondary (existing session,
// adding a factor)"): a passkey (POST /webauthn/authenticate/start/secondary), an authenticator-app code (POST
// /totps/authenticate), their password (POST /passwords/authenticate) or a code e-mailed to a verified address
// (POST /otps/email/send/secondary, then /otps/authenticate). Then the change runs again once
// (use-reauthentication.ts). Cancel leaves everything as it was. Failures stay on screen in the step's banner, and
// the field they concern is marked invalid and described by it. Focus moves to the heading when the step opens (the
// person just asked for a change), to the chosen method's control when they switch, and to the code input once a
// code was sent. Rendered inside a widget (its context: client, config, strings), in the document or a shadow root.
import { isAPIError } from '@gatehouse/sdk';
import { type FormEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { sessionDurationMinutes } from '../config';
import { describeWidgetError } from '../error-strings';
import { methodIdOf, otpExpirationMinutes } from '../methods/otp/otp-options';
import { assertAuthenticated, passkeySignInMessage } from '../methods/passkeys/passkey-errors';
import { useWidget } from '../widget-context';
import {
  EmailCodePanel,
  PasskeyPanel,
  PasswordPanel,
  StepBanner,
  type StepStrings,
  TotpPanel,
} from './method-panels';
import {
  codeEmailOf,
  passwordEmailOf,
  type ReauthenticationMethod,
  reauthenticationMethods,
} from './reauthentication-methods';
import {
  initialReauthenticationState,
  isIdle,
  methodOf,
  reauthenticationReducer,
} from './reauthentication-state';
import { useReauthenticationStrings } from './reauthentication-strings';
import type { ReauthenticationRequest } from './use-reauthentication';

/** SPEC §8: these answers mean the e-mailed code was wrong ('Invalid passcode, please try again.'). */
const WRONG_CODE_ERRORS: ReadonlySet<string> = new Set(['otp_code_not_found', 'unable_to_auth_otp_code']);

const SWITCH_LABEL: Record<ReauthenticationMethod, keyof StepStrings> = {
  passkey: 'reauthenticationUsePasskeyInstead',
  totp: 'reauthenticationUseTotpInstead',
  password: 'reauthenticationUsePasswordInstead',
  'email-code': 'reauthenticationUseEmailCodeInstead',
};

export interface ReauthenticationStepProps {
  request: ReauthenticationRequest;
}

export function ReauthenticationStep({ request }: ReauthenticationStepProps) {
  const { client, config, products, emitError, locale } = useWidget();
  const strings = useReauthenticationStrings();
  // Who is confirming and how, fixed when the step opens (a secondary sign-in changes the stored user's factors).
  const [user] = useState(() => client.user.getSync());
  const [state, dispatch] = useReducer(reauthenticationReducer, null, () =>
    initialReauthenticationState(
      reauthenticationMethods({
        user,
        reason: request.reason,
        enabled: { products, otpMethods: config.otpOptions?.methods ?? [] },
      }),
    ),
  );
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const ids = { heading: useId(), intro: useId(), error: useId(), code: useId() };
  const method = methodOf(state.screen);
  const idle = isIdle(state.screen);
  const duration = sessionDurationMinutes(config);
  const passwordEmail = useMemo(() => (user === null ? null : passwordEmailOf(user)), [user]);
  const codeEmail = useMemo(() => (user === null ? null : codeEmailOf(user)), [user]);

  useEffect(() => {
    headingRef.current?.focus();
    // Closing the step (or leaving the page) ends a passkey prompt or call still in flight.
    return () => inFlight.current?.abort();
  }, []);

  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the chosen method changes.
  useEffect(() => {
    if (!switched.current) return;
    panelRef.current?.querySelector<HTMLElement>('input:not([readonly]), button')?.focus();
  }, [method]);

  // Each time a code was sent, its input takes focus.
  useEffect(() => {
    if (state.methodId !== null) codeRef.current?.focus();
  }, [state.methodId]);

  /** One secondary sign-in; on success the original change runs again (and the step closes). */
  const confirm = async (
    run: (signal: AbortSignal) => Promise<unknown>,
    failure: (error: unknown) => string,
    afterFailure?: () => void,
  ) => {
    if (!idle || inFlight.current !== null) return;
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: 'confirm-started' });
    try {
      await run(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      inFlight.current = null;
      dispatch({ type: 'confirm-failed', message: failure(error) });
      emitError(error);
      afterFailure?.();
      return;
    }
    if (controller.signal.aborted) return;
    inFlight.current = null;
    dispatch({ type: 'confirmed' });
    await request.confirmed();
  };

  const confirmWithPasskey = () =>
    confirm(
      async (signal) => {
        const data = await client.webauthn.authenticate({
          is_passkey: true,
          conditional_mediation: false,
          signal,
          session_duration_minutes: duration,
        });
        assertAuthenticated(data);
      },
      // SPEC §8 texts for what the server said; a refused or failed prompt says the passkey was not used.
      (error) =>
        (isAPIError(error) ? passkeySignInMessage(error, strings) : null) ??
        strings.reauthenticationPasskeyFailed,
    );

  const confirmWithTotp = (digits: string) =>
    confirm(
      () => client.totps.authenticate({ totp_code: digits, session_duration_minutes: duration }),
      (error) => describeWidgetError(error, strings.genericError, strings).message,
      () => {
        setCode('');
        codeRef.current?.focus();
      },
    );

  const confirmWithPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passwordEmail === null || password === '') return;
    void confirm(
      () =>
        client.passwords.authenticate({
          email: passwordEmail,
          password,
          session_duration_minutes: duration,
        }),
      (error) => describeWidgetError(error, strings.genericError, strings).message,
      () => {
        setPassword('');
        panelRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      },
    );
  };

  const confirmWithEmailCode = (digits: string) => {
    const methodId = state.methodId;
    if (methodId === null) return;
    void confirm(
      () => client.otps.authenticate(digits, methodId, { session_duration_minutes: duration }),
      (error) =>
        !isAPIError(error) || WRONG_CODE_ERRORS.has(error.error_type)
          ? strings.invalidPasscode
          : describeWidgetError(error, strings.invalidPasscode, strings).message,
      () => {
        setCode('');
        codeRef.current?.focus();
      },
    );
  };

  const sendEmailCode = async () => {
    if (codeEmail === null || !idle) return;
    dispatch({ type: 'send-started' });
    try {
      // wire-format.md §4.5: with the session held, the SDK sends /otps/email/send/secondary.
      const data = await client.otps.email.send(codeEmail, {
        expiration_minutes: otpExpirationMinutes(config.otpOptions),
        // Issue 27 item 2: the e-mailed code comes in the widget's language.
        locale,
      });
      const methodId = methodIdOf(data);
      if (methodId === null) throw new Error(strings.genericError);
      setCode('');
      dispatch({ type: 'code-sent', methodId });
    } catch (error) {
      dispatch({
        type: 'send-failed',
        message: describeWidgetError(error, strings.genericError, strings).message,
      });
      emitError(error);
    }
  };

  const choose = (next: ReauthenticationMethod) => {
    switched.current = true;
    setCode('');
    setPassword('');
    dispatch({ type: 'choose', method: next });
  };

  const cancel = () => {
    if (state.screen === 'reauthentication.retrying') return;
    inFlight.current?.abort();
    request.cancel();
  };

  const retrying = state.screen === 'reauthentication.retrying';
  const confirming = state.screen.endsWith('.confirming');
  const errorShown = state.error !== null;
  const describedBy = [ids.intro, errorShown ? ids.error : null].filter((id) => id !== null).join(' ');
  const others = state.methods.filter((item) => item !== method);
  const panel = { strings, confirming, invalid: errorShown, describedBy };
  const codeField = { codeId: ids.code, codeRef, code, onCode: setCode };

  return (
    <section
      className="gh-screen gh-reauthentication"
      data-state={state.screen}
      aria-labelledby={ids.heading}
      aria-busy={confirming || retrying}
    >
      <h2 ref={headingRef} id={ids.heading} tabIndex={-1} className="gh-heading" data-screen-heading="">
        {strings.reauthenticationTitle}
      </h2>
      <p id={ids.intro} className="gh-text">
        {request.reason === 'second_factor_required'
          ? strings.reauthenticationSecondFactorText
          : strings.reauthenticationRecentText}
      </p>
      {retrying ? (
        <p className="gh-text" role="status">
          <span className="gh-spinner" aria-hidden="true" /> {strings.reauthenticationRetrying}
        </p>
      ) : (
        <div ref={panelRef} className="gh-form">
          {method === null ? <p className="gh-text">{strings.reauthenticationUnavailable}</p> : null}
          {method === 'passkey' ? (
            <PasskeyPanel {...panel} onConfirm={() => void confirmWithPasskey()} />
          ) : null}
          {method === 'totp' ? (
            <TotpPanel {...panel} {...codeField} onConfirm={(digits) => void confirmWithTotp(digits)} />
          ) : null}
          {method === 'password' && passwordEmail !== null ? (
            <PasswordPanel
              {...panel}
              email={passwordEmail}
              password={password}
              onPassword={setPassword}
              onSubmit={confirmWithPassword}
            />
          ) : null}
          {method === 'email-code' && codeEmail !== null ? (
            <EmailCodePanel
              {...panel}
              {...codeField}
              email={codeEmail}
              sent={state.methodId !== null}
              sending={state.screen === 'reauthentication.email-code.sending'}
              onSend={() => void sendEmailCode()}
              onConfirm={confirmWithEmailCode}
            />
          ) : null}
        </div>
      )}
      <StepBanner
        id={ids.error}
        error={state.error}
        strings={strings}
        onDismiss={() => dispatch({ type: 'dismiss-error' })}
      />
      {others.length > 0 && !retrying ? (
        <div className="gh-button-stack">
          <p className="gh-text">{strings.reauthenticationOtherWays}</p>
          {others.map((other) => (
            <button
              key={other}
              type="button"
              className="gh-link-button"
              aria-disabled={!idle}
              onClick={() => {
                if (idle) choose(other);
              }}
            >
              {strings[SWITCH_LABEL[other]]}
            </button>
          ))}
        </div>
      ) : null}
      <button
        type="button"
        className="gh-button gh-button-secondary"
        aria-disabled={retrying}
        onClick={cancel}
      >
        {strings.cancel}
      </button>
    </section>
  );
}

export default ReauthenticationStep;
