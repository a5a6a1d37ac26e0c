// SPEC §2 OTPAuthenticate: 'Enter passcode', the destination, a six-digit numeric input that submits by itself at
// the sixth digit (SPEC §5: digits only, at most 6; `one-time-code` autofill and paste work; drawn as six boxes,
// issue 22, ../../code-input.tsx), 'Verifying
// passcode...' with the 10 s progress bar (SPEC §9), the countdown refreshed each second and the resend link
// (SPEC §8 toasts 'Code resent' or an error). wire-format.md §7.4 OTP_AUTHENTICATE and OTP_LOGIN_OR_CREATE.
import { CONSTANTS, type ErrorType } from '@gatehouse/protocol';
import { isAPIError } from '@gatehouse/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BackButton } from '../../back-button';
import { eventData } from '../../callbacks';
import { CODE_LENGTH, CodeInput } from '../../code-input';
import { sessionDurationMinutes } from '../../config';
import { describeWidgetError, useErrorStrings } from '../../error-strings';
import { FieldError } from '../../field-error';
import { formatCountdown } from '../../message-format';
import { ScreenHeading } from '../../screen-heading';
import { formatString } from '../../strings';
import { useScreenDispatch, useWidget } from '../../widget-context';
import type { OtpState } from '../../widget-state';
import { methodIdOf, otpSendOptions } from './otp-options';
import { useOtpStrings } from './otp-strings';
import { OTP_TRANSITIONS } from './otp-transitions';
import { useNow } from './use-now';

/** SPEC §8: these answers mean the code was wrong, and show 'Invalid passcode, please try again.' */
const WRONG_CODE_ERRORS: ReadonlySet<ErrorType> = new Set<ErrorType>([
  'otp_code_not_found',
  'unable_to_auth_otp_code',
]);

/** SPEC §8: anything but an API error, or an API error saying the code was wrong, reads 'Invalid passcode'. */
function isWrongCode(error: unknown): boolean {
  return !isAPIError(error) || WRONG_CODE_ERRORS.has(error.error_type);
}

/**
 * Issue 22 finding 6: the server answers one error for a wrong, used or expired code (otps/service.ts: so they
 * cannot be told apart), but this screen knows when the code expires: the countdown starts before the request, so
 * it never ends after the server's expiry. A refusal once it has ended says the code expired, as the screen does
 * ('Your code has expired.', SPEC §2), rather than 'Invalid passcode'; the code may have been right.
 */
function refusedAfterExpiry(error: unknown, expiresAt: number): boolean {
  return isAPIError(error) && WRONG_CODE_ERRORS.has(error.error_type) && Date.now() >= expiresAt;
}

export function OtpAuthenticate() {
  const { state } = useWidget();
  const dispatch = useScreenDispatch(OTP_TRANSITIONS);
  const otp = state.otp;
  useEffect(() => {
    // Without a sent code there is nothing to enter: back to Main.
    if (otp === null) dispatch({ type: 'back' });
  }, [otp, dispatch]);
  return otp === null ? null : <OtpAuthenticateForm otp={otp} />;
}

