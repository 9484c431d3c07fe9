import { useEffect, useRef } from 'react';

/**
 * Focus to move once the screen has changed: `focusLater(id)` before a state
 * change, and after the next render the element with that id gets the focus
 * (a row just added, the field a refused save marked, a moved row's button).
 */
export function usePendingFocus(initial: string | null = null): (id: string) => void {
  const pending = useRef<string | null>(initial);
  useEffect(() => {
    const id = pending.current;
    if (!id) return;
    const target = document.getElementById(id);
    if (target) {
      pending.current = null;
      target.focus();
    }
  });
  return (id) => {
    pending.current = id;
  };
}
