// The account page: who is signed in and with which session; "Sign out" revokes it (SPEC §4 session
// lifecycle: revoking clears local state) and returns to the sign-in page. Issue 4 item 4: it embeds the widget's
// passkey registration mode (SPEC §2 PasskeyRegistrationStart / PasskeyRegistrationSuccess) so a signed-in user
// can add, rename and delete passkeys. App renders every page inside <GatehouseProvider>.
import { PasskeyRegistration } from '@gatehouse/react';
import { useState } from 'react';
import type { AppClient, SessionView, UserView } from '../app-client';
import { Link, navigate } from '../router';
import { STRINGS } from '../strings';
import { useSession, useUser } from '../use-client-state';
import { useDocumentTitle } from '../use-document-title';
import { SESSION_CONFIG } from '../widget-config';

export interface AccountPageProps {
  client: AppClient;
}

/** A timestamp as the visitor's locale shows it, with the machine-readable value kept in <time>. */
function Timestamp({ value }: { value: string }) {
  const date = new Date(value);
  const label = Number.isNaN(date.getTime()) ? value : date.toLocaleString();
  return <time dateTime={value}>{label}</time>;
}

function UserDetails({ user }: { user: UserView }) {
  return (
    <section aria-labelledby="account-user-heading">
      <h2 id="account-user-heading">{STRINGS.account.userSection}</h2>
      <dl className="details">
        <dt>{STRINGS.account.emails}</dt>
        <dd>
          {user.emails.length === 0 ? (
            STRINGS.account.noEmails
          ) : (
            <ul className="plain-list" data-testid="account-emails">
              {user.emails.map((email) => (
                <li key={email.email_id}>
                  {email.email}{' '}
                  <span className="muted">
                    ({email.verified ? STRINGS.account.verified : STRINGS.account.unverified})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{STRINGS.account.userId}</dt>
        <dd>
          <code data-testid="account-user-id">{user.user_id}</code>
        </dd>
      </dl>
    </section>
  );
}

/** The server's reason (error_message of an API error) when it gave one, else the fallback. */
function reasonOf(error: unknown, fallback: string): string {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { error_message?: unknown };
  return typeof fields.error_message === 'string' && fields.error_message !== ''
    ? fields.error_message
    : fallback;
}

/**
 * Issue 11 item 4: the linked social accounts, each with an unlink button (DELETE /users/oauth/{id}). The server
 * refuses to unlink the user's last way to sign in; its error_message is shown as it came. On success the SDK
 * stores the user the server answers, so the row disappears through the user state.
 */
function LinkedProviders({ client, user }: { client: AppClient; user: UserView }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const name = (type: string) => STRINGS.account.providerNames[type] ?? type;

  const unlink = async (id: string, type: string) => {
    setBusy(id);
    setOutcome(null);
    try {
      await client.user.deleteOAuthRegistration(id);
      setOutcome({ kind: 'done', text: STRINGS.account.unlinked(name(type)) });
    } catch (error) {
      setOutcome({ kind: 'failed', text: reasonOf(error, STRINGS.account.unlinkFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="account-providers-heading">
      <h2 id="account-providers-heading">{STRINGS.account.providersSection}</h2>
      {user.providers.length === 0 ? (
        <p className="muted">{STRINGS.account.noProviders}</p>
      ) : (
        <ul className="plain-list" data-testid="account-providers">
          {user.providers.map((provider) => (
            <li key={provider.oauth_user_registration_id} data-provider={provider.provider_type}>
              {name(provider.provider_type)} <span className="muted">({provider.provider_subject})</span>{' '}
              <button
                type="button"
                className="button"
                aria-label={STRINGS.account.unlinkProvider(name(provider.provider_type))}
                disabled={busy !== null}
                onClick={() => unlink(provider.oauth_user_registration_id, provider.provider_type)}
              >
                {busy === provider.oauth_user_registration_id
                  ? STRINGS.account.unlinking
                  : STRINGS.account.unlink}
              </button>
            </li>
          ))}
        </ul>
      )}
      {outcome !== null ? (
        <p
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          className={outcome.kind === 'failed' ? 'error' : 'muted'}
          data-testid="account-providers-outcome"
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}

function SessionDetails({ session }: { session: SessionView }) {
  return (
    <section aria-labelledby="account-session-heading">
      <h2 id="account-session-heading">{STRINGS.account.sessionSection}</h2>
      <dl className="details">
        <dt>{STRINGS.account.sessionId}</dt>
        <dd>
          <code data-testid="account-session-id">{session.session_id}</code>
        </dd>
        <dt>{STRINGS.account.sessionStarted}</dt>
        <dd>
          <Timestamp value={session.started_at} />
        </dd>
        <dt>{STRINGS.account.sessionExpires}</dt>
        <dd>
          <Timestamp value={session.expires_at} />
        </dd>
      </dl>
    </section>
  );
}

export function AccountPage({ client }: AccountPageProps) {
  useDocumentTitle(STRINGS.documentTitle.account);
  const session = useSession(client);
  const user = useUser(client);
  const [state, setState] = useState<'idle' | 'signing-out' | 'failed'>('idle');

  if (!session) {
    return (
      <section className="card" aria-labelledby="page-heading">
        <h1 id="page-heading">{STRINGS.account.heading}</h1>
        <p>{STRINGS.account.signedOut}</p>
        <p>
          <Link to="/" className="button">
            {STRINGS.account.backToSignIn}
          </Link>
        </p>
      </section>
    );
  }

  const signOut = async () => {
    setState('signing-out');
    try {
      await client.session.revoke();
      navigate('/');
    } catch {
      // SPEC §4: a failed revoke keeps local state unless forced; the user may retry.
      setState('failed');
    }
  };

  return (
    <section className="card" aria-labelledby="page-heading" data-state={state}>
      <h1 id="page-heading">{STRINGS.account.heading}</h1>
      {user ? <UserDetails user={user} /> : <p aria-live="polite">{STRINGS.account.loading}</p>}
      {user ? <LinkedProviders client={client} user={user} /> : null}
      <SessionDetails session={session} />
      <section className="account-passkeys" aria-label={STRINGS.account.passkeysSection}>
        <PasskeyRegistration config={SESSION_CONFIG} />
      </section>
      {state === 'failed' ? (
        <p role="alert" className="error">
          {STRINGS.account.signOutFailed}
        </p>
      ) : null}
      <button type="button" className="button" onClick={signOut} disabled={state === 'signing-out'}>
        {state === 'signing-out' ? STRINGS.account.signingOut : STRINGS.account.signOut}
      </button>
    </section>
  );
}
