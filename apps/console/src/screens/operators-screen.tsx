// Issue 26 (Operators and API keys): the console's operators — e-mail, role, second factor, last sign-in — and, for
// an owner (operators:write), adding one by address, changing a role and removing, each change behind a dialog. The
// server refuses to remove or demote the last owner (409 last_owner) and asks for a recent sign-in (403
// reauthentication_required: components/action-error.tsx confirms with the passkey and repeats the change). The roles
// table is the server's ROLE_SCOPES as GET /operators answers it, so the console never describes a role on its own.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { AdminApiError } from '../admin-api';
import type { Operator, OperatorRole, RoleDescription } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { RequireScope } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

const S = STRINGS.operators;
const ROLES: readonly OperatorRole[] = ['owner', 'admin', 'support', 'viewer', 'auditor'];

export function roleName(role: string): string {
  return STRINGS.shell.roles[role] ?? role;
}

export function OperatorsScreen() {
  useDocumentTitle(S.title);
  return (
    <RequireScope scope="operators:read" title={S.heading}>
      <Operators />
    </RequireScope>
  );
}

interface Change {
  run(): Promise<unknown>;
  done(): string;
}

/** One change at a time; refreshes the list and says how it went (a refusal through ChangeError). */
function useOperatorChange() {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (change: Change) => {
      await change.run();
      return change.done();
    },
    onMutate: () => setMessage(null),
    onSuccess: async (text) => {
      setMessage(text);
      await queryClient.invalidateQueries({ queryKey: ['operators'] });
      // The change may be the operator's own role: what the console shows them follows it.
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
  return {
    run: (change: Change) => mutation.mutate(change),
    busy: mutation.isPending,
    message,
    error: mutation.error,
    /** The same change again, once the operator confirmed it is them. */
    retry: () => {
      if (mutation.variables !== undefined) mutation.mutate(mutation.variables);
    },
  };
}

/** The operator-specific refusals in the console's words; the rest as every action says them. */
function ChangeError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (
    error instanceof AdminApiError &&
    (error.errorType === 'last_owner' || error.errorType === 'operator_exists')
  ) {
    return (
      <p role="alert" className="notice notice-error" data-state={error.errorType}>
        {error.errorType === 'last_owner' ? S.lastOwner : S.exists}
      </p>
    );
  }
  return <ActionError error={error} onRetry={onRetry} />;
}

function Operators() {
  const { api } = useServices();
  const { can, me } = useOperator();
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => api.operators() });
  const change = useOperatorChange();
  const write = can('operators:write');

  return (
    <Page title={S.heading} busy={operators.isFetching}>
      <section className="panel" aria-labelledby="operators-list-heading">
        <h2 id="operators-list-heading">{S.listHeading}</h2>
        {operators.isPending ? (
          <LoadingState />
        ) : operators.isError ? (
          <ErrorState error={operators.error} onRetry={() => void operators.refetch()} />
        ) : operators.data.items.length === 0 ? (
          <EmptyState title={S.empty} />
        ) : (
          <OperatorsTable
            operators={operators.data.items}
            myOperatorId={me.operator_id ?? null}
            write={write}
            busy={change.busy}
            onChange={change.run}
          />
        )}
        <p role="status" className="status-line" data-testid="operators-status">
          {change.message ?? ''}
        </p>
        {change.error === null ? null : <ChangeError error={change.error} onRetry={change.retry} />}
      </section>
      {write ? <AddOperator /> : null}
      {operators.data === undefined ? null : <RolesTable roles={operators.data.roles} />}
    </Page>
  );
}

