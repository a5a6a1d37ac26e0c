// Issue 14 item 3: a whole import, from the text of an export file to the summary — what `npm run import` and
// POST /v1/users/import both run. Rows refused while parsing and rows refused while importing are reported together.
import type { AppContext, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { type EventActor, recordEvent } from '../audit';
import { type ImportProgress, type ImportSummary, importUsers } from './import-users';
import type { ImportSource } from './portable-user';
import { parseExport } from './provider-formats';
import { detectExportFormat, otherFormatMessage } from './provider-formats/detect';

export async function importExportFile(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'config' | 'clock'>,
  options: {
    projectId: string;
    source: ImportSource;
    text: string;
    batchSize?: number;
    onProgress?: (progress: ImportProgress) => void;
    /** Issue 24 item 4 (`--dry-run`): the whole report, nothing written (import-users.ts dryRun). */
    dryRun?: boolean;
    /** Issue 25 item 1: who ran it, for the import.completed event (default: the CLI, `system`). */
    actor?: EventActor;
    request?: Pick<RequestContext, 'ip' | 'userAgent' | 'requestId'> | null;
  },
): Promise<ImportSummary> {
  // Issue 24 item 4: a file of another format is named as such before any row is read.
  const detected = detectExportFormat(options.text);
  if (detected !== null && detected !== options.source)
    throw new ApiError('invalid_import_file', otherFormatMessage(options.source, detected));
  let parsed: ReturnType<typeof parseExport>;
  try {
    parsed = parseExport(options.source, options.text);
  } catch (error) {
    throw new ApiError(
      'invalid_import_file',
      `The file is not a ${options.source} export: ${(error as Error).message}`,
    );
  }
  const summary = await importUsers(ctx, {
    projectId: options.projectId,
    users: parsed.users,
    // The progress counts every row of the file, those refused while parsing included.
    rowsAlreadyHandled: parsed.skipped.length,
    dryRun: options.dryRun ?? false,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  });
  const skipped = [...parsed.skipped, ...summary.skipped].sort((a, b) => a.row - b.row);
  // Issue 25 item 1: a dry run wrote nothing, so nothing happened to record.
  if (!options.dryRun) {
    await recordEvent(
      ctx.db,
      {
        projectId: options.projectId,
        type: 'import.completed',
        actor: options.actor ?? { type: 'system', id: 'npm run import' },
        subjectUserId: null,
        request: options.request ?? null,
        payload: {
          source: options.source,
          imported: summary.imported,
          already_imported: summary.already_imported,
          skipped: skipped.length,
          dry_run: false,
        },
      },
      ctx.clock.now(),
    );
  }
  return { ...summary, skipped };
}
