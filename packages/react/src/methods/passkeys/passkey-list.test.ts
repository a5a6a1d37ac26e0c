// SPEC §4 passkey list editing rules, as a pure reducer.
import { describe, expect, it } from 'vitest';
import {
  cleanPasskeyName,
  initialPasskeyList,
  type PasskeyListState,
  passkeyListReducer,
} from './passkey-list';

const rows = [
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
  { id: 'c', name: 'C' },
];

function start(): PasskeyListState {
  return initialPasskeyList(rows);
}

describe('passkey list editing', () => {
  it('edits or marks one row at a time', () => {
    const editing = passkeyListReducer(start(), { type: 'start-edit', id: 'a' });
    expect(editing.mode).toEqual({ kind: 'edit', id: 'a', draft: 'A' });
    expect(passkeyListReducer(editing, { type: 'start-edit', id: 'b' })).toBe(editing);
    expect(passkeyListReducer(editing, { type: 'start-delete', id: 'b' })).toBe(editing);
    const marked = passkeyListReducer(start(), { type: 'start-delete', id: 'b' });
    expect(marked.mode).toEqual({ kind: 'delete', id: 'b' });
    expect(passkeyListReducer(marked, { type: 'start-edit', id: 'a' })).toBe(marked);
    expect(passkeyListReducer(marked, { type: 'cancel' }).mode).toEqual({ kind: 'view' });
  });

  it('limits drafts to 64 characters and refuses empty names', () => {
    const editing = passkeyListReducer(start(), { type: 'start-edit', id: 'a' });
    const long = passkeyListReducer(editing, { type: 'change-draft', draft: 'x'.repeat(100) });
    expect(long.mode.kind === 'edit' && long.mode.draft.length).toBe(64);
    expect(cleanPasskeyName('   ')).toBeNull();
    expect(cleanPasskeyName('  Key  ')).toBe('Key');
  });

  it('rolls back a refused rename unless the row was renamed again', () => {
    const renamed = passkeyListReducer(start(), { type: 'renamed', id: 'a', name: 'New' });
    expect(renamed.rows[0]?.name).toBe('New');
    const refused = passkeyListReducer(renamed, {
      type: 'rename-refused',
      id: 'a',
      name: 'New',
      previousName: 'A',
    });
    expect(refused.rows[0]?.name).toBe('A');
    const again = passkeyListReducer(renamed, { type: 'renamed', id: 'a', name: 'Newer' });
    const late = passkeyListReducer(again, {
      type: 'rename-refused',
      id: 'a',
      name: 'New',
      previousName: 'A',
    });
    expect(late.rows[0]?.name).toBe('Newer');
  });

  it('puts a refused delete back at its index, once', () => {
    const deleted = passkeyListReducer(start(), { type: 'deleted', id: 'b' });
    expect(deleted.rows.map((row) => row.id)).toEqual(['a', 'c']);
    const back = passkeyListReducer(deleted, {
      type: 'delete-refused',
      row: { id: 'b', name: 'B' },
      index: 1,
    });
    expect(back.rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(passkeyListReducer(back, { type: 'delete-refused', row: { id: 'b', name: 'B' }, index: 1 })).toBe(
      back,
    );
  });

  it('ends an edit whose row disappeared from the loaded list', () => {
    const editing = passkeyListReducer(start(), { type: 'start-edit', id: 'c' });
    const loaded = passkeyListReducer(editing, { type: 'loaded', rows: rows.slice(0, 2) });
    expect(loaded).toMatchObject({ mode: { kind: 'view' }, loaded: true });
  });
});
