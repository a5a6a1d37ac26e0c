// Issue 26 (Import and export): "export the filtered users" — the users matching the Users screen's filters (search
// text, status, blocked) as PortableUser JSON lines (GET …/users/export, users:export), password hashes included, so
// the server asks for a recent sign-in: components/action-error.tsx confirms with the passkey and downloads then.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { UserExportQuery } from '../admin-api';
import { ActionError } from '../components/action-error';
import { useProjectId } from '../components/require-scope';
import { saveFile } from '../components/save-file';
import { useServices } from '../console-context';
import { STRINGS } from '../strings';

const S = STRINGS.importExport;

export function UsersExport() {
  const { api } = useServices();
  const projectId = useProjectId();
  const ids = useId();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'pending'>('');
  const [blocked, setBlocked] = useState<'' | 'true' | 'false'>('');
  const download = useMutation({
    mutationFn: async (query: UserExportQuery) => {
      const { blob, fileName } = await api.exportUsers(projectId, query);
      const name = fileName ?? `users-${projectId}.jsonl`;
      saveFile(blob, name);
      return name;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (download.isPending) return;
    const query: UserExportQuery = {};
    if (q.trim() !== '') query.q = q.trim();
    if (status !== '') query.status = status;
    if (blocked !== '') query.blocked = blocked === 'true';
    download.mutate(query);
  };
  return (
    <section className="panel" aria-labelledby={`${ids}-heading`} data-testid="export">
      <h2 id={`${ids}-heading`}>{S.exportHeading}</h2>
      <p className="muted">{S.exportIntro}</p>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field field-grow">
          <label htmlFor={`${ids}-q`}>{S.exportQuery}</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={q}
            maxLength={200}
            aria-describedby={`${ids}-q-hint`}
            onChange={(event) => setQ(event.target.value)}
          />
          <p id={`${ids}-q-hint`} className="hint">
            {S.exportQueryHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-status`}>{S.exportStatus}</label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as typeof status)}
          >
            <option value="">{S.any}</option>
            <option value="active">{S.statuses.active}</option>
            <option value="pending">{S.statuses.pending}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-blocked`}>{S.exportBlocked}</label>
          <select
            id={`${ids}-blocked`}
            value={blocked}
            onChange={(event) => setBlocked(event.target.value as typeof blocked)}
          >
            <option value="">{S.any}</option>
            <option value="true">{S.blockedChoices.true}</option>
            <option value="false">{S.blockedChoices.false}</option>
          </select>
        </div>
        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={download.isPending || undefined}
          >
            {download.isPending ? S.exporting : S.exportButton}
          </button>
        </div>
      </form>
      <p role="status" className="status-line" data-testid="export-status">
        {download.isSuccess ? S.exported(download.data) : ''}
      </p>
      {download.error === null ? null : (
        <ActionError
          error={download.error}
          onRetry={() => {
            if (download.variables !== undefined) download.mutate(download.variables);
          }}
        />
      )}
    </section>
  );
}
