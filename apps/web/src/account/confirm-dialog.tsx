// Issue 22 finding 5 and Deliver 2: every destructive change on the account page (removing an e-mail address, a
// phone number, the authenticator app or a passkey, unlinking a social account, signing out everywhere else) asks
// first, in an accessible modal: a native <dialog> opened with showModal() (the rest of the page becomes inert), role
// dialog named by its title (aria-labelledby) and described by what the change does (aria-describedby), focus on
// Cancel first (the safe choice; WAI-ARIA APG "Alert and Message Dialogs"), Tab kept inside, Escape cancels, and
// focus back on the button that opened it. The confirm button has the danger style (.button-danger), unlike the
// page's primary buttons.
import {
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { STRINGS } from '../strings';

export interface ConfirmDialogProps {
  title: string;
  /** What the change does, read out with the title (e.g. "Two-step sign-in turns off…"). */
  description: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** The open dialog; rendered only while open (its parent decides), so a page holds no hidden dialogs. */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    // showModal where the browser has it (every current one); an `open` dialog otherwise (test DOMs).
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    // The page is inert behind a modal, but Tab could still leave for the browser's own controls: keep it here.
    const first = cancelRef.current;
    const last = confirmRef.current;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  // The browser's own Escape handling (the `cancel` event) would close the dialog behind React's back.
  const onNativeCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onKeyDown={onKeyDown}
      onCancel={onNativeCancel}
      data-testid="confirm-dialog"
    >
      <h2 id={`${ids}-title`} className="confirm-dialog-title">
        {title}
      </h2>
      <p id={`${ids}-description`}>{description}</p>
      <div className="button-row confirm-dialog-buttons">
        <button
          ref={cancelRef}
          type="button"
          className="button button-small button-secondary"
          onClick={onCancel}
        >
          {STRINGS.account.cancel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="button button-small button-danger"
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

export interface ConfirmButtonProps {
  /** The button's text ("Remove", "Delete", "Unlink"). */
  children: ReactNode;
  ariaLabel?: string;
  /** Busy with this very change: the button says so and ignores clicks (it keeps focus, unlike `disabled`). */
  busy?: boolean;
  /** The change cannot be made (e.g. the last way to sign in); `describedBy` should point at the reason. */
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm(): void;
  testId?: string;
}

/** A danger-styled button that asks in a <ConfirmDialog> before it runs `onConfirm`. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // What closed the dialog: focus goes back to the button first, then a confirmed change runs.
  const closing = useRef<'confirmed' | 'cancelled' | null>(null);
  const { onConfirm } = props;

  useEffect(() => {
    if (open || closing.current === null) return;
    const confirmed = closing.current === 'confirmed';
    closing.current = null;
    triggerRef.current?.focus();
    if (confirmed) onConfirm();
  }, [open, onConfirm]);

  const close = (how: 'confirmed' | 'cancelled') => {
    if (closing.current !== null) return;
    closing.current = how;
    setOpen(false);
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={`button button-small button-danger${props.className ? ` ${props.className}` : ''}`}
        aria-label={props.ariaLabel}
        aria-describedby={props.describedBy}
        aria-disabled={props.busy ? true : undefined}
        disabled={props.disabled}
        data-testid={props.testId}
        onClick={() => {
          if (!props.busy) setOpen(true);
        }}
      >
        {props.children}
      </button>
      {open ? (
        <ConfirmDialog
          title={props.title}
          description={props.description}
          confirmLabel={props.confirmLabel}
          onConfirm={() => close('confirmed')}
          onCancel={() => close('cancelled')}
        />
      ) : null}
    </>
  );
}
