export {
  DEFAULT_EXPORT_PAGE_SIZE,
  type ExportUsersOptions,
  exportUsers,
  exportUsersAsJsonLines,
} from './export-users';
export {
  DEFAULT_IMPORT_BATCH_SIZE,
  type ImportProgress,
  type ImportSummary,
  type ImportUsersOptions,
  importUsers,
  MAX_IMPORT_BATCH_SIZE,
} from './import-users';
export { isSupportedPasswordHash } from './password-hash-hook';
export type { ImportSource, ParsedExport, PortableUser, SkippedRow } from './portable-user';
export { IMPORT_SOURCES } from './portable-user';
export { parseExport } from './provider-formats';
export { IMPORT_ROUTES, registerImportRoutes } from './routes';
export { importExportFile } from './run-import';
export { IMPORT_BODY_LIMIT, ImportBody } from './schema';
