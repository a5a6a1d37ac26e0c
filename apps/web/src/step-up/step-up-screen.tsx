// The second-factor step-up (issue 13 item 1; SPEC §4 "a session becomes authenticated after … TOTP or recovery
// code"): shown instead of the page when the project requires a second factor and the session has none yet.
// The 6-digit code input takes focus when the screen (or the recovery-code alternative) opens, so a code can be
// typed or pasted at once; its accessible description names the screen, so a screen reader still announces where
// the person is. Server errors (SPEC §8 error_message) show inline; success goes to /account. A locked app
// (`totp_locked`, issue 20 item 5) switches to the recovery-code form, which unlocks it.
import { CodeInput, codeDigits } from '@gatehouse/react/reauthentication';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { navigate } from '../router';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { SESSION_DURATION_MINUTES } from '../widget-config';
import type { StepUpClient } from './step-up-client';

export type StepUpMode = 'totp' | 'recovery';

/** The error_type of an SDK APIError, or null for anything else (a network failure, for example). */
function errorTypeOf(error: unknown): string | null {
  const type = (error as { error_type?: unknown } | null)?.error_type;
  return typeof type === 'string' ? type : null;
}

/** The server's error_message (SPEC §8) when the error carries one, else a generic text. */
function messageOf(error: unknown): string {
  const message = (error as { error_message?: unknown } | null)?.error_message;
  return typeof message === 'string' && message !== '' ? message : STRINGS.stepUp.genericError;
}

/** Digits only (a pasted "123 456" or "123-456" becomes "123456"), at most six. */
export const normaliseTotpInput: (value: string) => string = codeDigits;

export interface StepUpScreenProps {
  client: StepUpClient;
}

export function StepUpScreen({ client }: StepUpScreenProps) {
  useDocumentTitle(STRINGS.documentTitle.stepUp);
  const [mode, setMode] = useState<StepUpMode>('totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { intro: useId(), hint: useId(), error: useId(), input: useId() };

  // Issue 13 item 1: the code input takes focus when its screen opens (and after switching modes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever the mode changes.
  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  async function submit(code: string) {
    if (busy || code === '') return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'totp') {
        await client.totps.authenticate({
          totp_code: code,
          session_duration_minutes: SESSION_DURATION_MINUTES,
        });
      } else {
        await client.totps.recover({
          recovery_code: code,
          session_duration_minutes: SESSION_DURATION_MINUTES,
        });
      }
      navigate('/account', { replace: true });
    } catch (caught) {
      setValue('');
      setBusy(false);
      if (mode === 'totp' && errorTypeOf(caught) === 'totp_locked') {
        // Issue 20 item 5 (BF-09): the app's codes are refused until a recovery code is used, so the recovery-code
        // form opens (its input takes focus) with the reason.
        setMode('recovery');
        setError(STRINGS.stepUp.totpLocked);
        return;
      }
      setError(messageOf(caught));
      input.current?.focus();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(mode === 'totp' ? normaliseTotpInput(value) : value.trim());
  }

  function switchMode(next: StepUpMode) {
    setMode(next);
    setValue('');
    setError(null);
  }

  async function signOut() {
    try {
      await client.session.revoke();
      navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  const totp = mode === 'totp';
  const describedBy = [ids.intro, ids.hint, error === null ? null : ids.error].filter(Boolean).join(' ');
  return (
    <section className="card step-up" aria-labelledby="page-heading" data-state={`step-up-${mode}`}>
      <h1 id="page-heading">{STRINGS.stepUp.heading}</h1>
      <p id={ids.intro}>{totp ? STRINGS.stepUp.codeIntro : STRINGS.stepUp.recoveryIntro}</p>
      {/* Read-only, not disabled, while verifying: a disabled input loses focus, and it must keep it. */}
      <form className="step-up-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <label htmlFor={ids.input}>{totp ? STRINGS.stepUp.codeLabel : STRINGS.stepUp.recoveryLabel}</label>
        {totp ? (
          // Issue 22: the six-box code input shared with the widget (@gatehouse/react CodeInput); it submits by
          // itself at the sixth digit (SPEC §2 OTPAuthenticate).
          <CodeInput
            key="totp"
            inputRef={input}
            id={ids.input}
            name="totp_code"
            value={value}
            onChange={setValue}
            onComplete={(digits) => void submit(digits)}
            readOnly={busy}
            invalid={error !== null}
            describedBy={describedBy}
          />
        ) : (
          <input
            key="recovery"
            ref={input}
            id={ids.input}
            name="recovery_code"
            // Issue 27 item 3: a code reads left to right in a right-to-left page too.
            dir="ltr"
            className="code-input"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            readOnly={busy}
            aria-describedby={describedBy}
            aria-invalid={error === null ? undefined : true}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <p id={ids.hint} className="muted">
          {totp ? STRINGS.stepUp.codeHint : STRINGS.stepUp.recoveryHint}
        </p>
        {error !== null ? (
          <p id={ids.error} role="alert" className="error" data-testid="step-up-error">
            {error}
          </p>
        ) : null}
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy
              ? STRINGS.stepUp.verifying
              : totp
                ? STRINGS.stepUp.verify
                : STRINGS.stepUp.useRecoveryCodeSubmit}
          </button>
        </p>
      </form>
      <p className="step-up-actions">
        <button type="button" className="link-button" onClick={() => switchMode(totp ? 'recovery' : 'totp')}>
          {totp ? STRINGS.stepUp.useRecoveryCode : STRINGS.stepUp.useAuthenticatorApp}
        </button>{' '}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          {STRINGS.stepUp.signOut}
        </button>
      </p>
    </section>
  );
}
