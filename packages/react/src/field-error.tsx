// A field's error under its input, inside a polite live region (always rendered so it is announced).
export function FieldError({ id, message }: { id: string; message: string | null }) {
  return (
    <div aria-live="polite">
      {message !== null ? (
        <p id={id} className="gh-field-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
