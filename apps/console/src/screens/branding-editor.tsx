// Issue 26 "Branding": the editor of the theme keys (branding-theme.ts) — a colour as text with a native picker
// beside it, sizes and the font as text with their rule in the hint, the logo as an https URL, hideHeaderText as a
// checkbox; each with its default shown and a reset to it. Read-only for a project-file project or a role without
// projects:write (the inputs are disabled; the values stay readable).
import { useId } from 'react';
import { STRINGS } from '../strings';
import {
  defaultOf,
  isValidValue,
  pickerValue,
  THEME_GROUPS,
  type ThemeDraft,
  type ThemeField,
} from './branding-theme';

const FONT_SUGGESTIONS = [
  'Arial, Helvetica, sans-serif',
  'system-ui, sans-serif',
  '"Helvetica Neue", Helvetica, sans-serif',
  'Georgia, serif',
  '"Courier New", monospace',
];

export function BrandingEditor({
  draft,
  readOnly,
  onChange,
}: {
  draft: ThemeDraft;
  readOnly: boolean;
  /** undefined: back to the default. */
  onChange: (path: string, value: string | boolean | undefined) => void;
}) {
  const ids = useId();
  return (
    <div className="branding-editor">
      <datalist id={`${ids}-fonts`}>
        {FONT_SUGGESTIONS.map((font) => (
          <option key={font} value={font} />
        ))}
      </datalist>
      {THEME_GROUPS.map((group) => (
        <fieldset key={group.id} className="branding-group" data-group={group.id}>
          <legend>{STRINGS.branding.groups[group.id]}</legend>
          {group.fields.map((field) => (
            <ThemeInput
              key={field.path}
              field={field}
              id={`${ids}-${field.path.replace(/\./g, '-')}`}
              fontList={`${ids}-fonts`}
              value={draft[field.path]}
              readOnly={readOnly}
              onChange={(value) => onChange(field.path, value)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function ThemeInput({
  field,
  id,
  fontList,
  value,
  readOnly,
  onChange,
}: {
  field: ThemeField;
  id: string;
  fontList: string;
  value: string | boolean | undefined;
  readOnly: boolean;
  onChange: (value: string | boolean | undefined) => void;
}) {
  const label = STRINGS.branding.fields[field.path] ?? field.path;
  const fallback = defaultOf(field.path);
  const reset = (
    <button
      type="button"
      className="button button-secondary button-small"
      disabled={readOnly || value === undefined}
      aria-label={STRINGS.branding.resetLabel(label)}
      onClick={() => onChange(undefined)}
    >
      {STRINGS.branding.reset}
    </button>
  );
  if (field.kind === 'flag') {
    return (
      <div className="branding-field branding-field-flag" data-path={field.path}>
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          disabled={readOnly}
          onChange={(event) => onChange(event.target.checked ? true : undefined)}
        />
        <label htmlFor={id}>{label}</label>
        {reset}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const invalid = !isValidValue(field.kind, text);
  const shown = text === '' ? String(fallback) : text;
  const picked = field.kind === 'color' ? pickerValue(shown) : null;
  return (
    <div className="branding-field" data-path={field.path}>
      <label htmlFor={id}>{label}</label>
      <div className="branding-field-row">
        {field.kind === 'color' ? (
          <input
            type="color"
            className="branding-swatch"
            aria-label={STRINGS.branding.picker(label)}
            // A value the picker cannot hold (a name, rgb(), transparent) shows black; its text stays as written.
            value={picked ?? '#000000'}
            disabled={readOnly}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
          />
        ) : null}
        <input
          id={id}
          type={field.kind === 'url' ? 'url' : 'text'}
          className="branding-text"
          value={text}
          placeholder={String(fallback)}
          spellCheck={false}
          autoComplete="off"
          list={field.kind === 'font' ? fontList : undefined}
          disabled={readOnly}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
        {reset}
      </div>
      <p className="hint" id={`${id}-hint`}>
        {STRINGS.branding.defaultHint(String(fallback))}
        {field.kind === 'color' ? null : ` · ${STRINGS.branding.hints[field.kind]}`}
      </p>
      {invalid ? (
        <p className="field-error" id={`${id}-error`}>
          {STRINGS.branding.invalid[field.kind]}
        </p>
      ) : null}
    </div>
  );
}
