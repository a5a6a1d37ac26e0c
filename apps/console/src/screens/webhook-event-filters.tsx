// Issue 26 item 3 (Webhooks): the event filters field of a new endpoint and of an endpoint's edit form (comma-separated
// types, `*` patterns), with its hint and, when empty, its error.
import { STRINGS } from '../strings';

export function EventFiltersField({
  id,
  value,
  invalid,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
}) {
  return (
    <div className="field field-grow">
      <label htmlFor={id}>{STRINGS.webhooks.events}</label>
      <input
        id={id}
        type="text"
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {STRINGS.webhooks.eventsHint}
      </p>
      {invalid ? (
        <p id={`${id}-error`} className="error">
          {STRINGS.webhooks.eventsRequired}
        </p>
      ) : null}
    </div>
  );
}
