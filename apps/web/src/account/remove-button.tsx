// Issue 22 finding 5 and Deliver 2: "Remove" asks first (./confirm-dialog) and has the danger style; the last way to
// sign in shows the button disabled with the reason beside it, before any click.
import { type ReactNode, useId } from 'react';
import { STRINGS } from '../strings';
import { ConfirmButton } from './confirm-dialog';

/** "Remove" with the item in its accessible name (several rows each have one). */
export function RemoveButton(props: {
  label: string;
  ariaLabel?: string;
  /** This row's removal is running. */
  busy: boolean;
  /** Another removal of the section is running. */
  disabled: boolean;
  /** The item is the user's last way to sign in: not removable, and the page says why. */
  lastWay?: boolean;
  confirmTitle?: string;
  confirmDescription: string;
  /** "Remove" unless given ("Delete" for a passkey). */
  confirmLabel?: string;
  busyLabel?: string;
  children?: ReactNode;
  onClick: () => void;
}) {
  const reasonId = useId();
  return (
    <>
      <ConfirmButton
        ariaLabel={props.ariaLabel ?? STRINGS.account.removeItem(props.label)}
        busy={props.busy || props.disabled}
        disabled={props.lastWay}
        describedBy={props.lastWay ? reasonId : undefined}
        title={props.confirmTitle ?? STRINGS.account.confirmRemoveTitle(props.label)}
        description={props.confirmDescription}
        confirmLabel={props.confirmLabel ?? STRINGS.account.remove}
        onConfirm={props.onClick}
      >
        {props.busy
          ? (props.busyLabel ?? STRINGS.account.removing)
          : (props.children ?? STRINGS.account.remove)}
      </ConfirmButton>
      {props.lastWay ? <LastWayReason id={reasonId} /> : null}
    </>
  );
}

/** Why a remove button is disabled (issue 22 Deliver 2). */
export function LastWayReason({ id }: { id: string }) {
  return (
    <p id={id} className="muted last-way-reason" data-testid="last-way-reason">
      {STRINGS.account.lastWayToSignIn}
    </p>
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
