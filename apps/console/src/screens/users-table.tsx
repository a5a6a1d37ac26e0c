// Issue 26 item 3 (Users): the table — the columns the operator chose (users-columns.ts), the two sortable columns
// (created, last sign-in) as header buttons with aria-sort, and a checkbox per row for the bulk actions.
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { UserSummary } from '../admin-types';
import { displayName, formatDateTime } from '../format';
import type { UsersSearch } from '../search-params';
import { STRINGS } from '../strings';
import { USER_COLUMNS, type UserColumn } from './users-columns';

export type UserSort = Required<Pick<UsersSearch, 'sort' | 'order'>>;

const SORTABLE: Partial<Record<UserColumn, UserSort['sort']>> = {
  created: 'created_at',
  last_sign_in: 'last_sign_in_at',
};

export function userLabel(user: UserSummary): string {
  return displayName(user.name) || user.username || user.emails[0]?.email || user.user_id;
}

/** Up to three identifiers, then "+N more". */
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

function Cell({ column, user }: { column: UserColumn; user: UserSummary }) {
  switch (column) {
    case 'identifiers':
      return <Identifiers user={user} />;
    case 'status':
      return (
        <>
          {user.status}
          {user.blocked_at === null ? null : (
            <>
              {' '}
              <span className="badge badge-danger">{STRINGS.users.blockedBadge}</span>
            </>
          )}
        </>
      );
    case 'verified': {
      const verified = [...user.emails, ...user.phone_numbers].some((each) => each.verified);
      return <>{verified ? STRINGS.userList.yes : STRINGS.userList.no}</>;
    }
    case 'methods':
      return <>{(user.methods ?? []).map((method) => STRINGS.userList.methods[method]).join(', ')}</>;
    case 'created':
      return <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>;
    case 'last_sign_in':
      return user.last_sign_in_at ? (
        <time dateTime={user.last_sign_in_at}>{formatDateTime(user.last_sign_in_at)}</time>
      ) : (
        <span className="muted">{STRINGS.userList.neverSignedIn}</span>
      );
  }
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: UserColumn;
  sort: UserSort;
  onSort(sort: UserSort): void;
}) {
  const label = STRINGS.userList.columns[column]!;
  const key = SORTABLE[column];
  if (key === undefined) return <th scope="col">{label}</th>;
  const active = sort.sort === key;
  const ascending = sort.order === 'asc';
  return (
    <th scope="col" aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="sort-button"
        onClick={() =>
          onSort(active ? { sort: key, order: ascending ? 'desc' : 'asc' } : { sort: key, order: 'desc' })
        }
      >
        {label}
        <span aria-hidden="true">{active ? (ascending ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: readonly UserColumn[];
  onChange(columns: UserColumn[]): void;
}) {
  const ids = useId();
  return (
    <details className="column-chooser">
      <summary>{STRINGS.userList.columnsButton}</summary>
      <fieldset>
        <legend>{STRINGS.userList.columnsLegend}</legend>
        {USER_COLUMNS.map((column) => (
          <div key={column} className="checkbox-field">
            <input
              id={`${ids}-${column}`}
              type="checkbox"
              checked={columns.includes(column)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...columns, column] : columns.filter((each) => each !== column),
                )
              }
            />
            <label htmlFor={`${ids}-${column}`}>{STRINGS.userList.columns[column]}</label>
          </div>
        ))}
      </fieldset>
    </details>
  );
}

export function UsersTable({
  users,
  columns,
  sort,
  onSort,
  selected,
  onSelect,
}: {
  users: UserSummary[];
  columns: readonly UserColumn[];
  sort: UserSort;
  onSort(sort: UserSort): void;
  selected: ReadonlySet<string>;
  onSelect(userIds: string[], on: boolean): void;
}) {
  const all = users.length > 0 && users.every((user) => selected.has(user.user_id));
  const caption = STRINGS.userList.sortedBy(
    STRINGS.userList.columns[sort.sort === 'created_at' ? 'created' : 'last_sign_in']!,
    sort.order === 'asc',
  );
  return (
    <div className="table-scroll">
      <table className="table" data-testid="users-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td className="select-cell">
              <input
                type="checkbox"
                aria-label={STRINGS.userList.selectAll}
                checked={all}
                onChange={(event) =>
                  onSelect(
                    users.map((user) => user.user_id),
                    event.target.checked,
                  )
                }
              />
            </td>
            <th scope="col">{STRINGS.users.columns.user}</th>
            {columns.map((column) => (
              <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = userLabel(user);
            return (
              <tr key={user.user_id}>
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={STRINGS.userList.selectUser(name)}
                    checked={selected.has(user.user_id)}
                    onChange={(event) => onSelect([user.user_id], event.target.checked)}
                  />
                </td>
                <th scope="row">
                  <Link to="/users/$userId" params={{ userId: user.user_id }}>
                    {name}
                  </Link>
                  <div className="muted small mono">{user.user_id}</div>
                </th>
                {columns.map((column) => (
                  <td key={column}>
                    <Cell column={column} user={user} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
