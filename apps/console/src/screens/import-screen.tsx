// Issue 26 (Import and export): "upload a provider's export, dry run with the per-row report, then import with
// progress; export the filtered users". The import is a finite state (data-state): a file and its format are chosen,
// a dry run reports every row and writes nothing, then the same text is imported. POST …/imports answers only once
// every row is done, so the progress shown is an honest indeterminate bar with the row count of the dry run, not a
// made-up percentage. The export (users-export.tsx) downloads the users matching the Users screen's filters.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ImportSource, ImportSummary } from '../admin-types';
import { ActionError } from '../components/action-error';
import { useProjectId } from '../components/require-scope';
import { Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { ImportReport, rowsOf } from './import-report';
import { UsersExport } from './users-export';

const S = STRINGS.importExport;
const SOURCES: readonly ImportSource[] = ['stytch', 'clerk', 'auth0', 'gatehouse'];
/** The route's limit (packages/server/src/features/import/schema.ts IMPORT_BODY_LIMIT). */
export const IMPORT_FILE_LIMIT = 10 * 1024 * 1024;

export function ImportScreen() {
  useDocumentTitle(S.title);
  const { can } = useOperator();
  const importing = can('imports:write');
  const exporting = can('users:export');
  return (
    <Page title={S.heading}>
      {importing || exporting ? null : (
        <p role="alert" data-state="refused">
          {S.refused}
        </p>
      )}
      {importing ? <ImportUsers /> : null}
      {exporting ? <UsersExport /> : null}
    </Page>
  );
}

type Checked = { source: ImportSource; text: string; summary: ImportSummary };

type ImportState =
  | { state: 'choosing' }
  | { state: 'checking' }
  | ({ state: 'checked' } & Checked)
  | ({ state: 'importing' } & Checked)
  | ({ state: 'imported' } & Checked & { result: ImportSummary });

function ImportUsers() {
  const { api } = useServices();
  const projectId = useProjectId();
  const ids = useId();
  const [source, setSource] = useState<ImportSource>('stytch');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [flow, setFlow] = useState<ImportState>({ state: 'choosing' });

  const dryRun = useMutation({
    mutationFn: async (chosen: { source: ImportSource; file: File }) => {
      const text = await chosen.file.text();
      const summary = await api.importUsers(projectId, { from: chosen.source, data: text, dry_run: true });
      return { source: chosen.source, text, summary };
    },
    onMutate: () => setFlow({ state: 'checking' }),
    onSuccess: (checked) => setFlow({ state: 'checked', ...checked }),
    onError: () => setFlow({ state: 'choosing' }),
  });
  const run = useMutation({
    mutationFn: (checked: Checked) =>
      api.importUsers(projectId, { from: checked.source, data: checked.text, dry_run: false }),
    onMutate: (checked) => setFlow({ state: 'importing', ...checked }),
    onSuccess: (result, checked) => setFlow({ state: 'imported', ...checked, result }),
    onError: (_error, checked) => setFlow({ state: 'checked', ...checked }),
  });

  const reset = () => {
    dryRun.reset();
    run.reset();
    setFlow({ state: 'choosing' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dryRun.isPending || run.isPending) return;
    if (file === null) return setFileError(S.fileRequired);
    if (file.size > IMPORT_FILE_LIMIT) return setFileError(S.fileTooLarge);
    setFileError(null);
    dryRun.mutate({ source, file });
  };
  const checked = flow.state === 'checked' || flow.state === 'importing' ? flow : null;
  const error = dryRun.error ?? run.error;

  return (
    <section
      className="panel"
      aria-labelledby={`${ids}-heading`}
      data-state={flow.state}
      data-testid="import"
    >
      <h2 id={`${ids}-heading`}>{S.importHeading}</h2>
      <p className="muted">{S.importIntro}</p>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-source`}>{S.format}</label>
          <select
            id={`${ids}-source`}
            value={source}
            onChange={(event) => {
              setSource(event.target.value as ImportSource);
              reset();
            }}
          >
            {SOURCES.map((each) => (
              <option key={each} value={each}>
                {S.formats[each]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor={`${ids}-file`}>{S.file}</label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".json,.jsonl,.ndjson,.csv,.txt,application/json,text/csv"
            aria-invalid={fileError === null ? undefined : true}
            aria-describedby={`${ids}-file-hint${fileError === null ? '' : ` ${ids}-file-error`}`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              reset();
            }}
          />
          <p id={`${ids}-file-hint`} className="hint">
            {S.fileHint}
          </p>
          {fileError === null ? null : (
            <p id={`${ids}-file-error`} className="error">
              {fileError}
            </p>
          )}
        </div>
        <div className="button-row">
          <button
            type="submit"
            className={`button ${checked === null ? 'button-primary' : 'button-secondary'}`}
            aria-disabled={dryRun.isPending || run.isPending || undefined}
          >
            {S.dryRun}
          </button>
        </div>
      </form>
      {flow.state === 'checking' ? (
        <p role="status" className="state state-loading">
          <span className="spinner" aria-hidden="true" />
          {S.dryRunning}
        </p>
      ) : null}
      {error === null ? null : (
        <ActionError
          error={error}
          onRetry={() => {
            if (run.error !== null && run.variables !== undefined) run.mutate(run.variables);
            else if (dryRun.variables !== undefined) dryRun.mutate(dryRun.variables);
          }}
        />
      )}
      {checked === null ? null : (
        <>
          <ImportReport summary={checked.summary} dryRun />
          {checked.summary.imported === 0 ? (
            <p className="muted">{S.nothingToImport}</p>
          ) : flow.state === 'importing' ? (
            <ImportProgress rows={rowsOf(checked.summary)} />
          ) : (
            <div className="button-row">
              <button
                type="button"
                className="button button-primary"
                onClick={() =>
                  run.mutate({ source: checked.source, text: checked.text, summary: checked.summary })
                }
              >
                {S.importButton(rowsOf(checked.summary))}
              </button>
            </div>
          )}
        </>
      )}
      {flow.state === 'imported' ? <ImportReport summary={flow.result} dryRun={false} /> : null}
    </section>
  );
}

/** No percentage: the route answers once, at the end. */
function ImportProgress({ rows }: { rows: number }) {
  const id = useId();
  return (
    <div className="import-progress" data-testid="import-progress">
      <progress aria-labelledby={id} />
      <p id={id} role="status">
        {S.importing(rows)}
      </p>
    </div>
  );
}
