// Issue 26 item 3 (Users): search across identifiers (the admin list's `q`: e-mail, phone, wallet, username, name,
// user id), the filters the API takes (status, blocked, created range), newest first, cursor pagination — all of it
// in the URL (search-params.ts), so a search is a link an operator can share.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { UserListQuery } from '../admin-api';
import type { UserSummary } from '../admin-types';
import { Pagination } from '../components/pagination';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import { displayName, formatDateTime } from '../format';
import type { UsersSearch } from '../search-params';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

const route = getRouteApi('/signed-in/users');
const PAGE_SIZE = 50;

/** The list call of a URL state: dates as the day's first (after) or last (before) instant, UTC. */
export function userListQuery(search: UsersSearch): UserListQuery {
  return {
    q: search.q,
    status: search.status,
    blocked: search.blocked === undefined ? undefined : search.blocked === 'yes',
    created_after: search.created_after === undefined ? undefined : `${search.created_after}T00:00:00.000Z`,
    created_before:
      search.created_before === undefined ? undefined : `${search.created_before}T23:59:59.999Z`,
    cursor: search.cursors?.at(-1),
    limit: PAGE_SIZE,
  };
}

export function UsersScreen() {
  useDocumentTitle(STRINGS.users.title);
  return (
    <RequireScope scope="users:read" title={STRINGS.users.heading}>
      <UsersList />
    </RequireScope>
  );
}

function UsersList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api } = useServices();
  const projectId = useProjectId();
  const listQuery = userListQuery(search);
  const users = useQuery({
    queryKey: ['users', projectId, listQuery],
    queryFn: () => api.users(projectId, listQuery),
    placeholderData: keepPreviousData,
  });

  return (
    <Page title={STRINGS.users.heading} busy={users.isFetching}>
      <UserFilters
        search={search}
        onApply={(next) => void navigate({ search: next })}
        onClear={() => void navigate({ search: {} })}
      />
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title={STRINGS.users.empty} hint={STRINGS.users.emptyHint} />
      ) : (
        <>
          <UsersTable users={users.data.items} />
          <Pagination
            cursors={search.cursors ?? []}
            nextCursor={users.data.next_cursor}
            onChange={(cursors) =>
              void navigate({
                search: (previous) => ({ ...previous, cursors: cursors.length ? cursors : undefined }),
              })
            }
          />
        </>
      )}
    </Page>
  );
}

function UserFilters({
  search,
  onApply,
  onClear,
}: {
  search: UsersSearch;
  onApply(search: UsersSearch): void;
  onClear(): void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<UsersSearch>(search);
  // Back/Forward (or a link) changes the URL: the fields follow it.
  useEffect(() => setDraft(search), [search]);
  const set = (field: keyof UsersSearch, value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value === '' ? undefined : value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { cursors: _dropped, ...filters } = draft;
    onApply(Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)));
  };
  const filtered = Object.keys(search).some((key) => key !== 'cursors');
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to happy-dom); the role is the same landmark.
    <form className="filters" role="search" aria-label={STRINGS.users.searchLabel} onSubmit={submit}>
      <div className="field field-grow">
        <label htmlFor={`${ids}-q`}>{STRINGS.users.searchLabel}</label>
        <input
          id={`${ids}-q`}
          type="search"
          value={draft.q ?? ''}
          onChange={(event) => set('q', event.target.value)}
          aria-describedby={`${ids}-q-hint`}
          maxLength={200}
        />
        <p id={`${ids}-q-hint`} className="hint">
          {STRINGS.users.searchHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-status`}>{STRINGS.users.status}</label>
        <select
          id={`${ids}-status`}
          value={draft.status ?? ''}
          onChange={(event) => set('status', event.target.value)}
        >
          <option value="">{STRINGS.users.statusAny}</option>
          <option value="active">{STRINGS.users.statusActive}</option>
          <option value="pending">{STRINGS.users.statusPending}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-blocked`}>{STRINGS.users.blocked}</label>
        <select
          id={`${ids}-blocked`}
          value={draft.blocked ?? ''}
          onChange={(event) => set('blocked', event.target.value)}
        >
          <option value="">{STRINGS.users.blockedAny}</option>
          <option value="yes">{STRINGS.users.blockedOnly}</option>
          <option value="no">{STRINGS.users.notBlocked}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-after`}>{STRINGS.users.createdAfter}</label>
        <input
          id={`${ids}-after`}
          type="date"
          value={draft.created_after ?? ''}
          onChange={(event) => set('created_after', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-before`}>{STRINGS.users.createdBefore}</label>
        <input
          id={`${ids}-before`}
          type="date"
          value={draft.created_before ?? ''}
          onChange={(event) => set('created_before', event.target.value)}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {STRINGS.users.search}
        </button>
        {filtered ? (
          <button type="button" className="button button-secondary" onClick={onClear}>
            {STRINGS.users.clear}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Up to two identifiers of each kind, then "+N more". */
function Identifiers({ user }: { user: UserSummary }) {
  const all = [
    ...user.emails.map((each) => each.email),
    ...user.phone_numbers.map((each) => each.phone_number),
    ...user.crypto_wallets.map((each) => each.crypto_wallet_address),
  ];
  const shown = all.slice(0, 3);
  return (
    <ul className="plain-list">
      {shown.map((identifier) => (
        <li key={identifier} className="mono">
          {identifier}
        </li>
      ))}
      {all.length > shown.length ? (
        <li className="muted">{STRINGS.users.more(all.length - shown.length)}</li>
      ) : null}
    </ul>
  );
}

function UsersTable({ users }: { users: UserSummary[] }) {
  return (
    <div className="table-scroll">
      <table className="table" data-testid="users-table">
        <caption className="visually-hidden">{STRINGS.users.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{STRINGS.users.columns.user}</th>
            <th scope="col">{STRINGS.users.columns.identifiers}</th>
            <th scope="col">{STRINGS.users.columns.status}</th>
            <th scope="col">{STRINGS.users.columns.created}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = displayName(user.name) || user.username || user.emails[0]?.email || user.user_id;
            return (
              <tr key={user.user_id}>
                <th scope="row">
                  <Link to="/users/$userId" params={{ userId: user.user_id }}>
                    {name}
                  </Link>
                  <div className="muted small mono">{user.user_id}</div>
                </th>
                <td>
                  <Identifiers user={user} />
                </td>
                <td>
                  {user.status}
                  {user.blocked_at === null ? null : (
                    <>
                      {' '}
                      <span className="badge badge-danger">{STRINGS.users.blockedBadge}</span>
                    </>
                  )}
                </td>
                <td>
                  <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
