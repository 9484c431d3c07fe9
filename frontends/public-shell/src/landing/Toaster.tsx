import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toasts, type Toast } from './toast-store';
import './lead-capture.css';

/**
 * Draws the page's one toast (toast-store.ts). The live region is always in
 * the page, so a screen reader announces a toast as it appears; a toast
 * shown while another is up replaces it.
 */
export function Toaster() {
  const [toast, setToast] = useState<Toast | null>(null);
  // No toast exists before the page is live (only a live form shows one): subscribing is enough.
  useEffect(() => toasts.subscribe(setToast), []);
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
