// Issue 26 item 3: the reason a block asks for (one user's, or the selected users'), inside the confirm dialog: a
// required text, refused empty with the error under the field.
import { type ReactNode, useId, useState } from 'react';
import { STRINGS } from '../strings';

/** The reason field for a ConfirmButton's `fields`, and `take()`: the trimmed reason (then cleared), or null. */
export function useBlockReason(): { field: ReactNode; take(): string | null } {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const field = (
    <div className="field">
      <label htmlFor={`${ids}-reason`}>{STRINGS.user.blockReason}</label>
      <textarea
        id={`${ids}-reason`}
        value={reason}
        maxLength={500}
        rows={3}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(false);
        }}
      />
      {reasonError ? (
        <p id={`${ids}-reason-error`} className="error">
          {STRINGS.user.blockReasonRequired}
        </p>
      ) : null}
    </div>
  );
  return {
    field,
    take() {
      const given = reason.trim();
      if (given === '') {
        setReasonError(true);
        return null;
      }
      setReason('');
      return given;
    },
  };
}
