// Issue 26 (Operators and API keys): the admin API keys — name, the key's first characters, scopes, created, last used
// — and, with keys:write, creating one (a name and scopes, never more than the operator holds: the form offers only
// those, and the server refuses the rest) and revoking one behind a dialog. The key is in the creation's answer only:
// it is shown once, with a copy button and a warning, and forgotten when the operator says it is stored. Creating asks
// for a recent sign-in (components/action-error.tsx confirms with the passkey and creates it then).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AdminApiKey } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { RequireScope } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

const S = STRINGS.apiKeys;

export function ApiKeysScreen() {
  useDocumentTitle(S.title);
  return (
    <RequireScope scope="keys:read" title={S.heading}>
      <ApiKeys />
    </RequireScope>
  );
}

/** The scopes a key made by this operator may hold: theirs, but `self` (every caller holds it anyway). */
export function grantableScopes(held: readonly string[]): string[] {
  return held.filter((scope) => scope !== 'self');
}

function ApiKeys() {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => api.apiKeys() });
  const [message, setMessage] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: async (key: AdminApiKey) => {
      await api.revokeApiKey(key.id);
      return S.revoked(key.name);
    },
    onMutate: () => setMessage(null),
    onSuccess: async (text) => {
      setMessage(text);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const write = can('keys:write');

  return (
    <Page title={S.heading} busy={keys.isFetching}>
      <p className="muted">{S.intro}</p>
      <section className="panel" aria-labelledby="api-keys-list-heading">
        <h2 id="api-keys-list-heading">{S.listHeading}</h2>
        {keys.isPending ? (
          <LoadingState />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.items.length === 0 ? (
          <EmptyState title={S.empty} hint={S.emptyHint} />
        ) : (
          <KeysTable
            keys={keys.data.items}
            write={write}
            busy={revoke.isPending}
            onRevoke={(key) => revoke.mutate(key)}
          />
        )}
        <p role="status" className="status-line" data-testid="api-keys-status">
          {message ?? ''}
        </p>
        {revoke.error === null ? null : <ActionError error={revoke.error} />}
      </section>
      {write ? <CreateKey /> : null}
    </Page>
  );
}

function KeysTable({
  keys,
  write,
  busy,
  onRevoke,
}: {
  keys: AdminApiKey[];
  write: boolean;
  busy: boolean;
  onRevoke(key: AdminApiKey): void;
}) {
  return (
    <div className="table-scroll">
      <table className="table" data-testid="api-keys-table">
        <caption className="visually-hidden">{S.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{S.columns.name}</th>
            <th scope="col">{S.columns.prefix}</th>
            <th scope="col">{S.columns.scopes}</th>
            <th scope="col">{S.columns.created}</th>
            <th scope="col">{S.columns.lastUsed}</th>
            <th scope="col">{S.columns.status}</th>
            {write ? <th scope="col">{S.columns.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="break">
                {key.name}
              </th>
              <td className="mono nowrap">{key.prefix}…</td>
              <td className="mono">{key.scopes.join(', ')}</td>
              <td>
                <time dateTime={key.created_at}>{formatDateTime(key.created_at)}</time>
              </td>
              <td>
                {key.last_used_at === null ? (
                  <span className="muted">{S.never}</span>
                ) : (
                  <time dateTime={key.last_used_at}>{formatDateTime(key.last_used_at)}</time>
                )}
              </td>
              <td>
                {key.revoked_at === null ? (
                  <span className="badge badge-success">{S.active}</span>
                ) : (
                  <span className="badge badge-muted">{S.revokedOn(formatDateTime(key.revoked_at))}</span>
                )}
              </td>
              {write ? (
                <td>
                  {key.revoked_at === null ? (
                    <ConfirmButton
                      busy={busy}
                      ariaLabel={S.revokeLabel(key.name)}
                      title={S.revokeTitle(key.name)}
                      description={S.revokeBody}
                      confirmLabel={S.revoke}
                      onConfirm={() => {
                        onRevoke(key);
                        return true;
                      }}
                    >
                      {S.revoke}
                    </ConfirmButton>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateKey() {
  const { api } = useServices();
  const { me } = useOperator();
  const queryClient = useQueryClient();
  const ids = useId();
  const grantable = grantableScopes(me.scopes);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<'name' | 'scopes' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: string[] }) => api.createApiKey(body),
    onMutate: () => setSecret(null),
    onSuccess: async (result) => {
      setSecret(result.key);
      setName('');
      setScopes([]);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (name.trim() === '') return setInvalid('name');
    if (scopes.length === 0) return setInvalid('scopes');
    setInvalid(null);
    create.mutate({ name: name.trim(), scopes });
  };
  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{S.create}</h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>{S.name}</label>
          <input
            id={`${ids}-name`}
            type="text"
            value={name}
            maxLength={100}
            autoComplete="off"
            aria-invalid={invalid === 'name' ? true : undefined}
            aria-describedby={`${ids}-name-hint${invalid === 'name' ? ` ${ids}-name-error` : ''}`}
            onChange={(event) => setName(event.target.value)}
          />
          <p id={`${ids}-name-hint`} className="hint">
            {S.nameHint}
          </p>
          {invalid === 'name' ? (
            <p id={`${ids}-name-error`} className="error">
              {S.nameRequired}
            </p>
          ) : null}
        </div>
        <fieldset
          className="key-scopes"
          aria-describedby={`${ids}-scopes-hint${invalid === 'scopes' ? ` ${ids}-scopes-error` : ''}`}
        >
          <legend>{S.scopesLegend}</legend>
          <p id={`${ids}-scopes-hint`} className="hint">
            {S.scopesHint}
          </p>
          <ul className="settings-checks">
            {grantable.map((scope) => (
              <li key={scope} className="field-inline">
                <input
                  id={`${ids}-${scope}`}
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(event) =>
                    setScopes(
                      event.target.checked
                        ? grantable.filter((each) => each === scope || scopes.includes(each))
                        : scopes.filter((each) => each !== scope),
                    )
                  }
                />
                <label htmlFor={`${ids}-${scope}`}>
                  <span className="mono">{scope}</span>{' '}
                  <span className="muted">{STRINGS.scopes[scope] ?? ''}</span>
                </label>
              </li>
            ))}
          </ul>
          {invalid === 'scopes' ? (
            <p id={`${ids}-scopes-error`} className="error">
              {S.scopesRequired}
            </p>
          ) : null}
        </fieldset>
        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={create.isPending || undefined}
          >
            {S.createButton}
          </button>
        </div>
      </form>
      {create.error === null ? null : (
        <ActionError
          error={create.error}
          onRetry={() => {
            if (create.variables !== undefined) create.mutate(create.variables);
          }}
        />
      )}
      {secret === null ? null : (
        <KeyOnce
          secret={secret}
          onDone={() => {
            setSecret(null);
            // The mutation keeps its answer (the key) until reset: forget it there too.
            create.reset();
          }}
        />
      )}
    </section>
  );
}

/** The new key, shown this once: copy it, then say it is stored (it is forgotten then). */
function KeyOnce({ secret, onDone }: { secret: string; onDone(): void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="notice notice-warning" role="alert" data-testid="api-key-once">
      <p className="state-title">{S.secretHeading}</p>
      <p>{S.secretBody}</p>
      <code className="secret mono" data-testid="api-key-secret">
        {secret}
      </code>
      <div className="button-row">
        <button type="button" className="button button-primary button-small" onClick={() => void onCopy()}>
          {S.copy}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          {S.done}
        </button>
      </div>
      <p role="status" className="status-line">
        {copy === 'copied' ? S.copied : copy === 'failed' ? S.copyFailed : ''}
      </p>
    </div>
  );
}
