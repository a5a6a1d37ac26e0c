// Issue 26 item 3: the modal that shows one record over a list (an event, a message) — its id is in the URL, so the
// detail is a link. A modal <dialog> (opened as one where the browser can), focus on Close, Escape or Close calls
// onClose, and focus goes back to what opened it.
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

export function DetailDialog({
  title,
  closeLabel,
  testId,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  testId: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="event-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(cancel) => {
        cancel.preventDefault();
        onClose();
      }}
      onKeyDown={(key) => {
        if (key.key === 'Escape') {
          key.preventDefault();
          onClose();
        }
      }}
      data-testid={testId}
    >
      <div className="dialog-header">
        <h2 id={`${ids}-title`}>{title}</h2>
        <button
          ref={closeRef}
          type="button"
          className="button button-secondary button-small"
          onClick={onClose}
        >
          {closeLabel}
        </button>
      </div>
      {children}
    </dialog>
  );
}
