// Issue 26 item 2: a code from the operator's authenticator app (or one of its recovery codes), sent with the session
// the operator has (POST /sdk/v1/totps/authenticate, /totps/recover). It is a secondary sign-in with a credential the
// operator already held: its factor joins the session (the second factor after a login link, second-factor-screen.tsx)
// and it moves the session's sign-in time, which dangerous actions ask for (action-error.tsx; the server's
// operator-auth.ts and totps/service.ts `reauthenticates`). The six-box input sends the code at its sixth digit.
import { CODE_LENGTH, CodeInput } from '@gatehouse/react/reauthentication';
import { type FormEvent, useId, useRef, useState } from 'react';
import { SESSION_DURATION_MINUTES } from '../console-client';
import { useServices } from '../console-context';
import { type SignInStrings, useSignInStrings } from '../sign-in-strings';
import { STRINGS } from '../strings';

/** The SDK's API error's own message (wire-format.md §3.2), or null for anything else (a network failure). */
export function serverMessageOf(error: unknown): string | null {
  const message = (error as { error_message?: unknown } | null)?.error_message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** What a refused code says: the wrong code in our words, a lock or a limit plainly, anything else the server's. */
export function totpFailureMessage(
  error: unknown,
  wrong: string,
  S: SignInStrings['totp'] = STRINGS.totp,
): string {
  const type = (error as { error_type?: unknown } | null)?.error_type;
  if (type === 'unable_to_auth_totp_code' || type === 'unable_to_auth_recovery_code') return wrong;
  if (type === 'too_many_requests' || type === 'too_many_attempts') return S.tooMany;
  return serverMessageOf(error) ?? S.codeFailed;
}

/** A code from the app, with a way to a recovery code instead when `allowRecovery`. */
export function AuthenticatorCodeForm({
  label,
  allowRecovery = false,
  onConfirmed,
}: {
  label: string;
  allowRecovery?: boolean;
  onConfirmed(): void;
}) {
  // Issue 27 item 1: the sign-in's language on the second-factor screen, English in the console proper.
  const S = useSignInStrings().totp;
  const { client } = useServices();
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = async (value: string) => {
    if (state === 'working') return;
    setState('working');
    setError(null);
    try {
      if (mode === 'app') {
        await client.totps.authenticate({
          totp_code: value,
          session_duration_minutes: SESSION_DURATION_MINUTES,
        });
      } else {
        await client.totps.recover({
          recovery_code: value.trim(),
          session_duration_minutes: SESSION_DURATION_MINUTES,
        });
      }
    } catch (failure) {
      setState('failed');
      setError(totpFailureMessage(failure, mode === 'app' ? S.wrongCode : S.wrongRecovery, S));
      // A refused code is spent as far as the person is concerned: start over with the next one.
      setCode('');
      inputRef.current?.focus();
      return;
    }
    setState('idle');
    onConfirmed();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'app' && code.length !== CODE_LENGTH) {
      setState('failed');
      setError(S.wrongCode);
      inputRef.current?.focus();
      return;
    }
    if (mode === 'recovery' && code.trim() === '') return;
    void send(code);
  };

  const switchTo = (next: 'app' | 'recovery') => {
    setMode(next);
    setCode('');
    setState('idle');
    setError(null);
  };

  const working = state === 'working';
  const errorId = `${ids}-error`;
  return (
    <form className="authenticator-code" onSubmit={submit} data-state={state} noValidate>
      <label htmlFor={`${ids}-code`}>{mode === 'app' ? label : S.recoveryLabel}</label>
      {mode === 'app' ? (
        <CodeInput
          id={`${ids}-code`}
          inputRef={inputRef}
          value={code}
          onChange={setCode}
          onComplete={(digits) => void send(digits)}
          readOnly={working}
          invalid={error !== null}
          describedBy={error === null ? undefined : errorId}
        />
      ) : (
        <input
          ref={inputRef}
          id={`${ids}-code`}
          type="text"
          name="recovery_code"
          autoComplete="off"
          spellCheck={false}
          value={code}
          readOnly={working}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : errorId}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      {error === null ? null : (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary" aria-disabled={working ? true : undefined}>
          {working ? S.checkingCode : mode === 'app' ? S.submitCode : S.submitRecovery}
        </button>
        {allowRecovery ? (
          <button
            type="button"
            className="link-button"
            onClick={() => switchTo(mode === 'app' ? 'recovery' : 'app')}
          >
            {mode === 'app' ? S.useRecoveryCode : S.useAppCode}
          </button>
        ) : null}
      </div>
    </form>
  );
}
