import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import './toast.css';

/** docs/admin.md#messages: default and destructive toasts; docs/public-site.md#fixed-figures: one visible at a time, 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A numbered list under the text (docs/admin.md#messages: the policy toast's next steps). */
  steps?: readonly string[];
  /** A link out (the policy toast's Google Ads URL). */
  link?: { href: string; label: string };
}

interface ShownToast extends ToastInput {
  id: number;
  open: boolean;
  /** Which edge of the screen it shows at on wider screens (admin.css): away from the control that made it. */
  place: ToastPlace;
}

export type ToastPlace = 'top' | 'bottom';

/** What a click can be made on: the control a toast that follows answers. */
const CONTROL = 'button, a[href], input, select, textarea, summary, [role="button"], [role="menuitem"], [role="tab"], [role="option"]';

/**
 * Where a toast goes so that it never covers the control that made it: at the
 * edge of the screen opposite that control (a dialog's footer button, at the
 * bottom, gets its toast at the top). `rect` is the control's box, null when
 * none is known (the toast keeps the bottom).
 */
export function toastPlaceFor(rect: Pick<DOMRect, 'top' | 'height'> | null, viewportHeight: number): ToastPlace {
  if (!rect) return 'bottom';
  return rect.top + rect.height / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <Toaster>');
  return show;
}

/** Holds a single toast: a new one replaces the one on screen. */
export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  // The last control clicked (a key that presses a button or submits a form clicks it too), and its
  // box then: a toast usually follows a request, by when a dialog may have closed and taken it away.
  const lastControl = useRef<{ element: Element; rect: DOMRect } | null>(null);

  useEffect(() => {
    const remember = (event: MouseEvent) => {
      const element = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      if (element && !element.closest('.adm-toast-viewport')) lastControl.current = { element, rect: element.getBoundingClientRect() };
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  const show = useCallback<ShowToast>((toast) => {
    const control = lastControl.current;
    const rect = control ? (control.element.isConnected ? control.element.getBoundingClientRect() : control.rect) : null;
    const place = toastPlaceFor(rect && rect.height > 0 ? rect : null, window.innerHeight);
    setCurrent((previous) => ({ ...toast, id: (previous?.id ?? 0) + 1, open: true, place }));
  }, []);

  const onOpenChange = useCallback((open: boolean) => {
    setCurrent((previous) => (previous ? { ...previous, open } : previous));
  }, []);

  return (
    <ToastContext.Provider value={show}>
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current && (
          <ToastPrimitive.Root
            key={current.id}
            open={current.open}
            onOpenChange={onOpenChange}
            duration={current.duration}
            type={current.variant === 'destructive' ? 'foreground' : 'background'}
            className={`adm-toast ${current.variant === 'destructive' ? 'adm-toast--destructive' : ''}`}
          >
            <div className="adm-toast__body">
              <ToastPrimitive.Title className="adm-toast__title">{current.title}</ToastPrimitive.Title>
              {current.description && (
                <ToastPrimitive.Description className="adm-toast__description">
                  {current.description}
                </ToastPrimitive.Description>
              )}
              {current.steps && current.steps.length > 0 && (
                <ol className="adm-toast__steps">
                  {current.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              )}
              {current.link && (
                <a className="adm-toast__link" href={current.link.href} target="_blank" rel="noopener noreferrer">
                  {current.link.label}
                </a>
              )}
            </div>
            {/* A visible word, not only an icon. */}
            <ToastPrimitive.Close className="adm-toast__close">
              <X size={14} aria-hidden />
              Close
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )}
        <ToastPrimitive.Viewport className="adm-toast-viewport" data-place={current?.place ?? 'bottom'} />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
