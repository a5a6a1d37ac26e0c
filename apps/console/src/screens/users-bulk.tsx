// Issue 26 item 3 (Users): "bulk block / revoke / delete / export" on the users selected in the list. Each action is
// the single-user admin call once per user, one after another (each records its own event with the operator as the
// actor), behind a dialog that says how many users and what follows. Deleting needs a recent sign-in: the first
// refusal stops the run, the operator confirms it is them (components/action-error.tsx), and the rest go on.
// Export writes the selected users' details (GET per user, masked for a viewer as every answer is) as JSON lines.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AdminApiError, ERROR_TYPES } from '../admin-api';
import { ActionError } from '../components/action-error';
import { useBlockReason } from '../components/block-reason';
import { ConfirmButton } from '../components/confirm-dialog';
import { saveFile } from '../components/save-file';
import { describeAdminError } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';

type Kind = 'block' | 'revoke' | 'delete' | 'export';

interface Run {
  kind: Kind;
  /** Users not yet done (the retry after a recent sign-in goes on with these). */
  remaining: string[];
  total: number;
  done: number;
  sessions: number;
  exported: unknown[];
  reason: string;
}

function needsSignIn(error: unknown): boolean {
  return error instanceof AdminApiError && error.errorType === ERROR_TYPES.reauthenticationRequired;
}

export function BulkActions({
  projectId,
  selected,
  onClear,
}: {
  projectId: string;
  selected: readonly string[];
  onClear(): void;
}) {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const blockReason = useBlockReason();
  const paused = useRef<Run | null>(null);
  const count = selected.length;
  const text = STRINGS.userList;

  const step = async (run: Run, userId: string) => {
    switch (run.kind) {
      case 'block':
        await api.block(projectId, userId, run.reason);
        return;
      case 'revoke':
        run.sessions += (await api.revokeAllSessions(projectId, userId)).revoked_session_ids.length;
        return;
      case 'delete':
        await api.deleteUser(projectId, userId);
        return;
      case 'export':
        run.exported.push(await api.user(projectId, userId));
        return;
    }
  };

  const finish = (run: Run) => {
    if (run.kind === 'export') {
      const lines = run.exported.map((each) => JSON.stringify(each)).join('\n');
      saveFile(new Blob([`${lines}\n`], { type: 'application/jsonl' }), `users-${projectId}-selected.jsonl`);
      return text.done.exported(run.done);
    }
    if (run.kind === 'block') return text.done.blocked(run.done);
    if (run.kind === 'revoke') return text.done.revoked(run.done, run.sessions);
    return text.done.deleted(run.done);
  };

  const go = async (run: Run) => {
    setBusy(true);
    setError(null);
    paused.current = null;
    const failures: string[] = [];
    try {
      while (run.remaining.length > 0) {
        const userId = run.remaining[0]!;
        setMessage(text.working(run.done, run.total));
        try {
          await step(run, userId);
          run.done += 1;
        } catch (caught) {
          if (needsSignIn(caught)) {
            // Stop here; the operator confirms it is them and the run goes on with this user.
            paused.current = run;
            setMessage(text.remaining(run.remaining.length));
            setError(caught);
            return;
          }
          failures.push(`${userId}: ${describeAdminError(caught)}`);
        }
        run.remaining = run.remaining.slice(1);
      }
      const summary = finish(run);
      setMessage(failures.length === 0 ? summary : text.partly(run.done, run.total, failures.join('; ')));
      if (run.kind !== 'export') onClear();
    } finally {
      setBusy(false);
      if (run.kind !== 'export') {
        await queryClient.invalidateQueries({ queryKey: ['users', projectId] });
        await queryClient.invalidateQueries({ queryKey: ['user', projectId] });
      }
    }
  };

  const start = (kind: Kind, extra: Partial<Run> = {}) => {
    void go({
      kind,
      remaining: [...selected],
      total: count,
      done: 0,
      sessions: 0,
      exported: [],
      reason: '',
      ...extra,
    });
    return true;
  };

  const write = can('users:write');
  const support = can('users:support');

  return (
    <section className="bulk-bar" aria-labelledby={`${ids}-heading`} data-testid="bulk-actions">
      <h2 id={`${ids}-heading`} className="visually-hidden">
        {text.bulkLabel}
      </h2>
      <p className="bulk-count">{count === 0 ? text.noneSelected : text.selected(count)}</p>
      {count === 0 ? null : (
        <div className="button-row wrap">
          {write ? (
            <ConfirmButton
              busy={busy}
              title={text.blockTitle(count)}
              description={text.blockBody(count)}
              confirmLabel={text.block}
              fields={blockReason.field}
              onConfirm={() => {
                const given = blockReason.take();
                return given === null ? false : start('block', { reason: given });
              }}
            >
              {text.block}
            </ConfirmButton>
          ) : null}
          {support ? (
            <ConfirmButton
              busy={busy}
              title={text.revokeTitle(count)}
              description={text.revokeBody(count)}
              confirmLabel={text.revoke}
              onConfirm={() => start('revoke')}
            >
              {text.revoke}
            </ConfirmButton>
          ) : null}
          {write ? (
            <ConfirmButton
              busy={busy}
              title={text.deleteTitle(count)}
              description={text.deleteBody(count)}
              confirmLabel={text.delete}
              testId="bulk-delete"
              onConfirm={() => start('delete')}
            >
              {text.delete}
            </ConfirmButton>
          ) : null}
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={text.exportLabel(count)}
            aria-disabled={busy ? true : undefined}
            onClick={() => {
              if (!busy) start('export');
            }}
          >
            {text.export}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={onClear}>
            {text.clearSelection}
          </button>
        </div>
      )}
      <p role="status" className="status-line" data-testid="bulk-status">
        {message}
      </p>
      {error === null ? null : (
        <ActionError
          error={error}
          onRetry={() => {
            const run = paused.current;
            if (run !== null) void go(run);
          }}
        />
      )}
    </section>
  );
}
