import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { toasts } from './toast-store';

const noToast = () => null;
import './lead-capture.css';

/**
 * Draws the page's one toast (toast-store.ts). The live region is always in
 * the page, so a screen reader announces a toast as it appears; a toast
 * shown while another is up replaces it.
 */
export function Toaster() {
  // A submit the boot loader held is pressed again right after hydration, before this
  // component's effects run; its toast may come first. The store hook reads the toast
  // shown in between when it subscribes, where a plain subscribing effect would lose it.
  const toast = useSyncExternalStore(toasts.subscribe, toasts.current, noToast);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.id} className={`toast toast--${toast.variant}`}>
          <div className="toast__body">
            <p className="toast__title">{toast.title}</p>
            <p className="toast__text">{toast.description}</p>
          </div>
          <button type="button" className="toast__close" aria-label="Close notification" onClick={() => toasts.close(toast.id)}>
            <X size={18} aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
