// Issue 26 item 3 (User detail): the actions — revoke one session or all, block with a reason or unblock, send a
// login link, require a password reset, delete — each behind a dialog that says what follows, and each shown only
// to a role whose scopes allow it (the support desk's users:support: login link, sessions, unblock; users:write for
// the rest). The result is announced in a status line; a refusal by ActionError.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { UserDetail, WireSession } from '../admin-types';
import { ActionError } from '../components/action-error';
import { useBlockReason } from '../components/block-reason';
import { ConfirmButton } from '../components/confirm-dialog';
import { useOperator, useServices } from '../console-context';
import { deviceOf, formatDateTime } from '../format';
import { STRINGS } from '../strings';

interface Action {
  run(): Promise<unknown>;
  /** The status line after success. */
  done(result: unknown): string;
  deletes?: boolean;
  /** After success, however it was run (the first time, or again once the operator confirmed it is them). */
  after?: () => void;
}

/** Runs one admin call at a time for a user, then refreshes what it changed and says how it went. */
function useUserAction(projectId: string, userId: string) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (action: Action) => action.done(await action.run()),
    onMutate: () => setMessage(null),
    onSuccess: async (text, action) => {
      setMessage(text);
      // A deleted user is gone: refetching them would only flash a 404 before the list shows.
      if (action.deletes) queryClient.removeQueries({ queryKey: ['user', projectId, userId] });
      else await queryClient.invalidateQueries({ queryKey: ['user', projectId, userId] });
      await queryClient.invalidateQueries({ queryKey: ['users', projectId] });
      // Each action is an event of the user's: the activity timeline (user-timeline.tsx) shows it.
      if (!action.deletes)
        await queryClient.invalidateQueries({ queryKey: ['user-events', projectId, userId] });
      action.after?.();
    },
  });
  return {
    run: (run: () => Promise<unknown>, done: (result: unknown) => string) => mutation.mutate({ run, done }),
    runAsync: (action: Action) => mutation.mutateAsync(action),
    busy: mutation.isPending,
    message,
    error: mutation.error,
    /** The last action again (after the operator confirmed it is them: components/action-error.tsx). */
    retry: () => {
      if (mutation.variables !== undefined) mutation.mutate(mutation.variables);
    },
  };
}

function Feedback({
  message,
  error,
  onRetry,
}: {
  message: string | null;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <>
      <p role="status" className="status-line" data-testid="action-status">
        {message ?? ''}
      </p>
      {error === null ? null : <ActionError error={error} onRetry={onRetry} />}
    </>
  );
}

export function UserActions({ projectId, detail }: { projectId: string; detail: UserDetail }) {
  const { api } = useServices();
  const { can } = useOperator();
  const navigate = useNavigate();
  const ids = useId();
  const { user } = detail;
  const action = useUserAction(projectId, user.user_id);
  const blockReason = useBlockReason();

  const support = can('users:support');
  const write = can('users:write');
  if (!support && !write) return null;

  const email = user.emails.find((each) => each.verified)?.email ?? null;
  const blocked = detail.blocked_at !== null;
  const id = user.user_id;

  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{STRINGS.user.actions}</h2>
      <div className="button-row wrap">
        {support ? (
          <ConfirmButton
            tone="secondary"
            busy={action.busy}
            disabled={email === null}
            ariaLabel={
              email === null ? `${STRINGS.user.loginLink}: ${STRINGS.user.loginLinkNoEmail}` : undefined
            }
            title={STRINGS.user.loginLinkTitle}
            description={STRINGS.user.loginLinkBody(email ?? '')}
            confirmLabel={STRINGS.user.loginLink}
            onConfirm={() =>
              action.run(
                () => api.sendLoginLink(projectId, id),
                (result) => STRINGS.user.done.loginLink((result as { email: string }).email),
              )
            }
          >
            {STRINGS.user.loginLink}
          </ConfirmButton>
        ) : null}
        {write && user.password !== null ? (
          <ConfirmButton
            busy={action.busy}
            disabled={email === null}
            title={STRINGS.user.passwordResetTitle}
            description={STRINGS.user.passwordResetBody(email ?? '')}
            confirmLabel={STRINGS.user.passwordReset}
            onConfirm={() =>
              action.run(
                () => api.requirePasswordReset(projectId, id),
                (result) => STRINGS.user.done.passwordReset((result as { email: string }).email),
              )
            }
          >
            {STRINGS.user.passwordReset}
          </ConfirmButton>
        ) : null}
        {blocked && support ? (
          <ConfirmButton
            tone="secondary"
            busy={action.busy}
            title={STRINGS.user.unblockTitle}
            description={STRINGS.user.unblockBody}
            confirmLabel={STRINGS.user.unblock}
            onConfirm={() =>
              action.run(
                () => api.unblock(projectId, id),
                () => STRINGS.user.done.unblocked,
              )
            }
          >
            {STRINGS.user.unblock}
          </ConfirmButton>
        ) : null}
        {!blocked && write ? (
          <ConfirmButton
            busy={action.busy}
            title={STRINGS.user.blockTitle}
            description={STRINGS.user.blockBody}
            confirmLabel={STRINGS.user.block}
            fields={blockReason.field}
            onConfirm={() => {
              const text = blockReason.take();
              if (text === null) return false;
              action.run(
                () => api.block(projectId, id, text),
                () => STRINGS.user.done.blocked,
              );
              return true;
            }}
          >
            {STRINGS.user.block}
          </ConfirmButton>
        ) : null}
        {write ? (
          <ConfirmButton
            busy={action.busy}
            title={STRINGS.user.deleteTitle}
            description={STRINGS.user.deleteBody}
            confirmLabel={STRINGS.user.delete}
            testId="delete-user"
            onConfirm={() => {
              void action
                .runAsync({
                  run: () => api.deleteUser(projectId, id),
                  done: () => STRINGS.user.done.deleted,
                  deletes: true,
                  after: () => void navigate({ to: '/users' }),
                })
                .catch(() => undefined);
              return true;
            }}
          >
            {STRINGS.user.delete}
          </ConfirmButton>
        ) : null}
      </div>
      <Feedback message={action.message} error={action.error} onRetry={action.retry} />
    </section>
  );
}

