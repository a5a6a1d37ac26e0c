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
import { ErrorText } from '../error-text';
import { describeError } from '../errors';
import { methodIdOf, otpExpirationMinutes } from '../methods/otp/otp-options';
import { assertAuthenticated, passkeySignInMessage } from '../methods/passkeys/passkey-errors';
import { PasswordField, ReadOnlyEmail } from '../methods/passwords/password-field';
import { formatString } from '../strings';
import { useWidget } from '../widget-context';
import { CODE_LENGTH, CodeInput } from './code-input';
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

type StepStrings = ReturnType<typeof useReauthenticationStrings>;

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
  const { client, config, products, emitError } = useWidget();
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
      (error) => describeError(error, strings.genericError).message,
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
      (error) => describeError(error, strings.genericError).message,
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
          : describeError(error, strings.invalidPasscode).message,
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
      });
      const methodId = methodIdOf(data);
      if (methodId === null) throw new Error(strings.genericError);
      setCode('');
      dispatch({ type: 'code-sent', methodId });
    } catch (error) {
      dispatch({ type: 'send-failed', message: describeError(error, strings.genericError).message });
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
            <>
              <p className="gh-text">{strings.reauthenticationPasskeyText}</p>
              <button
                type="button"
                className="gh-button gh-button-primary"
                aria-disabled={confirming}
                aria-describedby={errorShown ? ids.error : undefined}
                onClick={() => void confirmWithPasskey()}
              >
                {confirming ? <span className="gh-spinner" aria-hidden="true" /> : null}
                {strings.reauthenticationUsePasskey}
              </button>
            </>
          ) : null}
          {method === 'totp' ? (
            <form
              className="gh-form"
              noValidate
              aria-busy={confirming}
              onSubmit={(event) => {
                event.preventDefault();
                if (code.length === CODE_LENGTH) void confirmWithTotp(code);
              }}
            >
              <p className="gh-text">{strings.reauthenticationTotpText}</p>
              <label className="gh-label" htmlFor={ids.code}>
                {strings.reauthenticationTotpLabel}
              </label>
              <CodeInput
                id={ids.code}
                inputRef={codeRef}
                value={code}
                onChange={setCode}
                onComplete={(digits) => void confirmWithTotp(digits)}
                readOnly={confirming}
                invalid={errorShown}
                describedBy={describedBy}
              />
              <ConfirmButton busy={confirming} strings={strings} />
            </form>
          ) : null}
          {method === 'password' && passwordEmail !== null ? (
            <form className="gh-form" noValidate aria-busy={confirming} onSubmit={confirmWithPassword}>
              <p className="gh-text">{strings.reauthenticationPasswordText}</p>
              <ReadOnlyEmail email={passwordEmail} />
              <PasswordField
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                readOnly={confirming}
                error={null}
                describedBy={describedBy}
              />
              <ConfirmButton busy={confirming} strings={strings} />
            </form>
          ) : null}
          {method === 'email-code' && codeEmail !== null ? (
            state.methodId === null ? (
              <>
                <p className="gh-text">
                  {formatString(strings.reauthenticationEmailCodeText, { email: codeEmail })}
                </p>
                <SendCodeButton
                  label={strings.reauthenticationSendCode}
                  sending={state.screen === 'reauthentication.email-code.sending'}
                  strings={strings}
                  onClick={() => void sendEmailCode()}
                />
              </>
            ) : (
              <form
                className="gh-form"
                noValidate
                aria-busy={confirming}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (code.length === CODE_LENGTH) confirmWithEmailCode(code);
                }}
              >
                <p className="gh-text" role="status">
                  {formatString(strings.reauthenticationCodeSent, { email: codeEmail })}
                </p>
                <label className="gh-label" htmlFor={ids.code}>
                  {strings.reauthenticationCodeLabel}
                </label>
                <CodeInput
                  id={ids.code}
                  inputRef={codeRef}
                  value={code}
                  onChange={setCode}
                  onComplete={confirmWithEmailCode}
                  readOnly={confirming}
                  invalid={errorShown}
                  describedBy={describedBy}
                />
                <ConfirmButton busy={confirming} strings={strings} />
                <SendCodeButton
                  label={strings.reauthenticationSendNewCode}
                  sending={state.screen === 'reauthentication.email-code.sending'}
                  strings={strings}
                  link
                  onClick={() => void sendEmailCode()}
                />
              </form>
            )
          ) : null}
        </div>
      )}
      <div className="gh-banner-region" role="status" aria-live="polite" aria-atomic="true">
        {state.error !== null ? (
          <div className="gh-banner gh-banner-error" data-variant="error">
            <p id={ids.error}>
              <ErrorText
                error={{ message: state.error, helpUrl: null }}
                helpLinkText={strings.errorHelpLink}
              />
            </p>
            <button
              type="button"
              className="gh-banner-dismiss"
              aria-label={strings.dismiss}
              onClick={() => dispatch({ type: 'dismiss-error' })}
            >
              ×
            </button>
          </div>
        ) : null}
      </div>
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

function ConfirmButton({ busy, strings }: { busy: boolean; strings: StepStrings }) {
  return (
    <button type="submit" className="gh-button gh-button-primary" aria-disabled={busy}>
      {busy ? <span className="gh-spinner" aria-hidden="true" /> : null}
      {busy ? strings.reauthenticationConfirming : strings.reauthenticationConfirm}
    </button>
  );
}

function SendCodeButton(props: {
  label: string;
  sending: boolean;
  strings: StepStrings;
  link?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={props.link === true ? 'gh-link-button' : 'gh-button gh-button-primary'}
      aria-disabled={props.sending}
      onClick={props.onClick}
    >
      {props.sending ? props.strings.reauthenticationSending : props.label}
    </button>
  );
}

export default ReauthenticationStep;
