// Issue 13 item 3: the user's active sessions (GET /sessions/list, Gatehouse's own call: nothing in Stytch's
// browser protocol lists them), this device's marked, with "Sign out of this device" (POST /sessions/revoke, SPEC
// §4: revoking clears local state, then the sign-in page) and "Sign out everywhere else" (POST
// /sessions/revoke_others). The second is offered only when another session exists: there is nothing else to end.
// Issue 22 finding 5: "Sign out everywhere else" asks first in a dialog (./confirm-dialog).
// Issue 22: each session shows its device's name, when it signed in, its last activity and its IP address; no ids.
// Issue 22: each other session has its own "Sign out" (POST /sessions/revoke_one), confirmed in the dialog.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppClient, ListedSessionView } from '../app-client';
import { formatDateTime } from '../locale';
import { navigate } from '../router';
import { STRINGS } from '../strings';
import { invalidateAccount, reasonOf, useAccountSessions } from './account-data';
import { ConfirmButton } from './confirm-dialog';
import { useToast } from './toasts';

/**
 * Day and minute (seconds say nothing here), in the app's locale (issue 27 item 2): "Nov 28, 2026, 12:17 AM",
 * "28 nov. 2026, 00:17", "28/11/2026، 12:17 ص" as Intl writes them.
 */
const TIMESTAMP_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A timestamp as the app's locale shows it, with the machine-readable value kept in <time>. */
export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value, TIMESTAMP_FORMAT)}</time>;
}

/**
 * Issue 22: the device as people know it ("Chrome on Linux"), named by the server with the same parser as the
 * security notices (GET /sessions/list `device_name`); "Unknown device" when it recognised nothing or is older than
 * the field. The raw User-Agent ("Mozilla/5.0 (X11; …") is never shown.
 */
export function deviceLabel(session: Pick<ListedSessionView, 'device_name'>): string {
  const name = session.device_name?.trim() ?? '';
  return name === '' ? STRINGS.account.unknownDevice : name;
}

function SessionRow({
  session,
  current,
  busy,
  onSignOut,
}: {
  session: ListedSessionView;
  current: boolean;
  busy: boolean;
  onSignOut(session: ListedSessionView): void;
}) {
  const device = deviceLabel(session);
  return (
    <li data-current={current ? 'true' : undefined}>
      <p className="session-device">
        {deviceLabel(session)}{' '}
        {current ? <strong className="badge">{STRINGS.account.thisDevice}</strong> : null}
      </p>
      <dl className="details">
        <dt>{STRINGS.account.sessionStarted}</dt>
        <dd>
          <Timestamp value={session.started_at} />
        </dd>
        <dt>{STRINGS.account.lastActive}</dt>
        <dd>
          <Timestamp value={session.last_accessed_at} />
        </dd>
        {session.attributes.ip_address !== '' ? (
          <>
            <dt>{STRINGS.account.ipAddress}</dt>
            <dd>
              <span dir="ltr">{session.attributes.ip_address}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {current ? null : (
        <ConfirmButton
          busy={busy}
          ariaLabel={STRINGS.account.signOutSessionLabel(device)}
          title={STRINGS.account.confirmSignOutSessionTitle(device)}
          description={STRINGS.account.confirmSignOutSession}
          confirmLabel={STRINGS.account.signOutSession}
          onConfirm={() => onSignOut(session)}
          testId="account-sign-out-session"
        >
          {STRINGS.account.signOutSession}
        </ConfirmButton>
      )}
    </li>
  );
}

export function SessionsSection({ client }: { client: AppClient }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const sessions = useAccountSessions(client);
  const [state, setState] = useState<'idle' | 'signing-out' | 'signing-out-others' | 'signing-out-one'>(
    'idle',
  );
  const [error, setError] = useState<string | null>(null);

  const signOut = async () => {
    setState('signing-out');
    setError(null);
    try {
      await client.session.revoke();
      navigate('/');
    } catch {
      // SPEC §4: a failed revoke keeps local state unless forced; the user may retry.
      setError(STRINGS.account.signOutFailed);
      setState('idle');
    }
  };

  const signOutOthers = async () => {
    setState('signing-out-others');
    setError(null);
    try {
      const { revoked_count } = await client.session.revokeOthers();
      notify(STRINGS.account.signedOutOthers(revoked_count));
      await invalidateAccount(queryClient);
    } catch (failure) {
      setError(reasonOf(failure, STRINGS.account.signOutOthersFailed));
    } finally {
      setState('idle');
    }
  };

  const signOutOne = async (session: ListedSessionView) => {
    setState('signing-out-one');
    setError(null);
    try {
      await client.session.revokeOne({ session_id: session.session_id });
      notify(STRINGS.account.signedOutSession(deviceLabel(session)));
    } catch (failure) {
      setError(reasonOf(failure, STRINGS.account.signOutSessionFailed));
    } finally {
      // Either way the list is read again: a 404 means that session had ended already.
      await invalidateAccount(queryClient);
      setState('idle');
    }
  };

  const list = sessions.data;
  const others = list ? list.sessions.filter((s) => s.session_id !== list.current_session_id).length : 0;
  // This device first, then the others oldest first (the server's order).
  const ordered = list
    ? [
        ...list.sessions.filter((s) => s.session_id === list.current_session_id),
        ...list.sessions.filter((s) => s.session_id !== list.current_session_id),
      ]
    : [];

  return (
    <section aria-labelledby="account-sessions-heading" data-testid="account-sessions" data-state={state}>
      <h2 id="account-sessions-heading">{STRINGS.account.sessionsSection}</h2>
      {list ? (
        <ul className="plain-list item-list session-list" data-testid="account-session-list">
          {ordered.map((session) => (
            <SessionRow
              key={session.session_id}
              session={session}
              current={session.session_id === list.current_session_id}
              busy={state !== 'idle'}
              onSignOut={signOutOne}
            />
          ))}
        </ul>
      ) : sessions.isError ? (
        <p className="error">{STRINGS.account.loadFailed}</p>
      ) : (
        <p className="muted">{STRINGS.account.loading}</p>
      )}
      {list && others === 0 ? <p className="muted">{STRINGS.account.noOtherSessions}</p> : null}
      {error !== null ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button button-small" onClick={signOut} disabled={state !== 'idle'}>
          {state === 'signing-out' ? STRINGS.account.signingOut : STRINGS.account.signOut}
        </button>
        {others > 0 ? (
          <ConfirmButton
            className="button-row-item"
            busy={state !== 'idle'}
            title={STRINGS.account.confirmSignOutOthersTitle}
            description={STRINGS.account.confirmSignOutOthers}
            confirmLabel={STRINGS.account.signOutOthers}
            onConfirm={signOutOthers}
            testId="account-sign-out-others"
          >
            {state === 'signing-out-others'
              ? STRINGS.account.signingOutOthers
              : STRINGS.account.signOutOthers}
          </ConfirmButton>
        ) : null}
      </div>
    </section>
  );
}
