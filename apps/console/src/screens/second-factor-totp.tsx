// Issue 26 item 2: an authenticator app as the operator's first second factor, set up at first sign-in (the choice on
// second-factor-screen.tsx). POST /totps (client.totps.create, with the login link's session, which is recent) answers
// the QR code (an SVG data URL: the console's CSP allows `img-src data:`, infra/security-headers.ts), the key to type
// by hand and ten recovery codes. The codes are shown this once — the server keeps only their hashes, and leaving
// this step forgets them — with copy and download, and the first code from the app confirms the set-up only once "I
// saved my recovery codes" is ticked (apps/web account/totp-section.tsx does the same for users). That first code
// (client.totps.authenticate) joins the session as the operator's first second factor, so GET /me then says
// `in_session` and the console opens (server: features/operators/operator-auth.ts).
import { CODE_LENGTH, CodeInput } from '@gatehouse/react/reauthentication';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { serverMessageOf, totpFailureMessage } from '../components/authenticator-code';
import { saveFile } from '../components/save-file';
import { SESSION_DURATION_MINUTES, type TotpEnrolment } from '../console-client';
import { useServices } from '../console-context';
import { useSignInStrings } from '../sign-in-strings';

/** Minutes the new app has to be confirmed (SPEC §5: the server allows 5..1440). */
export const TOTP_ENROLMENT_MINUTES = 10;

type Step = { step: 'choose' } | { step: 'starting' } | { step: 'failed'; reason: string | null };

/** The "or an authenticator app" half of the first sign-in's choice: starts the set-up, says when it cannot. */
export function TotpChoice({ onStarted }: { onStarted(enrolment: TotpEnrolment): void }) {
  // Issue 27 item 1: the sign-in's language (sign-in-strings.ts).
  const S = useSignInStrings().totp;
  const { client } = useServices();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const start = async () => {
    if (state.step === 'starting') return;
    setState({ step: 'starting' });
    try {
      const created = await client.totps.create({ expiration_minutes: TOTP_ENROLMENT_MINUTES });
      onStarted({
        totp_id: created.totp_id,
        secret: created.secret,
        qr_code: created.qr_code,
        recovery_codes: created.recovery_codes,
      });
    } catch (failure) {
      setState({ step: 'failed', reason: serverMessageOf(failure) });
    }
  };
  const starting = state.step === 'starting';
  return (
    <section className="factor-choice" aria-labelledby="totp-choice-heading" data-state={state.step}>
      <h2 id="totp-choice-heading">{S.choiceHeading}</h2>
      <p>{S.choiceBody}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={starting ? true : undefined}
          onClick={() => void start()}
        >
          {starting ? S.starting : state.step === 'failed' ? S.tryAgain : S.setUp}
        </button>
      </div>
      {state.step === 'failed' ? (
        <p role="alert" className="error">
          {state.reason === null ? S.startFailed : `${S.startFailed} ${state.reason}`}
        </p>
      ) : null}
    </section>
  );
}

/** The set-up itself: scan or type, save the codes, confirm with the first code. */
export function TotpSetUp({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onConfirmed(): void;
  onCancel(): void;
}) {
  // Issue 27 item 1: the sign-in's language (sign-in-strings.ts).
  const S = useSignInStrings().totp;
  const { client } = useServices();
  const ids = useId();
  const savedRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const [state, setState] = useState<'idle' | 'working' | 'confirmed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codesText = enrolment.recovery_codes.join('\n');
  // The button that opened the set-up is gone: keyboard and screen-reader users continue from its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice(done);
    } catch {
      setNotice(S.copyFailed);
    }
  };

  const confirm = async (value: string) => {
    if (state !== 'idle') return;
    if (!saved) {
      setError(S.savedFirst);
      savedRef.current?.focus();
      return;
    }
    if (value.length !== CODE_LENGTH) {
      setError(S.wrongCode);
      codeRef.current?.focus();
      return;
    }
    setState('working');
    setError(null);
    try {
      await client.totps.authenticate({
        totp_code: value,
        session_duration_minutes: SESSION_DURATION_MINUTES,
      });
    } catch (failure) {
      setState('idle');
      setError(totpFailureMessage(failure, S.wrongCode, S));
      setCode('');
      codeRef.current?.focus();
      return;
    }
    setState('confirmed');
    onConfirmed();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm(code);
  };

  const errorId = `${ids}-error`;
  return (
    <section className="totp-set-up" aria-labelledby="totp-set-up-heading" data-state={state}>
      <h2 id="totp-set-up-heading" ref={headingRef} tabIndex={-1}>
        {S.heading}
      </h2>
      <p className="step-title">{S.scanStep}</p>
      <img className="totp-qr" src={enrolment.qr_code} alt={S.qrAlt} width={200} height={200} />
      <p className="totp-secret">
        {S.secretLabel} <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void copy(enrolment.secret, S.secretCopied)}
        >
          {S.copySecret}
        </button>
      </div>

      <p className="step-title">{S.codesStep}</p>
      <h3 id={`${ids}-codes`}>{S.codesHeading}</h3>
      <p className="muted">{S.codesHint}</p>
      <ul className="recovery-codes" aria-labelledby={`${ids}-codes`} data-testid="totp-recovery-codes">
        {enrolment.recovery_codes.map((recoveryCode) => (
          <li key={recoveryCode}>
            <code>{recoveryCode}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void copy(codesText, S.codesCopied)}
        >
          {S.copyCodes}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => saveFile(new Blob([`${codesText}\n`], { type: 'text/plain' }), S.codesFileName)}
        >
          {S.downloadCodes}
        </button>
      </div>
      <p role="status" className="muted small">
        {notice}
      </p>

      <form onSubmit={submit} noValidate className="totp-confirm">
        <div className="field-inline">
          <input
            ref={savedRef}
            id={`${ids}-saved`}
            type="checkbox"
            checked={saved}
            onChange={(event) => {
              setSaved(event.target.checked);
              if (event.target.checked && error === S.savedFirst) setError(null);
            }}
          />
          <label htmlFor={`${ids}-saved`}>{S.savedCodes}</label>
        </div>
        <p className="step-title">{S.confirmStep}</p>
        <label htmlFor={`${ids}-code`}>{S.codeLabel}</label>
        <CodeInput
          id={`${ids}-code`}
          inputRef={codeRef}
          value={code}
          onChange={setCode}
          // The sixth digit sends the code once the codes are saved; before, Confirm says what is missing.
          onComplete={(digits) => {
            if (saved) void confirm(digits);
          }}
          readOnly={state !== 'idle'}
          invalid={error !== null && error !== S.savedFirst}
          describedBy={error === null ? undefined : errorId}
        />
        {error === null ? null : (
          <p id={errorId} role="alert" className="error">
            {error}
          </p>
        )}
        {state === 'confirmed' ? (
          <p role="status" className="notice notice-success">
            {S.confirmed}
          </p>
        ) : null}
        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={state !== 'idle' ? true : undefined}
          >
            {state === 'idle' ? S.confirm : S.checkingCode}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={onCancel}
            disabled={state !== 'idle'}
          >
            {S.usePasskeyInstead}
          </button>
        </div>
      </form>
    </section>
  );
}