function OtpAuthenticateForm({ otp }: { otp: OtpState }) {
  const { client, config, state, emitEvent, emitError, notify, locale } = useWidget();
  const dispatch = useScreenDispatch(OTP_TRANSITIONS);
  const strings = useOtpStrings();
  const errorStrings = useErrorStrings();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const progressId = useId();
  const headingId = useId();
  const sentToId = useId();
  const now = useNow(otp.expiresAt);
  const remaining = otp.expiresAt - now;
  const expired = remaining <= 0;
  const verifying = state.screen === 'otp-authenticate.verifying';
  const resending = state.screen === 'otp-authenticate.resending';
  const [before, after] = splitOnce(strings.passcodeSentTo, '{destination}');
  const opened = state.navigations > 0;

  // Issue 13 item 1: the passcode input takes focus when this screen opens, so a code can be typed or pasted at
  // once (not the heading, as on other screens: ScreenHeading focusOnOpen={false}). Its description starts with
  // the heading and the "sent to" text, so a screen reader announces the new screen when focus lands here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, when this screen appears.
  useEffect(() => {
    if (opened) inputRef.current?.focus();
  }, []);

  const verify = async (value: string) => {
    if (state.screen !== 'otp-authenticate') return;
    dispatch({ type: 'otp-verify-started' });
    try {
      const data = await client.otps.authenticate(value, otp.methodId, {
        session_duration_minutes: sessionDurationMinutes(config),
      });
      emitEvent('OTP_AUTHENTICATE', eventData(data));
      dispatch({ type: 'otp-verified' });
    } catch (error) {
      setCode('');
      dispatch({
        type: 'otp-verify-failed',
        message: refusedAfterExpiry(error, otp.expiresAt)
          ? strings.passcodeExpired
          : isWrongCode(error)
            ? errorStrings.invalidPasscode
            : describeWidgetError(error, errorStrings.invalidPasscode, errorStrings).message,
      });
      emitError(error);
      inputRef.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length === CODE_LENGTH) void verify(code);
  };

  const resend = async () => {
    if (state.screen !== 'otp-authenticate') return;
    dispatch({ type: 'otp-resend-started' });
    const options = { ...otpSendOptions(otp.method, config.otpOptions), locale };
    const sentAt = Date.now();
    try {
      const data = await client.otps[otp.method].loginOrCreate(otp.destination, options);
      // wire-format.md §7.4: OTP_LOGIN_OR_CREATE is emitted on resend too.
      emitEvent('OTP_LOGIN_OR_CREATE', eventData(data));
      const methodId = methodIdOf(data);
      if (methodId === null) throw new Error(strings.genericError);
      setCode('');
      dispatch({ type: 'otp-resent', methodId, expiresAt: sentAt + options.expiration_minutes * 60_000 });
      notify('success', strings.codeResent);
    } catch (error) {
      dispatch({ type: 'otp-resend-finished' });
      notify('error', describeWidgetError(error, strings.genericError, errorStrings).message);
      emitError(error);
    }
  };

  const describedBy = [
    headingId,
    sentToId,
    state.fieldError !== null ? errorId : null,
    verifying ? progressId : null,
  ]
    .filter((id) => id !== null)
    .join(' ');

  return (
    <>
      <BackButton />
      <ScreenHeading id={headingId} focusOnOpen={false}>
        {strings.enterPasscode}
      </ScreenHeading>
      <p id={sentToId} className="gh-text">
        {before}
        {after !== null ? (
          <>
            <strong dir="ltr">{otp.displayDestination}</strong>
            {after}
          </>
        ) : null}
      </p>
      <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={verifying}>
        <label className="gh-label" htmlFor={inputId}>
          {strings.passcodeLabel}
        </label>
        <CodeInput
          id={inputId}
          inputRef={inputRef}
          value={code}
          onChange={setCode}
          onComplete={(digits) => void verify(digits)}
          readOnly={verifying}
          invalid={state.fieldError !== null}
          describedBy={describedBy}
        />
        <FieldError id={errorId} message={state.fieldError} />
        {verifying ? (
          <div className="gh-verifying">
            <p id={progressId} className="gh-text">
              {strings.verifyingPasscode}
            </p>
            <div
              className="gh-progress"
              role="progressbar"
              aria-labelledby={progressId}
              style={{ ['--gh-progress-duration' as string]: `${CONSTANTS.progressBarAnimationMs}ms` }}
            >
              <div className="gh-progress-bar" />
            </div>
          </div>
        ) : null}
      </form>
      <p className="gh-resend" data-expired={expired ? 'true' : 'false'}>
        {expired ? (
          <span role="status">{strings.codeExpired}</span>
        ) : (
          <>
            <span role="timer">
              {formatString(strings.codeExpiresIn, { time: formatCountdown(remaining, locale) })}
            </span>
            <span>{strings.didNotGetCode}</span>
          </>
        )}
        <button
          type="button"
          className="gh-link-button"
          onClick={resend}
          aria-disabled={resending || verifying}
        >
          {strings.resendCode}
        </button>
      </p>
    </>
  );
}

/** Splits a template at its placeholder so the destination renders as text inside <strong>, never as markup. */
function splitOnce(template: string, placeholder: string): [string, string | null] {
  const index = template.indexOf(placeholder);
  if (index === -1) return [template, null];
  return [template.slice(0, index), template.slice(index + placeholder.length)];
}

export default OtpAuthenticate;