export function SessionsSection({ projectId, detail }: { projectId: string; detail: UserDetail }) {
  const { api } = useServices();
  const { can } = useOperator();
  const ids = useId();
  const userId = detail.user.user_id;
  const action = useUserAction(projectId, userId);
  const revoking = can('users:support');
  const { sessions } = detail;

  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <div className="panel-header">
        <h2 id={`${ids}-heading`}>{STRINGS.user.sessions}</h2>
        {revoking && sessions.length > 0 ? (
          <ConfirmButton
            busy={action.busy}
            title={STRINGS.user.revokeAllTitle}
            description={STRINGS.user.revokeAllBody(sessions.length)}
            confirmLabel={STRINGS.user.revokeAll}
            onConfirm={() =>
              action.run(
                () => api.revokeAllSessions(projectId, userId),
                (result) =>
                  STRINGS.user.done.revokedAll(
                    (result as { revoked_session_ids: string[] }).revoked_session_ids.length,
                  ),
              )
            }
          >
            {STRINGS.user.revokeAll}
          </ConfirmButton>
        ) : null}
      </div>
      {sessions.length === 0 ? (
        <p className="muted" data-state="empty">
          {STRINGS.user.sessionsEmpty}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="sessions-table">
            <caption className="visually-hidden">{STRINGS.user.sessionsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{STRINGS.user.sessionColumns.device}</th>
                <th scope="col">{STRINGS.user.sessionColumns.ip}</th>
                <th scope="col">{STRINGS.user.sessionColumns.created}</th>
                <th scope="col">{STRINGS.user.sessionColumns.lastUsed}</th>
                {revoking ? <th scope="col">{STRINGS.user.sessionColumns.actions}</th> : null}
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <SessionRow
                  key={session.session_id}
                  session={session}
                  busy={action.busy}
                  revoking={revoking}
                  onRevoke={() =>
                    action.run(
                      () => api.revokeSession(projectId, userId, session.session_id),
                      () => STRINGS.user.done.revoked,
                    )
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Feedback message={action.message} error={action.error} onRetry={action.retry} />
    </section>
  );
}

function SessionRow({
  session,
  busy,
  revoking,
  onRevoke,
}: {
  session: WireSession;
  busy: boolean;
  revoking: boolean;
  onRevoke(): void;
}) {
  const device = deviceOf(session.attributes.user_agent) ?? STRINGS.user.unknownDevice;
  return (
    <tr>
      <th scope="row" title={session.attributes.user_agent}>
        {device}
      </th>
      <td className="mono">{session.attributes.ip_address}</td>
      <td>
        <time dateTime={session.started_at}>{formatDateTime(session.started_at)}</time>
      </td>
      <td>
        <time dateTime={session.last_accessed_at}>{formatDateTime(session.last_accessed_at)}</time>
      </td>
      {revoking ? (
        <td>
          <ConfirmButton
            busy={busy}
            ariaLabel={STRINGS.user.revokeLabel(device)}
            title={STRINGS.user.revokeTitle}
            description={STRINGS.user.revokeBody}
            confirmLabel={STRINGS.user.revoke}
            onConfirm={() => {
              onRevoke();
              return true;
            }}
          >
            {STRINGS.user.revoke}
          </ConfirmButton>
        </td>
      ) : null}
    </tr>
  );
}
