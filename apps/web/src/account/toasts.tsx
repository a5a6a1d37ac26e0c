// The application's own toasts (SPEC §9 Toast durations: "the application wrapper's toasts auto-close after
// 5000 ms"). The widget has its own toaster inside its shadow root; the app frame had none, so the account page
// brings this small one: a polite live region that lists the current messages, each closing itself after 5 s or
// at once with its dismiss button. Errors that need reading stay inline (role=alert) beside what failed.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { STRINGS } from '../strings';

/** SPEC §9: "the application wrapper's toasts auto-close after 5000 ms". */
export const APP_TOAST_DURATION_MS = 5000;

interface Toast {
  id: number;
  message: string;
}

type Notify = (message: string) => void;

const ToastContext = createContext<Notify | null>(null);

/** The notify function of the nearest <AppToasts>. */
export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast needs an <AppToasts> above it');
  return notify;
}

export function AppToasts({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (message) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current, { id, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), APP_TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  // Leaving the page clears the pending timers (no state update after unmount).
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Always in the document so screen readers announce additions (a live region must exist beforehand). */}
      <section className="app-toasts" aria-label={STRINGS.account.notifications}>
        <div role="status" aria-live="polite" data-testid="app-toasts">
          {toasts.length > 0 ? (
            <ul className="plain-list">
              {toasts.map((toast) => (
                <li key={toast.id} className="app-toast">
                  <span>{toast.message}</span>{' '}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={STRINGS.account.dismissToast(toast.message)}
                    onClick={() => dismiss(toast.id)}
                  >
                    {STRINGS.account.dismiss}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
