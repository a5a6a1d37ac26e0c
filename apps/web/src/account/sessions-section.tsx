// Issue 13 item 3: the user's active sessions (GET /sessions/list, Gatehouse's own call: nothing in Stytch's
// browser protocol lists them), this device's marked, with "Sign out of this device" (POST /sessions/revoke, SPEC
// §4: revoking clears local state, then the sign-in page) and "Sign out everywhere else" (POST
// /sessions/revoke_others). The second is offered only when another session exists: there is nothing else to end.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppClient, ListedSessionView } from '../app-client';
import { navigate } from '../router';
import { STRINGS } from '../strings';
import { invalidateAccount, reasonOf, useAccountSessions } from './account-data';
import { useToast } from './toasts';

/** A timestamp as the visitor's locale shows it, with the machine-readable value kept in <time>. */
export function Timestamp({ value }: { value: string }) {
  const date = new Date(value);
  const label = Number.isNaN(date.getTime()) ? value : date.toLocaleString();
  return <time dateTime={value}>{label}</time>;
}

function SessionRow({ session, current }: { session: ListedSessionView; current: boolean }) {
  const device = session.attributes.user_agent.trim() || STRINGS.account.unknownDevice;
  return (
    <li data-current={current ? 'true' : undefined} data-session-id={session.session_id}>
      <p className="session-device">
        {device} {current ? <strong className="badge">{STRINGS.account.thisDevice}</strong> : null}
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
            <dd>{session.attributes.ip_address}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export function SessionsSection({ client }: { client: AppClient }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const sessions = useAccountSessions(client);
  const [state, setState] = useState<'idle' | 'signing-out' | 'signing-out-others'>('idle');
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

  const list = sessions.data;
  const others = list ? list.sessions.filter((s) => s.session_id !== list.current_session_id).length : 0;

  return (
    <section aria-labelledby="account-sessions-heading" data-testid="account-sessions" data-state={state}>
      <h2 id="account-sessions-heading">{STRINGS.account.sessionsSection}</h2>
      {list ? (
        <ul className="plain-list item-list session-list" data-testid="account-session-list">
          {list.sessions.map((session) => (
            <SessionRow
              key={session.session_id}
              session={session}
              current={session.session_id === list.current_session_id}
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
        <button type="button" className="button" onClick={signOut} disabled={state !== 'idle'}>
          {state === 'signing-out' ? STRINGS.account.signingOut : STRINGS.account.signOut}
        </button>
        {others > 0 ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={signOutOthers}
            disabled={state !== 'idle'}
          >
            {state === 'signing-out-others'
              ? STRINGS.account.signingOutOthers
              : STRINGS.account.signOutOthers}
          </button>
        ) : null}
      </div>
    </section>
  );
}
