// Issue 26 (Import and export): "dry run with the per-row report". What POST …/imports answered: how many rows were
// (or would be) imported and already imported, each skipped row with why, and each dropped field with why.
import type { ImportSummary } from '../admin-types';
import { STRINGS } from '../strings';

const S = STRINGS.importExport;

/** The rows of the file the server read: imported (or would be), already imported, skipped. */
export function rowsOf(summary: ImportSummary): number {
  return summary.imported + summary.already_imported + summary.skipped.length;
}

export function ImportReport({ summary, dryRun }: { summary: ImportSummary; dryRun: boolean }) {
  const prefix = dryRun ? 'dry-run' : 'import';
  return (
    <section
      className="import-report"
      aria-labelledby={`${prefix}-report-heading`}
      data-testid={`${prefix}-report`}
    >
      <h3 id={`${prefix}-report-heading`}>{dryRun ? S.dryRunHeading : S.importedHeading}</h3>
      <dl className="facts">
        <dt>{dryRun ? S.summary.wouldImport : S.summary.imported}</dt>
        <dd data-testid="import-count">{summary.imported}</dd>
        <dt>{S.summary.already}</dt>
        <dd>{summary.already_imported}</dd>
        <dt>{S.summary.skipped}</dt>
        <dd>{summary.skipped.length}</dd>
        <dt>{S.summary.dropped}</dt>
        <dd>{summary.dropped.length}</dd>
      </dl>
      {summary.skipped.length === 0 ? null : (
        <>
          <h4>{S.skippedHeading}</h4>
          <div className="table-scroll">
            <table className="table" data-testid={`${prefix}-skipped`}>
              <caption className="visually-hidden">{S.skippedCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{S.columns.row}</th>
                  <th scope="col">{S.columns.externalId}</th>
                  <th scope="col">{S.columns.reason}</th>
                  <th scope="col">{S.columns.why}</th>
                </tr>
              </thead>
              <tbody>
                {summary.skipped.map((row) => (
                  <tr key={`${row.row}-${row.reason}`}>
                    <th scope="row">{row.row}</th>
                    <td className="mono break">{row.external_id ?? ''}</td>
                    <td className="mono">{row.reason}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {summary.dropped.length === 0 ? null : (
        <>
          <h4>{S.droppedHeading}</h4>
          <div className="table-scroll">
            <table className="table" data-testid={`${prefix}-dropped`}>
              <caption className="visually-hidden">{S.droppedCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{S.columns.row}</th>
                  <th scope="col">{S.columns.externalId}</th>
                  <th scope="col">{S.columns.field}</th>
                  <th scope="col">{S.columns.why}</th>
                </tr>
              </thead>
              <tbody>
                {summary.dropped.flatMap((row) =>
                  row.fields.map((field) => (
                    <tr key={`${row.row}-${field.field}`}>
                      <th scope="row">{row.row}</th>
                      <td className="mono break">{row.external_id}</td>
                      <td className="mono">{field.field}</td>
                      <td>{field.reason}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