function OperatorsTable({
  operators,
  myOperatorId,
  write,
  busy,
  onChange,
}: {
  operators: Operator[];
  myOperatorId: string | null;
  write: boolean;
  busy: boolean;
  onChange(change: Change): void;
}) {
  return (
    <div className="table-scroll">
      <table className="table" data-testid="operators-table">
        <caption className="visually-hidden">{S.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{S.columns.email}</th>
            <th scope="col">{S.columns.role}</th>
            <th scope="col">{S.columns.secondFactor}</th>
            <th scope="col">{S.columns.lastSignIn}</th>
            <th scope="col">{S.columns.added}</th>
            {write ? <th scope="col">{S.columns.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {operators.map((operator) => (
            <OperatorRow
              key={operator.operator_id}
              operator={operator}
              mine={operator.operator_id === myOperatorId}
              write={write}
              busy={busy}
              onChange={onChange}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperatorRow({
  operator,
  mine,
  write,
  busy,
  onChange,
}: {
  operator: Operator;
  mine: boolean;
  write: boolean;
  busy: boolean;
  onChange(change: Change): void;
}) {
  const { api } = useServices();
  const ids = useId();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const email = operator.email ?? S.noEmail;
  return (
    <tr>
      <th scope="row" className="break">
        {email}
        {mine ? <span className="muted"> {S.you}</span> : null}
      </th>
      <td>
        <span className="badge">{roleName(operator.role)}</span>
      </td>
      <td>
        <span className={`badge ${operator.second_factor_enrolled ? 'badge-success' : 'badge-muted'}`}>
          {operator.second_factor_enrolled ? S.enrolled : S.notEnrolled}
        </span>
      </td>
      <td>
        {operator.last_sign_in_at === null ? (
          <span className="muted">{S.never}</span>
        ) : (
          <time dateTime={operator.last_sign_in_at}>{formatDateTime(operator.last_sign_in_at)}</time>
        )}
      </td>
      <td>
        <time dateTime={operator.created_at}>{formatDateTime(operator.created_at)}</time>
      </td>
      {write ? (
        <td>
          <div className="button-row">
            <ConfirmButton
              tone="secondary"
              busy={busy}
              ariaLabel={S.changeRoleLabel(email)}
              title={S.changeRoleTitle(email)}
              description={S.changeRoleBody}
              confirmLabel={S.changeRole}
              fields={
                <div className="field">
                  <label htmlFor={`${ids}-role`}>{S.newRole}</label>
                  <select
                    id={`${ids}-role`}
                    value={role}
                    onChange={(event) => setRole(event.target.value as OperatorRole)}
                  >
                    {ROLES.map((each) => (
                      <option key={each} value={each}>
                        {roleName(each)}
                      </option>
                    ))}
                  </select>
                </div>
              }
              onConfirm={() => {
                const chosen = role;
                onChange({
                  run: () => api.changeOperatorRole(operator.operator_id, chosen),
                  done: () => S.roleChanged(email, roleName(chosen)),
                });
                return true;
              }}
            >
              {S.changeRole}
            </ConfirmButton>
            <ConfirmButton
              busy={busy}
              ariaLabel={S.removeLabel(email)}
              title={S.removeTitle(email)}
              description={S.removeBody}
              confirmLabel={S.remove}
              onConfirm={() => {
                onChange({
                  run: () => api.removeOperator(operator.operator_id),
                  done: () => S.removed(email),
                });
                return true;
              }}
            >
              {S.remove}
            </ConfirmButton>
          </div>
        </td>
      ) : null}
    </tr>
  );
}

function AddOperator() {
  const { api } = useServices();
  const ids = useId();
  const change = useOperatorChange();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.busy) return;
    const address = email.trim();
    if (address === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const chosen = role;
    change.run({
      run: async () => {
        await api.addOperator({ email: address, role: chosen });
        setEmail('');
      },
      done: () => S.added(address, roleName(chosen)),
    });
  };
  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{S.add}</h2>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field field-grow">
          <label htmlFor={`${ids}-email`}>{S.email}</label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="off"
            value={email}
            maxLength={320}
            aria-invalid={missing ? true : undefined}
            aria-describedby={`${ids}-email-hint${missing ? ` ${ids}-email-error` : ''}`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <p id={`${ids}-email-hint`} className="hint">
            {S.emailHint}
          </p>
          {missing ? (
            <p id={`${ids}-email-error`} className="error">
              {S.emailRequired}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-role`}>{S.role}</label>
          <select
            id={`${ids}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
          >
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {roleName(each)}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <button type="submit" className="button button-primary" aria-disabled={change.busy || undefined}>
            {S.addButton}
          </button>
        </div>
      </form>
      <p role="status" className="status-line" data-testid="add-operator-status">
        {change.message ?? ''}
      </p>
      {change.error === null ? null : <ChangeError error={change.error} onRetry={change.retry} />}
    </section>
  );
}

function RolesTable({ roles }: { roles: RoleDescription[] }) {
  return (
    <section className="panel" aria-labelledby="operators-roles-heading">
      <h2 id="operators-roles-heading">{S.rolesHeading}</h2>
      <div className="table-scroll">
        <table className="table" data-testid="roles-table">
          <caption className="visually-hidden">{S.rolesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{S.rolesColumns.role}</th>
              <th scope="col">{S.rolesColumns.scopes}</th>
              <th scope="col">{S.rolesColumns.masked}</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((each) => (
              <tr key={each.role}>
                <th scope="row">{roleName(each.role)}</th>
                <td>
                  <ul className="plain-list">
                    {each.scopes
                      .filter((scope) => scope !== 'self')
                      .map((scope) => (
                        <li key={scope}>{STRINGS.scopes[scope] ?? scope}</li>
                      ))}
                  </ul>
                </td>
                <td>{each.masked ? S.maskedYes : S.maskedNo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
