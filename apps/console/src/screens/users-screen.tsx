// Issue 26 item 3 (Users): search across identifiers (the admin list's `q`: e-mail, phone, wallet, username, name,
// user id), filters (status, blocked, sign-in method, verified, created and last sign-in ranges, metadata), the order
// (created or last sign-in, either way), cursor pagination that follows the order, the columns shown — all of it in
// the URL (search-params.ts), so a search is a link an operator can share — and bulk actions on the selected users.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UserListQuery } from '../admin-api';
import { Pagination } from '../components/pagination';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import type { UsersSearch } from '../search-params';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { BulkActions } from './users-bulk';
import { colsOf, columnsOf } from './users-columns';
import { UserFilters } from './users-filters';
import { ColumnChooser, type UserSort, UsersTable } from './users-table';

const route = getRouteApi('/signed-in/users');
const PAGE_SIZE = 50;

const startOfDay = (day: string | undefined) => (day === undefined ? undefined : `${day}T00:00:00.000Z`);
const endOfDay = (day: string | undefined) => (day === undefined ? undefined : `${day}T23:59:59.999Z`);

/** The list call of a URL state: dates as the day's first (after) or last (before) instant, UTC. */
export function userListQuery(search: UsersSearch): UserListQuery {
  const metadata =
    search.meta === undefined ? {} : { [`${search.meta_kind ?? 'trusted'}_metadata`]: search.meta };
  return {
    q: search.q,
    status: search.status,
    blocked: search.blocked === undefined ? undefined : search.blocked === 'yes',
    created_after: startOfDay(search.created_after),
    created_before: endOfDay(search.created_before),
    method: search.method,
    verified: search.verified === undefined ? undefined : search.verified === 'yes',
    last_sign_in_after: startOfDay(search.signed_in_after),
    last_sign_in_before: endOfDay(search.signed_in_before),
    ...metadata,
    sort: search.sort,
    order: search.order,
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Another page, filter or order: the selection was of rows no longer shown.
  const queryKey = JSON.stringify(listQuery);
  useEffect(() => {
    void queryKey;
    setSelected(new Set());
  }, [queryKey]);

  const sort: UserSort = { sort: search.sort ?? 'created_at', order: search.order ?? 'desc' };
  const columns = columnsOf(search.cols);
  // The order and columns are kept when the filters change; the page never is (a cursor belongs to its query).
  const view = { sort: search.sort, order: search.order, cols: search.cols };
  const select = (userIds: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const userId of userIds) {
        if (on) next.add(userId);
        else next.delete(userId);
      }
      return next;
    });

  return (
    <Page title={STRINGS.users.heading} busy={users.isFetching}>
      <UserFilters
        search={search}
        onApply={(filters) => void navigate({ search: { ...filters, ...view } })}
        onClear={() => void navigate({ search: view })}
      />
      <div className="list-toolbar">
        <ColumnChooser
          columns={columns}
          onChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, cols: colsOf(next) }), replace: true })
          }
        />
      </div>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title={STRINGS.users.empty} hint={STRINGS.users.emptyHint} />
      ) : (
        <>
          <BulkActions
            projectId={projectId}
            selected={users.data.items.map((user) => user.user_id).filter((userId) => selected.has(userId))}
            onClear={() => setSelected(new Set())}
          />
          <UsersTable
            users={users.data.items}
            columns={columns}
            sort={sort}
            onSort={(next) =>
              void navigate({
                search: (previous) => ({
                  ...previous,
                  sort: next.sort === 'created_at' ? undefined : next.sort,
                  order: next.order === 'desc' ? undefined : next.order,
                  cursors: undefined,
                }),
              })
            }
            selected={selected}
            onSelect={select}
          />
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
