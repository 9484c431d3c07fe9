import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { LEGAL_TEXT, LEGAL_TITLES, type LegalDocument } from './legal-text';

/** public spec §4 legal modal: none, privacy or terms; at most 90vh tall, scrolling inside. */
export function LegalDialog({ open, onClose }: { open: LegalDocument | null; onClose: () => void }) {
  return (
    <Dialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {open && (
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{LEGAL_TITLES[open]}</Dialog.Title>
              <Dialog.Close className="icon-button" aria-label="Close">
                <X size={20} aria-hidden />
              </Dialog.Close>
            </div>
            <div className="dialog__body">
              {LEGAL_TEXT[open].map((section) => (
                <section key={section.heading} className="legal-section">
                  <h3 className="legal-section__heading">{section.heading}</h3>
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </section>
              ))}
            </div>
            <div className="dialog__footer">
              <Dialog.Close className="btn btn--brand">Close</Dialog.Close>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
