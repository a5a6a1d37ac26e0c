// Issue 20 item 3: a change the server refuses with 403 `reauthentication_required` or `second_factor_required`
// opens the "Confirm it's you" step, and once the person confirmed, runs again — once, automatically. Usage:
//
//   const { request, guard } = useReauthentication();
//   await guard(() => client.user.deleteWebauthnRegistration(id)); // resolves with the action's result
//   {request ? <Reauthentication request={request} /> : null}     // inside the widget: ReauthenticationFrame
//
// `guard` rejects with the retry's error if the second attempt fails too (it is not retried again), and with an
// Error named ReauthenticationCancelledError (isReauthenticationCancelled) when the person cancels: nothing was
// changed and nothing needs saying. Every other error of the first attempt passes through untouched. When the step
// closes, focus goes back to the control that started the change if it is still on the page (once it is enabled).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ReauthenticationReason,
  reauthenticationCancelledError,
  reauthenticationReasonOf,
} from './reauthentication-errors';

export interface ReauthenticationRequest {
  reason: ReauthenticationReason;
  /** The step calls this after the secondary sign-in: the original action runs again; settles when it did. */
  confirmed(): Promise<void>;
  /** The step's Cancel: the guarded call rejects with an Error named ReauthenticationCancelledError. */
  cancel(): void;
}

export interface ReauthenticationGuard {
  /** The open confirmation, or null. */
  request: ReauthenticationRequest | null;
  guard<T>(action: () => Promise<T>): Promise<T>;
}

/** The focused element, looking inside shadow roots (document.activeElement is the host there). */
function deepActiveElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

const FOCUS_WAIT_MS = 2_000;

/** Focuses `element` if it is still on the page: now, or as soon as it stops being disabled. */
function restoreFocus(element: HTMLElement | null): void {
  if (element === null || !element.isConnected) return;
  if (!(element as HTMLButtonElement).disabled) {
    element.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if ((element as HTMLButtonElement).disabled) return;
    observer.disconnect();
    if (element.isConnected) element.focus();
  });
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), FOCUS_WAIT_MS);
}

export function useReauthentication(): ReauthenticationGuard {
  const [request, setRequest] = useState<ReauthenticationRequest | null>(null);
  const openRef = useRef<ReauthenticationRequest | null>(null);

  const close = useCallback((closing: ReauthenticationRequest, trigger: HTMLElement | null) => {
    if (openRef.current !== closing) return;
    openRef.current = null;
    setRequest(null);
    // After React removed the step (and the caller re-enabled its control).
    setTimeout(() => restoreFocus(trigger), 0);
  }, []);

  const guard = useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      const trigger = deepActiveElement();
      try {
        return await action();
      } catch (error) {
        const reason = reauthenticationReasonOf(error);
        if (reason === null) throw error;
        // One confirmation at a time: a newer change replaces an open one, which counts as cancelled.
        openRef.current?.cancel();
        return new Promise<T>((resolve, reject) => {
          let settled = false;
          const opened: ReauthenticationRequest = {
            reason,
            async confirmed() {
              if (settled) return;
              settled = true;
              try {
                resolve(await action());
              } catch (retryError) {
                reject(retryError);
              } finally {
                close(opened, trigger);
              }
            },
            cancel() {
              if (settled) return;
              settled = true;
              close(opened, trigger);
              reject(reauthenticationCancelledError());
            },
          };
          openRef.current = opened;
          setRequest(opened);
        });
      }
    },
    [close],
  );

  // Leaving the page (unmount) with the step open cancels it, so the guarded call settles.
  useEffect(() => () => openRef.current?.cancel(), []);

  return { request, guard };
}
