// The toasts' live region is part of the frame from the start (so announcements are reliable); the toast code
// itself (react-hot-toast) loads the first time a toast is shown.
import { lazy, Suspense } from 'react';

const ToastViewport = lazy(() => import('./toast-viewport'));

export interface ToastRegionProps {
  toasterId: string;
  active: boolean;
  label: string;
  helpLinkText: string;
}

export function ToastRegion({ toasterId, active, label, helpLinkText }: ToastRegionProps) {
  return (
    <div className="gh-toasts" role="status" aria-live="polite" aria-label={label}>
      {active ? (
        <Suspense fallback={null}>
          <ToastViewport toasterId={toasterId} helpLinkText={helpLinkText} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Shows a toast in the given toaster, loading react-hot-toast on first use. */
export async function showToast(options: {
  toasterId: string;
  kind: 'blank' | 'success' | 'error';
  message: string;
}): Promise<void> {
  const { toast } = await import('./toast-viewport');
  const toastOptions = { toasterId: options.toasterId };
  if (options.kind === 'success') toast.success(options.message, toastOptions);
  else if (options.kind === 'error') toast.error(options.message, toastOptions);
  else toast(options.message, toastOptions);
}
