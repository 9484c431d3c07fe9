/**
 * The page's toasts (docs/public-site.md#messages, docs/public-site.md#fixed-figures): one visible at a time (a new one
 * replaces the old), each gone after 5000 ms unless closed before. A tiny
 * store rather than a context, so any form on the page can show one and a
 * single <Toaster> draws it.
 */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  /** Grows with every toast shown, so a replacement is a new element (read out again). */
  id: number;
  title: string;
  description: string;
  variant: ToastVariant;
}

type Listener = (toast: Toast | null) => void;

export interface ToastStore {
  current(): Toast | null;
  show(toast: Omit<Toast, 'id'>): Toast;
  close(id?: number): void;
  subscribe(listener: Listener): () => void;
}

export function createToastStore(
  duration: number = TOAST_DURATION_MS,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ToastStore {
  let toast: Toast | null = null;
  let timer: unknown = null;
  let next = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toast));
  const stopTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  return {
    current: () => toast,
    show(shown) {
      stopTimer();
      const created = { ...shown, id: next++ };
      toast = created;
      timer = timers.set(() => {
        timer = null;
        if (toast?.id === created.id) {
          toast = null;
          emit();
        }
      }, duration);
      emit();
      return created;
    },
    close(id) {
      if (!toast || (id !== undefined && toast.id !== id)) return;
      stopTimer();
      toast = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's one store. */
export const toasts = createToastStore();
