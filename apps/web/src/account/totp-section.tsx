// Issue 13 item 3: the authenticator app (wire-format.md §4.8). Set-up is POST /totps: the QR code (`qr_code`, an
// SVG data URL) and the secret for typing by hand, and the 10 recovery codes, shown this once (the server keeps
// only their hashes) with copy and download and an "I saved them" box that must be ticked before the first code
// from the app confirms the set-up (POST /totps/authenticate). When set up: how many recovery codes are left
// (POST /totps/recovery_codes, `recovery_codes_remaining`) and removal (DELETE /users/totps/{id}). Issue 20 item 3:
// the set-up (POST /totps) and the removal need a recent sign-in (server: sessions/step-up.ts SESSION_ROUTE_RULES);
// refused, they wait for "Confirm it's you" and then run again. Issue 22 finding 5: the removal, which turns two-step
// sign-in off, asks first in a dialog that says so. The first code's confirmation (POST
// /totps/authenticate) is itself a sign-in with the new app and is never refused for that, so it is not guarded.
import {
  CodeInput,
  isReauthenticationCancelled,
  useReauthentication,
} from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AppClient, UserView } from '../app-client';
import { STRINGS } from '../strings';
import { SESSION_DURATION_MINUTES } from '../widget-config';
import { invalidateAccount, reasonOf, useRecoveryCodesRemaining } from './account-data';
import { ConfirmItsYou } from './confirm-its-you';
import { RemovalError, RemoveButton } from './remove-button';
import { useToast } from './toasts';
import { useRemoval } from './use-removal';

/** Minutes the new app has to be confirmed (SPEC §5: the server allows 5..1440). */
export const TOTP_ENROLMENT_MINUTES = 10;

interface Enrolment {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

function Enrol({
  client,
  enrolment,
  onDone,
}: {
  client: AppClient;
  enrolment: Enrolment;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const ids = useId();
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codesText = enrolment.recovery_codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText);
      notify(STRINGS.account.codesCopied);
    } catch {
      setError(STRINGS.account.copyFailed);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${codesText}\n`], { type: 'text/plain' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = STRINGS.account.recoveryCodesFileName;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!saved) return;
    setBusy(true);
    setError(null);
    try {
      await client.totps.authenticate({
        totp_code: code.trim(),
        session_duration_minutes: SESSION_DURATION_MINUTES,
      });
      notify(STRINGS.account.totpEnabled);
      onDone();
      await invalidateAccount(queryClient);
    } catch (failure) {
      setError(reasonOf(failure, STRINGS.account.verifyFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="account-totp-enrolment">
      <p>{STRINGS.account.totpScan}</p>
      <img
        className="totp-qr"
        src={enrolment.qr_code}
        alt={STRINGS.account.totpQrAlt}
        width={200}
        height={200}
      />
      <p>
        {STRINGS.account.totpSecretLabel}{' '}
        <code dir="ltr" data-testid="account-totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <h3 id={`${ids}-codes`}>{STRINGS.account.recoveryCodesHeading}</h3>
      <p>{STRINGS.account.recoveryCodesHint}</p>
      <ul className="recovery-codes" aria-labelledby={`${ids}-codes`} data-testid="account-recovery-codes">
        {enrolment.recovery_codes.map((recoveryCode) => (
          <li key={recoveryCode}>
            <code dir="ltr">{recoveryCode}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button button-small button-secondary" onClick={copy}>
          {STRINGS.account.copyCodes}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={download}>
          {STRINGS.account.downloadCodes}
        </button>
      </div>
      <form onSubmit={confirm}>
        <p>
          <input
            id={`${ids}-saved`}
            type="checkbox"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
          />{' '}
          <label htmlFor={`${ids}-saved`}>{STRINGS.account.savedCodes}</label>
        </p>
        <label htmlFor={`${ids}-code`}>{STRINGS.account.totpCodeLabel}</label>
        {/* Issue 22 finding 10: the six-box code input; no submit at the sixth digit here, since the recovery codes
            must be saved first (the checkbox) and Confirm says so. */}
        <CodeInput
          id={`${ids}-code`}
          value={code}
          onChange={setCode}
          onComplete={() => {}}
          readOnly={busy}
          invalid={error !== null}
          describedBy={saved ? undefined : `${ids}-hint`}
        />
        {saved ? null : (
          <p id={`${ids}-hint`} className="muted">
            {STRINGS.account.totpConfirmHint}
          </p>
        )}
        <button type="submit" className="button button-small" disabled={!saved || busy}>
          {busy ? STRINGS.account.verifying : STRINGS.account.totpConfirm}
        </button>
      </form>
      {error !== null ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TotpSection({ client, user }: { client: AppClient; user: UserView }) {
  const verified = user.totps.find((totp) => totp.verified) ?? null;
  const remaining = useRecoveryCodesRemaining(client, verified !== null);
  const { busy, error, remove, reauthentication } = useRemoval();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const setUp = useReauthentication();

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const created = await setUp.guard(() =>
        client.totps.create({ expiration_minutes: TOTP_ENROLMENT_MINUTES }),
      );
      setEnrolment({
        totp_id: created.totp_id,
        secret: created.secret,
        qr_code: created.qr_code,
        recovery_codes: created.recovery_codes,
      });
    } catch (failure) {
      // Cancelled: nothing was created and nothing needs saying.
      if (!isReauthenticationCancelled(failure)) {
        setStartError(reasonOf(failure, STRINGS.account.totpStartFailed));
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <section aria-labelledby="account-totp-heading" data-testid="account-totp">
      <h2 id="account-totp-heading">{STRINGS.account.totpSection}</h2>
      {verified !== null && enrolment === null ? (
        <>
          <p>{STRINGS.account.totpOn}</p>
          {typeof remaining.data === 'number' ? (
            <p data-testid="account-recovery-remaining">
              {STRINGS.account.recoveryCodesRemaining(remaining.data)}
            </p>
          ) : null}
          <RemoveButton
            label={STRINGS.account.totpName}
            ariaLabel={STRINGS.account.totpRemoveLabel}
            busy={busy === verified.totp_id}
            disabled={busy !== null}
            confirmTitle={STRINGS.account.confirmRemoveTotpTitle}
            confirmDescription={STRINGS.account.confirmRemoveTotp}
            onClick={() =>
              remove(verified.totp_id, STRINGS.account.totpName, () =>
                client.user.deleteTOTP(verified.totp_id),
              )
            }
          />
          <RemovalError error={error} testId="account-totp-error" />
          <ConfirmItsYou request={reauthentication} testId="account-totp-reauthentication" />
        </>
      ) : enrolment !== null ? (
        // Shown once: leaving this state (finishing) forgets the codes; they are never fetched again.
        <Enrol client={client} enrolment={enrolment} onDone={() => setEnrolment(null)} />
      ) : (
        <>
          <p className="muted">{STRINGS.account.totpOff}</p>
          <button type="button" className="button button-small" disabled={starting} onClick={start}>
            {starting ? STRINGS.account.totpStarting : STRINGS.account.totpSetUp}
          </button>
          {startError !== null ? (
            <p role="alert" className="error">
              {startError}
            </p>
          ) : null}
          <ConfirmItsYou request={setUp.request} testId="account-totp-reauthentication" />
        </>
      )}
    </section>
  );
}
