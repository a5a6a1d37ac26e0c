// Issue 26 item 3 (User detail): identifiers and factors — e-mail addresses, phone numbers and wallets with their
// verification, password state, authenticator app, passkeys with name and last use, social accounts — each with
// "remove" for a role holding users:write (DELETE …/factors/:id). The dialog says what follows; the server refuses
// to remove a user's only way to sign in (409 last_authentication_factor), which the status line shows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { UserDetail } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

/** The factor lists the remove route knows (users-actions-routes.ts FACTOR_LISTS), by the body text's key. */
type FactorKind =
  | 'emails'
  | 'phone_numbers'
  | 'webauthn_registrations'
  | 'oauth'
  | 'crypto_wallets'
  | 'totps';

interface Remove {
  kind: FactorKind;
  id: string;
  /** What the dialog and the status line call it ("ada@example.com", "the passkey MacBook"). */
  label: string;
}

function useRemoveFactor(projectId: string, userId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const mutation = useMutation({
    mutationFn: (remove: Remove) => api.removeFactor(projectId, userId, remove.id),
    onMutate: () => setMessage(''),
    onSuccess: async (_result, remove) => {
      setMessage(STRINGS.userDetail.removed(remove.label));
      await queryClient.invalidateQueries({ queryKey: ['user', projectId, userId] });
      await queryClient.invalidateQueries({ queryKey: ['users', projectId] });
      await queryClient.invalidateQueries({ queryKey: ['user-events', projectId, userId] });
    },
  });
  return { mutation, message };
}

type RemoveControl = (remove: Remove) => ReactNode;

function Verified({ verified }: { verified: boolean }) {
  return (
    <span className={`badge ${verified ? 'badge-success' : 'badge-muted'}`}>
      {verified ? STRINGS.user.verified : STRINGS.user.unverified}
    </span>
  );
}

function ListOrNone({
  items,
  control,
}: {
  items: Array<Remove & { text: ReactNode; verified?: boolean }>;
  control: RemoveControl;
}) {
  if (items.length === 0) return <span className="muted">{STRINGS.user.none}</span>;
  return (
    <ul className="plain-list">
      {items.map((item) => (
        <li key={item.id} className="factor-item">
          <span>
            {item.text} {item.verified === undefined ? null : <Verified verified={item.verified} />}
          </span>{' '}
          {control(item)}
        </li>
      ))}
    </ul>
  );
}

export function UserFactors({ projectId, detail }: { projectId: string; detail: UserDetail }) {
  const { can } = useOperator();
  const { user } = detail;
  const { mutation, message } = useRemoveFactor(projectId, user.user_id);
  const text = STRINGS.userDetail;
  const control: RemoveControl = (remove) =>
    can('users:write') ? (
      <ConfirmButton
        busy={mutation.isPending}
        ariaLabel={text.removeLabel(remove.label)}
        title={text.removeTitle(remove.label)}
        description={`${text.removeBody[remove.kind]} ${text.removeRefused}`}
        confirmLabel={text.remove}
        onConfirm={() => {
          mutation.mutate(remove);
          return true;
        }}
      >
        {text.remove}
      </ConfirmButton>
    ) : null;
  const totp = user.totps.find((each) => each.verified);
  return (
    <>
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
          <dt>{text.lastSignIn}</dt>
          <dd data-testid="last-sign-in">
            {detail.last_sign_in_at ? (
              <time dateTime={detail.last_sign_in_at}>{formatDateTime(detail.last_sign_in_at)}</time>
            ) : (
              STRINGS.userList.neverSignedIn
            )}
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
              control={control}
              items={user.emails.map((each) => ({
                kind: 'emails',
                id: each.email_id,
                label: each.email,
                text: <span className="mono">{each.email}</span>,
                verified: each.verified,
              }))}
            />
          </dd>
          <dt>{STRINGS.user.phones}</dt>
          <dd>
            <ListOrNone
              control={control}
              items={user.phone_numbers.map((each) => ({
                kind: 'phone_numbers',
                id: each.phone_id,
                label: each.phone_number,
                text: <span className="mono">{each.phone_number}</span>,
                verified: each.verified,
              }))}
            />
          </dd>
          <dt>{STRINGS.user.wallets}</dt>
          <dd>
            <ListOrNone
              control={control}
              items={user.crypto_wallets.map((each) => ({
                kind: 'crypto_wallets',
                id: each.crypto_wallet_id,
                label: each.crypto_wallet_address,
                text: (
                  <span className="mono">{`${each.crypto_wallet_type}: ${each.crypto_wallet_address}`}</span>
                ),
                verified: each.verified,
              }))}
            />
          </dd>
        </dl>
      </section>
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
          <dd>
            {totp === undefined ? (
              STRINGS.user.totpOff
            ) : (
              <span className="factor-item">
                {STRINGS.user.totpOn} {control({ kind: 'totps', id: totp.totp_id, label: text.totpLabel })}
              </span>
            )}
          </dd>
          <dt>{STRINGS.user.passkeys}</dt>
          <dd>
            <ListOrNone
              control={control}
              items={user.webauthn_registrations.map((passkey) => {
                const name = passkey.name || passkey.authenticator_type || passkey.webauthn_registration_id;
                return {
                  kind: 'webauthn_registrations',
                  id: passkey.webauthn_registration_id,
                  label: name,
                  text: (
                    <>
                      <strong>{name}</strong>
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
                    </>
                  ),
                };
              })}
            />
          </dd>
          <dt>{STRINGS.user.oauth}</dt>
          <dd>
            <ListOrNone
              control={control}
              items={user.providers.map((provider) => ({
                kind: 'oauth',
                id: provider.oauth_user_registration_id,
                label: `${provider.provider_type} ${provider.provider_subject}`,
                text: (
                  <>
                    {provider.provider_type} <span className="mono muted">{provider.provider_subject}</span>
                  </>
                ),
              }))}
            />
          </dd>
        </dl>
        <p role="status" className="status-line" data-testid="factor-status">
          {message}
        </p>
        {mutation.error === null ? null : <ActionError error={mutation.error} />}
      </section>
    </>
  );
}
