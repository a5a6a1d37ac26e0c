import { STRINGS } from '../strings';

/** "Remove" with the item in its accessible name (several rows each have one). */
export function RemoveButton(props: {
  label: string;
  ariaLabel?: string;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={props.ariaLabel ?? STRINGS.account.removeItem(props.label)}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.busy ? STRINGS.account.removing : STRINGS.account.remove}
    </button>
  );
}

/** The server's refusal of the last removal, read out at once. */
export function RemovalError({ error, testId }: { error: string | null; testId: string }) {
  return error === null ? null : (
    <p role="alert" className="error" data-testid={testId}>
      {error}
    </p>
  );
}
