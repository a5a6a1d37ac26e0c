// Request shapes of POST /v1/users/import (issue 14 item 3): the provider and the export file's text.
import { type Static, Type } from 'typebox';
import { IMPORT_SOURCES } from './portable-user';

/** The largest import file the backend API takes in one call (the CLI reads files of any size). */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const ImportBody = Type.Object({
  from: Type.Union(IMPORT_SOURCES.map((source) => Type.Literal(source))),
  data: Type.String({ maxLength: IMPORT_BODY_LIMIT }),
  /** Issue 24 item 4: answer the whole summary without writing anything. */
  dry_run: Type.Optional(Type.Boolean()),
});
export type ImportBody = Static<typeof ImportBody>;
