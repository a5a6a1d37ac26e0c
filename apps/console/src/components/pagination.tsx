// Issue 26 item 3: cursor pagination. The admin API pages forwards only (next_cursor); the console keeps the
// cursors that led to the current page in the URL (`cursors`, last one current), so Previous pops one, Next pushes
// next_cursor, and a copied address opens the same page.
import { STRINGS } from '../strings';

export interface PaginationProps {
  cursors: readonly string[];
  nextCursor: string | null;
  onChange(cursors: string[]): void;
}

export function Pagination({ cursors, nextCursor, onChange }: PaginationProps) {
  if (cursors.length === 0 && nextCursor === null) return null;
  return (
    <nav className="pagination" aria-label={STRINGS.pagination.label}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={cursors.length === 0}
        onClick={() => onChange(cursors.slice(0, -1))}
      >
        {STRINGS.pagination.previous}
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={nextCursor === null}
        onClick={() => nextCursor !== null && onChange([...cursors, nextCursor])}
      >
        {STRINGS.pagination.next}
      </button>
    </nav>
  );
}

/** The `cursors` search parameter, checked (anything else is the first page). */
export function cursorsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const cursors = value.filter((each): each is string => typeof each === 'string' && each.length > 0);
  return cursors.length === 0 ? undefined : cursors.slice(-50);
}
