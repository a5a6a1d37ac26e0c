// Issue 26 item 3 (Users): "column choice … state in the URL". The list's optional columns, which show by default,
// and their round trip through the `cols` search parameter (comma-separated ids; absent: the defaults; `none`: only
// the user column, which always shows).
export const USER_COLUMNS = [
  'identifiers',
  'status',
  'verified',
  'methods',
  'created',
  'last_sign_in',
] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];

export const DEFAULT_USER_COLUMNS: readonly UserColumn[] = [
  'identifiers',
  'status',
  'created',
  'last_sign_in',
];

const NONE = 'none';

/** The columns a `cols` value names, in the table's order; unknown ids are dropped. */
export function columnsOf(cols: string | undefined): UserColumn[] {
  if (cols === undefined) return [...DEFAULT_USER_COLUMNS];
  const named = new Set(cols.split(','));
  return USER_COLUMNS.filter((column) => named.has(column));
}

/** The `cols` value of a choice: undefined for the defaults, so an untouched list keeps a short URL. */
export function colsOf(columns: readonly UserColumn[]): string | undefined {
  const ordered = USER_COLUMNS.filter((column) => columns.includes(column));
  if (ordered.length === 0) return NONE;
  const defaults =
    DEFAULT_USER_COLUMNS.length === ordered.length && ordered.every((c) => DEFAULT_USER_COLUMNS.includes(c));
  return defaults ? undefined : ordered.join(',');
}
