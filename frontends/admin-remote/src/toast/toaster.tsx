import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import './toast.css';

/** admin spec §8: default and destructive toasts; public spec §9: one visible at a time, 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A numbered list under the text (admin spec §8: the policy toast's next steps). */
  steps?: readonly string[];
  /** A link out (the policy toast's Google Ads URL). */
  link?: { href: string; label: string };
}

interface ShownToast extends ToastInput {
  id: number;
  open: boolean;
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

  const show = useCallback<ShowToast>((toast) => {
    setCurrent((previous) => ({ ...toast, id: (previous?.id ?? 0) + 1, open: true }));
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
            {/* A visible word, not only an icon (issue 24). */}
            <ToastPrimitive.Close className="adm-toast__close">
              <X size={14} aria-hidden />
              Close
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )}
        <ToastPrimitive.Viewport className="adm-toast-viewport" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
