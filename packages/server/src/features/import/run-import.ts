// Issue 14 item 3: a whole import, from the text of an export file to the summary — what `npm run import` and
// POST /v1/users/import both run. Rows refused while parsing and rows refused while importing are reported together.
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { type ImportProgress, type ImportSummary, importUsers } from './import-users';
import type { ImportSource } from './portable-user';
import { parseExport } from './provider-formats';

export async function importExportFile(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'config' | 'clock'>,
  options: {
    projectId: string;
    source: ImportSource;
    text: string;
    batchSize?: number;
    onProgress?: (progress: ImportProgress) => void;
  },
): Promise<ImportSummary> {
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
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  });
  return {
    ...summary,
    skipped: [...parsed.skipped, ...summary.skipped].sort((a, b) => a.row - b.row),
  };
}
