// Issue 26 item 3: "each with loading, empty and error states". One look for each, so every screen says the same
// thing the same way: a status line while loading (aria-busy on the region), a short text when nothing matches,
// and an alert with the server's message (or the console's own for the error types it knows) and a retry.
import { type ReactNode, useRef } from 'react';
import { AdminApiError, ERROR_TYPES } from '../admin-api';
import { STRINGS } from '../strings';
import { useHeadingFocus } from './heading-focus';

export function LoadingState({ label = STRINGS.states.loading }: { label?: string }) {
  return (
    <p role="status" className="state state-loading" data-state="loading">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="state state-empty" data-state="empty">
      <p className="state-title">{title}</p>
      {hint === undefined ? null : <p className="muted">{hint}</p>}
    </div>
  );
}

/** What the console says for an error: its own words for the types it knows, else the server's message. */
export function describeAdminError(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.errorType === 'network') return STRINGS.states.network;
    if (error.errorType === ERROR_TYPES.insufficientScope) return STRINGS.states.insufficientScope;
    if (error.message !== '') return error.message;
  }
  return error instanceof Error && error.message !== '' ? error.message : STRINGS.states.errorHeading;
}

export function ErrorState({
  error,
  onRetry,
  heading = STRINGS.states.errorHeading,
}: {
  error: unknown;
  onRetry?: () => void;
  heading?: string;
}) {
  const requestId = error instanceof AdminApiError ? error.requestId : null;
  return (
    <div className="state state-error" role="alert" data-state="error">
      <p className="state-title">{heading}</p>
      <p>{describeAdminError(error)}</p>
      {requestId === null ? null : (
        <p className="muted small">
          {STRINGS.states.requestId}: <code>{requestId}</code>
        </p>
      )}
      {onRetry === undefined ? null : (
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          {STRINGS.states.retry}
        </button>
      )}
    </div>
  );
}

/** A page's frame: the one h1 (focused after an in-app navigation, shell.tsx) and its content. */
export function Page({
  title,
  actions,
  children,
  busy,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(heading);
  return (
    <section className="page" aria-labelledby="page-heading" aria-busy={busy ? true : undefined}>
      <div className="page-header">
        <h1 id="page-heading" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
