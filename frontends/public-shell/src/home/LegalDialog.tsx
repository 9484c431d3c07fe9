import { X } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { LEGAL_TITLES, type LegalDocument } from './legal-documents';
import type { LegalSection } from './legal-text';

type LegalText = Record<LegalDocument, LegalSection[]>;

/** The text arrives with the first opening, not with the page (docs/public-site.md#page-speed); the module is then cached. */
const loadLegalText = (): Promise<LegalText> => import('./legal-text').then((m) => m.LEGAL_TEXT);

/**
 * docs/public-site.md#pages-and-routes, docs/public-site.md#states-and-fallbacks legal modal (none, privacy or terms), as the native
 * `<dialog>`: showModal() makes the page inert and traps focus, Escape closes
 * it, and focus goes back to the button that opened it. At most 90vh tall,
 * scrolling inside.
 */
export function LegalDialog({ open, onClose }: { open: LegalDocument | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [text, setText] = useState<LegalText | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    let current = true;
    loadLegalText().then(
      (loaded) => current && setText(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open]);

  const handleClose = () => {
    onClose();
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
  };
  // A click on the backdrop lands on the <dialog> itself (its content box fills it): close, like Escape.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };
  const close = () => ref.current?.close();

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="legal-dialog-title" onClose={handleClose} onClick={closeOnBackdrop}>
      <div className="dialog__panel">
        <div className="dialog__header">
          <h2 id="legal-dialog-title" className="dialog__title">
            {open ? LEGAL_TITLES[open] : ''}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={close}>
            <X size={20} aria-hidden />
          </button>
        </div>
        <div className="dialog__body">
          {open && text
            ? text[open].map((section) => (
                <section key={section.heading} className="legal-section">
                  <h3 className="legal-section__heading">{section.heading}</h3>
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </section>
              ))
            : open && (
                <p className="dialog__status" role="status">
                  {failed ? 'The text could not be loaded. Please check your connection and try again.' : 'Loading...'}
                </p>
              )}
        </div>
        <div className="dialog__footer">
          <button type="button" className="btn btn--brand" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
