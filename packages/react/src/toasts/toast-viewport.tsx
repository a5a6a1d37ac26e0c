// Toasts through react-hot-toast's headless store (useToaster), drawn by the widget itself so they render inside
// the widget's shadow root with its stylesheet. Loaded only when the first toast is shown (toast-region.tsx).
import { useEffect } from 'react';
import { type Toast, toast, useToaster } from 'react-hot-toast';
import { TOAST_LIMIT } from '../constants';
import { ErrorText } from '../error-strings';
import { ScreenStyles } from '../screen-styles';
import { TOAST_CSS } from './toast-css';
import { TOAST_OPTIONS } from './toast-options';

export { toast };

export interface ToastViewportProps {
  /** One toaster per widget instance, so two widgets on a page keep their toasts apart. */
  toasterId: string;
  helpLinkText: string;
}

export function ToastViewport({ toasterId, helpLinkText }: ToastViewportProps) {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS, toasterId);

  // SPEC §9: at most 20 toasts are kept; older visible ones beyond the limit are dismissed.
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const extra of visible.slice(TOAST_LIMIT)) toast.dismiss(extra.id, toasterId);
  }, [toasts, toasterId]);

  return (
    <>
      <ScreenStyles css={TOAST_CSS} />
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`gh-toast gh-toast-${item.type}`}
          data-toast-type={item.type}
          data-visible={item.visible ? 'true' : 'false'}
          aria-hidden={item.visible ? undefined : true}
          onMouseEnter={handlers.startPause}
          onMouseLeave={handlers.endPause}
        >
          <ToastMessage item={item} helpLinkText={helpLinkText} />
        </div>
      ))}
    </>
  );
}

function ToastMessage({ item, helpLinkText }: { item: Toast; helpLinkText: string }) {
  const message = typeof item.message === 'function' ? item.message(item) : item.message;
  if (typeof message !== 'string') return message;
  return <ErrorText error={{ message, helpUrl: null }} helpLinkText={helpLinkText} />;
}

export default ToastViewport;
