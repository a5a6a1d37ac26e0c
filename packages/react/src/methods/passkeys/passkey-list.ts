// SPEC §4 "Passkey list editing": one row is edited or marked for deletion at a time; while a row is marked for
// deletion every edit action is hidden, while one is edited the others' controls are hidden; the list changes
// locally at once, before the server answers, and is put back if the server refuses (issue 4).
export interface PasskeyRow {
  id: string;
  name: string;
}

export type ListMode =
  | { kind: 'view' }
  | { kind: 'edit'; id: string; draft: string }
  | { kind: 'delete'; id: string };

export interface PasskeyListState {
  rows: PasskeyRow[];
  mode: ListMode;
  /** Whether the list from the server arrived (rows before that come from the cached user). */
  loaded: boolean;
}

export type PasskeyListAction =
  | { type: 'loaded'; rows: PasskeyRow[] }
  | { type: 'start-edit'; id: string }
  | { type: 'change-draft'; draft: string }
  | { type: 'start-delete'; id: string }
  | { type: 'cancel' }
  | { type: 'renamed'; id: string; name: string }
  | { type: 'rename-refused'; id: string; name: string; previousName: string }
  | { type: 'deleted'; id: string }
  | { type: 'delete-refused'; row: PasskeyRow; index: number };

/** XS-01: nicknames are limited to 64 characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

const VIEW: ListMode = { kind: 'view' };

export function initialPasskeyList(rows: PasskeyRow[]): PasskeyListState {
  return { rows, mode: VIEW, loaded: false };
}

export function passkeyListReducer(state: PasskeyListState, action: PasskeyListAction): PasskeyListState {
  switch (action.type) {
    case 'loaded': {
      // A row being edited or marked that the server no longer has ends that mode.
      const keepMode = state.mode.kind === 'view' || action.rows.some((row) => row.id === modeId(state.mode));
      return { rows: action.rows, mode: keepMode ? state.mode : VIEW, loaded: true };
    }
    case 'start-edit': {
      if (state.mode.kind !== 'view') return state;
      const row = state.rows.find((item) => item.id === action.id);
      return row === undefined ? state : { ...state, mode: { kind: 'edit', id: row.id, draft: row.name } };
    }
    case 'change-draft':
      if (state.mode.kind !== 'edit') return state;
      return { ...state, mode: { ...state.mode, draft: action.draft.slice(0, PASSKEY_NAME_MAX_LENGTH) } };
    case 'start-delete':
      if (state.mode.kind !== 'view' || !state.rows.some((row) => row.id === action.id)) return state;
      return { ...state, mode: { kind: 'delete', id: action.id } };
    case 'cancel':
      return state.mode.kind === 'view' ? state : { ...state, mode: VIEW };
    case 'renamed':
      return {
        ...state,
        rows: state.rows.map((row) => (row.id === action.id ? { ...row, name: action.name } : row)),
        mode: VIEW,
      };
    case 'rename-refused':
      // Put the old name back unless the row was renamed again meanwhile.
      return {
        ...state,
        rows: state.rows.map((row) =>
          row.id === action.id && row.name === action.name ? { ...row, name: action.previousName } : row,
        ),
      };
    case 'deleted': {
      const mode = modeId(state.mode) === action.id ? VIEW : state.mode;
      return { ...state, rows: state.rows.filter((row) => row.id !== action.id), mode };
    }
    case 'delete-refused': {
      if (state.rows.some((row) => row.id === action.row.id)) return state;
      const rows = [...state.rows];
      rows.splice(Math.min(action.index, rows.length), 0, action.row);
      return { ...state, rows };
    }
  }
}

function modeId(mode: ListMode): string | null {
  return mode.kind === 'view' ? null : mode.id;
}

/** The name to save: trimmed, at most 64 characters, not empty. */
export function cleanPasskeyName(draft: string): string | null {
  const name = draft.trim().slice(0, PASSKEY_NAME_MAX_LENGTH);
  return name === '' ? null : name;
}
