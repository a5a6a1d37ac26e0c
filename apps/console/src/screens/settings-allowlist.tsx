// Issue 26 item 3 (Projects and settings): the allowlist editors (origins, redirect URLs). Each stored entry shows its
// source; only the console's own can be removed (the environment's come back at every start). What the server adds
// as it reads the development project (DEV_ALLOWED_ORIGINS, the file's Development entry) is listed apart, read-only.
import { type FormEvent, useId, useState } from 'react';
import type { AllowlistEntry } from '../admin-types';
import { STRINGS } from '../strings';
import { editableSource } from './settings-draft';
import { SourceBadge } from './settings-fields';

const S = STRINGS.settings;

export function AllowlistEditor({
  kind,
  entries,
  draft,
  editable,
  onChange,
}: {
  kind: 'origins' | 'redirects';
  /** What the server allows now, each with its source (stored and added at read). */
  entries: readonly AllowlistEntry[];
  draft: readonly string[];
  editable: boolean;
  onChange(next: string[]): void;
}) {
  const ids = useId();
  const [adding, setAdding] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const sourceOf = new Map(
    entries.filter((entry) => entry.stored).map((entry) => [entry.value, entry.source]),
  );
  const extras = entries.filter((entry) => !entry.stored);
  const heading = kind === 'origins' ? S.sections.origins : S.sections.redirects;
  const addLabel = kind === 'origins' ? S.addOrigin : S.addRedirect;

  function add(event: FormEvent) {
    event.preventDefault();
    const value = adding.trim();
    if (value === '') return;
    if (draft.includes(value)) {
      setDuplicate(true);
      return;
    }
    onChange([...draft, value]);
    setAdding('');
    setDuplicate(false);
  }

  return (
    <section
      className="panel settings-section"
      aria-labelledby={`${ids}-heading`}
      data-testid={`allowlist-${kind}`}
    >
      <h2 id={`${ids}-heading`}>{heading}</h2>
      <p className="hint">{kind === 'origins' ? S.originsHint : S.redirectsHint}</p>
      {draft.length === 0 ? <p className="muted">{S.emptyList}</p> : null}
      <ul className="allowlist">
        {draft.map((value) => {
          // A draft entry not yet published has no source: it will be the console's.
          const source = sourceOf.get(value) ?? 'console';
          return (
            <li key={value}>
              <code>{value}</code> <SourceBadge source={source} />
              {editable && editableSource(source) ? (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={S.remove(value)}
                  onClick={() => onChange(draft.filter((each) => each !== value))}
                >
                  {S.removeShort}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {extras.length === 0 ? null : (
        <>
          <p className="muted small">{S.servedExtras}</p>
          <ul className="allowlist">
            {extras.map((entry) => (
              <li key={entry.value}>
                <code>{entry.value}</code> <SourceBadge source={entry.source} />
              </li>
            ))}
          </ul>
        </>
      )}
      {editable ? (
        <form className="field-inline settings-add" onSubmit={add} noValidate>
          <label htmlFor={`${ids}-add`}>{addLabel}</label>
          <input
            id={`${ids}-add`}
            type="url"
            value={adding}
            placeholder={
              kind === 'origins' ? 'https://app.example.com' : 'https://app.example.com/authenticate'
            }
            aria-invalid={duplicate ? true : undefined}
            aria-describedby={duplicate ? `${ids}-duplicate` : undefined}
            onChange={(event) => {
              setAdding(event.target.value);
              setDuplicate(false);
            }}
          />
          <button type="submit" className="button button-secondary button-small">
            {S.add}
          </button>
          {duplicate ? (
            <p id={`${ids}-duplicate`} className="hint" role="alert">
              {S.duplicate}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
