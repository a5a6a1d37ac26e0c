// Issue 26 item 3: "each destructive action confirms and says what follows". A native <dialog> opened with
// showModal() (the page behind becomes inert), named by its title and described by what follows, focus on the
// first field or else on Cancel (the safe choice, WAI-ARIA APG "Alert and Message Dialogs"), Tab kept inside,
// Escape cancels, focus back on the button that opened it — the account page's dialog (apps/web), with a body for
// fields (the reason of a block) and a confirm that may refuse to close (a missing reason).
import {
  type FormEvent,
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
  description: string;
  confirmLabel: string;
  /** Fields between the description and the buttons. */
  children?: ReactNode;
  /** false keeps the dialog open (a field is missing); anything else closes it. */
  onConfirm(): unknown;
  onCancel(): void;
}

const FOCUSABLE = 'input, textarea, select, button';

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    // showModal where the browser has it (every current one); an `open` dialog otherwise (test DOMs).
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const field = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (field ?? cancelRef.current)?.focus();
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
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (element) => !(element as HTMLButtonElement).disabled,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
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
      <form onSubmit={onSubmit} noValidate>
        <h2 id={`${ids}-title`} className="confirm-dialog-title">
          {title}
        </h2>
        <p id={`${ids}-description`}>{description}</p>
        {children === undefined ? null : <div ref={bodyRef}>{children}</div>}
        <div className="button-row">
          <button ref={cancelRef} type="button" className="button button-secondary" onClick={onCancel}>
            {STRINGS.user.cancel}
          </button>
          <button type="submit" className="button button-danger">
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export interface ConfirmButtonProps {
  children: ReactNode;
  ariaLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  /** Danger style (destructive) or secondary (a reversible action such as unblock). */
  tone?: 'danger' | 'secondary';
  title: string;
  description: string;
  confirmLabel: string;
  /** Fields of the dialog (rendered while it is open). */
  fields?: ReactNode;
  /** Runs when the operator confirms; false keeps the dialog open (focus returns to the button on close). */
  onConfirm(): unknown;
  testId?: string;
}

/** A button that asks in a <ConfirmDialog> before it runs `onConfirm`. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const closing = useRef<'confirmed' | 'cancelled' | null>(null);
  const confirmRef = useRef(props.onConfirm);
  confirmRef.current = props.onConfirm;

  useEffect(() => {
    if (open || closing.current === null) return;
    closing.current = null;
    triggerRef.current?.focus();
  }, [open]);

  const cancel = () => {
    closing.current = 'cancelled';
    setOpen(false);
  };
  const confirm = () => {
    if (confirmRef.current() === false) return false;
    closing.current = 'confirmed';
    setOpen(false);
    return true;
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={`button button-small button-${props.tone ?? 'danger'}`}
        aria-label={props.ariaLabel}
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
          onConfirm={confirm}
          onCancel={cancel}
        >
          {props.fields}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
