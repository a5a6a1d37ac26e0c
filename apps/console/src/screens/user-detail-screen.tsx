// Issue 26 item 3 (User detail): identifiers, factors (password state, authenticator app, passkeys with name and
// last use, wallets, social accounts), live sessions with device, IP, start and last use, and the actions
// (user-actions.tsx), each shown only to a role that may take it.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { UserDetail } from '../admin-types';
import { RequireScope, useProjectId } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatEventQuery } from '../event-query';
import { displayName, formatDateTime } from '../format';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { SessionsSection, UserActions } from './user-actions';

const route = getRouteApi('/signed-in/users/$userId');

export function UserDetailScreen() {
  useDocumentTitle(STRINGS.user.title);
  return (
    <RequireScope scope="users:read" title={STRINGS.user.title}>
      <UserDetailPage />
    </RequireScope>
  );
}

function UserDetailPage() {
  const { userId } = route.useParams();
  const { api } = useServices();
  const projectId = useProjectId();
  const detail = useQuery({
    queryKey: ['user', projectId, userId],
    queryFn: () => api.user(projectId, userId),
  });
  const back = (
    <Link to="/users" className="back-link">
      {STRINGS.user.back}
    </Link>
  );
  if (detail.isPending) {
    return (
      <Page title={STRINGS.user.title} busy>
        {back}
        <LoadingState />
      </Page>
    );
  }
  if (detail.isError) {
    return (
      <Page title={STRINGS.user.title}>
        {back}
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </Page>
    );
  }
  const { user } = detail.data;
  const title = displayName(user.name) || user.username || user.emails[0]?.email || user.user_id;
  return (
    <Page title={title} busy={detail.isFetching}>
      {back}
      {detail.data.blocked_at === null ? null : (
        <p className="notice notice-error" data-testid="blocked-notice">
          {STRINGS.user.blockedNotice(detail.data.blocked_reason ?? '')}
        </p>
      )}
      <UserActions projectId={projectId} detail={detail.data} />
      <Identifiers detail={detail.data} />
      <Factors detail={detail.data} />
      <SessionsSection projectId={projectId} detail={detail.data} />
      <ActivityLink userId={user.user_id} />
    </Page>
  );
}

function ActivityLink({ userId }: { userId: string }) {
  const { can } = useOperator();
  if (!can('events:read')) return null;
  return (
    <p>
      <Link to="/activity" search={{ query: formatEventQuery({ user_id: userId }) }}>
        {STRINGS.user.activityLink}
      </Link>
    </p>
  );
}

function Verified({ verified }: { verified: boolean }) {
  return (
    <span className={`badge ${verified ? 'badge-success' : 'badge-muted'}`}>
      {verified ? STRINGS.user.verified : STRINGS.user.unverified}
    </span>
  );
}

function ListOrNone({ items }: { items: Array<{ key: string; text: string; verified: boolean }> }) {
  if (items.length === 0) return <span className="muted">{STRINGS.user.none}</span>;
  return (
    <ul className="plain-list">
      {items.map((item) => (
        <li key={item.key}>
          <span className="mono">{item.text}</span> <Verified verified={item.verified} />
        </li>
      ))}
    </ul>
  );
}

function Identifiers({ detail }: { detail: UserDetail }) {
  const { user } = detail;
  return (
    <section className="panel" aria-labelledby="identifiers-heading">
      <h2 id="identifiers-heading">{STRINGS.user.identifiers}</h2>
      <dl className="facts">
        <dt>{STRINGS.user.userId}</dt>
        <dd className="mono">{user.user_id}</dd>
        <dt>{STRINGS.user.status}</dt>
        <dd>{user.status}</dd>
        <dt>{STRINGS.user.created}</dt>
        <dd>
          <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>
        </dd>
        {user.username === null ? null : (
          <>
            <dt>{STRINGS.user.username}</dt>
            <dd className="mono">{user.username}</dd>
          </>
        )}
        <dt>{STRINGS.user.emails}</dt>
        <dd>
          <ListOrNone
            items={user.emails.map((each) => ({
              key: each.email_id,
              text: each.email,
              verified: each.verified,
            }))}
          />
        </dd>
        <dt>{STRINGS.user.phones}</dt>
        <dd>
          <ListOrNone
            items={user.phone_numbers.map((each) => ({
              key: each.phone_id,
              text: each.phone_number,
              verified: each.verified,
            }))}
          />
        </dd>
        <dt>{STRINGS.user.wallets}</dt>
        <dd>
          <ListOrNone
            items={user.crypto_wallets.map((each) => ({
              key: each.crypto_wallet_id,
              text: `${each.crypto_wallet_type}: ${each.crypto_wallet_address}`,
              verified: each.verified,
            }))}
          />
        </dd>
      </dl>
    </section>
  );
}

function Factors({ detail }: { detail: UserDetail }) {
  const { user } = detail;
  const totpOn = user.totps.some((totp) => totp.verified);
  return (
    <section className="panel" aria-labelledby="factors-heading">
      <h2 id="factors-heading">{STRINGS.user.factors}</h2>
      <dl className="facts">
        <dt>{STRINGS.user.password}</dt>
        <dd data-testid="password-state">
          {user.password === null
            ? STRINGS.user.passwordNone
            : user.password.requires_reset
              ? STRINGS.user.passwordResetRequired
              : STRINGS.user.passwordSet}
        </dd>
        <dt>{STRINGS.user.totp}</dt>
        <dd>{totpOn ? STRINGS.user.totpOn : STRINGS.user.totpOff}</dd>
        <dt>{STRINGS.user.passkeys}</dt>
        <dd>
          {user.webauthn_registrations.length === 0 ? (
            <span className="muted">{STRINGS.user.none}</span>
          ) : (
            <ul className="plain-list">
              {user.webauthn_registrations.map((passkey) => (
                <li key={passkey.webauthn_registration_id}>
                  <strong>
                    {passkey.name || passkey.authenticator_type || passkey.webauthn_registration_id}
                  </strong>
                  {passkey.created_at === undefined ? null : (
                    <span className="muted">
                      {' '}
                      · {STRINGS.user.passkeyAdded} {formatDateTime(passkey.created_at)}
                    </span>
                  )}
                  <span className="muted">
                    {' '}
                    · {STRINGS.user.passkeyLastUsed}{' '}
                    {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : STRINGS.user.never}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{STRINGS.user.oauth}</dt>
        <dd>
          {user.providers.length === 0 ? (
            <span className="muted">{STRINGS.user.none}</span>
          ) : (
            <ul className="plain-list">
              {user.providers.map((provider) => (
                <li key={provider.oauth_user_registration_id}>
                  {provider.provider_type} <span className="mono muted">{provider.provider_subject}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
